/// The plugins of several libraries, indexed by id: where the host looks up the library that
/// serves a manifest's `api.class_name` / `identifier`. Two libraries describing the same id is
/// an error, because which one would run would depend on load order.
package struct PluginCatalog {
    package private(set) var libraries: [PluginLibrary] = []
    private var index: [String: (library: PluginLibrary, descriptor: PluginDescriptor)] = [:]

    package init(_ libraries: [PluginLibrary] = []) throws(PluginLoadError) {
        for library in libraries { try add(library) }
    }

    /// Adds a library's plugins; refuses an id another library already describes.
    package mutating func add(_ library: PluginLibrary) throws(PluginLoadError) {
        guard !libraries.contains(where: { $0 === library }) else { return }
        for descriptor in library.descriptors {
            if let existing = index[descriptor.id] {
                throw .duplicateIdentifier(
                    id: descriptor.id, firstPath: existing.library.path, secondPath: library.path)
            }
        }
        for descriptor in library.descriptors { index[descriptor.id] = (library, descriptor) }
        libraries.append(library)
    }

    /// The library and descriptor of plugin `id`, or nil.
    package func plugin(_ id: String) -> (library: PluginLibrary, descriptor: PluginDescriptor)? { index[id] }

    /// Every plugin id, sorted.
    package var ids: [String] { index.keys.sorted() }
}
