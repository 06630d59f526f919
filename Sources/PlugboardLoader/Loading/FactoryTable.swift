import PlugboardABI
@_spi(Layers) import PlugboardCore

/// A factory struct of one kind, seen through the part all kinds share (count, descriptors).
package struct FactoryTable {
    /// More plugins than any library plausibly holds: a larger `count` is a broken factory, and
    /// reading that many descriptors would exhaust memory (a count of 4 billion aborts the host).
    package static let maximumCount: UInt32 = 1024

    package let kind: PluginKind
    package let pointer: UnsafeRawPointer
    /// The library's path, to name the calls and errors.
    let path: String

    package init(kind: PluginKind, pointer: UnsafeRawPointer, path: String) {
        self.kind = kind
        self.pointer = pointer
        self.path = path
    }

    /// `count` and `get_descriptor` of the factory, whatever its kind.
    var functions: (count: () -> UInt32, descriptor: (UInt32) -> UnsafePointer<pb_plugin_descriptor_t>?)? {
        switch kind {
        case .screen:
            let factory = pointer.assumingMemoryBound(to: pb_screen_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return nil }
            return ({ count(factory) }, { get(factory, $0) })
        case .navBar:
            let factory = pointer.assumingMemoryBound(to: pb_nav_bar_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return nil }
            return ({ count(factory) }, { get(factory, $0) })
        case .root:
            let factory = pointer.assumingMemoryBound(to: pb_root_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return nil }
            return ({ count(factory) }, { get(factory, $0) })
        }
    }

    /// The factory's `count`, each call tracked.
    package func count() -> UInt32? {
        guard let functions else { return nil }
        return PluginCallTracker.track(describe("count")) { functions.count() }
    }

    /// The factory's `get_descriptor(index)`, tracked.
    package func descriptor(at index: UInt32) -> UnsafePointer<pb_plugin_descriptor_t>? {
        guard let functions else { return nil }
        return PluginCallTracker.track(describe("get_descriptor(\(index))")) { functions.descriptor(index) }
    }

    /// The descriptor pointers the factory lists; NULL entries are kept so errors can name them.
    /// A count above `maximumCount` is refused before any descriptor is read.
    func descriptorPointers() throws(PluginLoadError) -> [UnsafePointer<pb_plugin_descriptor_t>?] {
        guard let count = count() else { return [] }
        guard count <= Self.maximumCount else {
            throw .implausibleCount(path: path, factory: kind.factoryID, count: count, maximum: Self.maximumCount)
        }
        return (0..<count).map { descriptor(at: $0) }
    }

    private func describe(_ function: String) -> PluginCall {
        PluginCallTracker.describe("\(kind.factoryID) \(function)", library: path)
    }
}
