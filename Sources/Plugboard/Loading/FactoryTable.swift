import PlugboardABI

/// A factory struct of one kind, seen through the part all kinds share (count, descriptors).
struct FactoryTable {
    let kind: PluginKind
    let pointer: UnsafeRawPointer

    /// The descriptor pointers the factory lists; NULL entries are kept so errors can name them.
    func descriptorPointers() -> [UnsafePointer<pb_plugin_descriptor_t>?] {
        switch kind {
        case .screen:
            let factory = pointer.assumingMemoryBound(to: pb_screen_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return [] }
            return (0..<count(factory)).map { get(factory, $0) }
        case .navBar:
            let factory = pointer.assumingMemoryBound(to: pb_nav_bar_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return [] }
            return (0..<count(factory)).map { get(factory, $0) }
        case .root:
            let factory = pointer.assumingMemoryBound(to: pb_root_factory_t.self)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor else { return [] }
            return (0..<count(factory)).map { get(factory, $0) }
        }
    }
}
