import PlugboardABI

/// The first construction step shared by every kind: find the descriptor and factory, give the
/// instance its own `pb_host_t`, call `create`, and check the vtable the ABI requires. A NULL
/// `create` or an incomplete vtable is reported and leaves nothing behind.
struct CreatedInstance<Instance> {
    let descriptor: PluginDescriptor
    let host: InstanceHost
    let pointer: UnsafePointer<Instance>

    init(
        library: PluginLibrary, pluginID: String, kind: PluginKind, environment: PlugboardHost,
        create: (UnsafeRawPointer, InstanceHost) -> UnsafePointer<Instance>?,
        required: (Instance) -> [(name: String, present: Bool)],
        destroy: (UnsafePointer<Instance>) -> Void
    ) throws(PluginLoadError) {
        let factory = try library.factory(kind).pointer
        descriptor = try library.descriptor(named: pluginID, kind: kind)
        host = environment.makeInstanceHost(pluginID: pluginID, kind: kind)
        guard let created = create(factory, host) else {
            host.detach()
            host.views.releaseAll(ownedBy: host.owner)
            throw .createReturnedNull(path: library.path, plugin: pluginID)
        }
        if let missing = required(created.pointee).first(where: { !$0.present }) {
            destroy(created)
            host.detach()
            host.views.releaseAll(ownedBy: host.owner)
            throw .incompleteInstance(path: library.path, plugin: pluginID, function: missing.name)
        }
        pointer = created
    }
}

/// Calls `body` with a C string for `string`, or NULL for nil.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
