import PlugboardABI

/// What every kind of plugin instance shares: the two construction steps (`create`, which may
/// return NULL, then `init`, which may fail), the calls every vtable has (`view`, `layout`,
/// `get_extension`, `destroy`), and the clean-up after `destroy` (the instance's `pb_host_t` is
/// cut off and every view it still owns released). Nothing leaks on any failure path.
public class PluginInstance {
    /// The common part of a kind's vtable, bound to one C instance.
    struct VTable {
        var initialize: (() -> Bool)?
        var destroy: (() -> Void)?
        var view: (() -> pb_view_t)?
        var layout: ((Double, Double) -> Void)?
        var getExtension: ((String) -> UnsafeRawPointer?)?
    }

    public let library: PluginLibrary
    public let descriptor: PluginDescriptor
    public let host: InstanceHost
    /// The C instance; valid until `destroy`.
    let raw: UnsafeRawPointer
    private let vtable: VTable
    public private(set) var isDestroyed = false

    /// Finds the descriptor and factory, gives the instance its own `pb_host_t`, calls `create`
    /// (through `create`, which knows the kind's factory), checks the required functions, then
    /// calls `init`.
    init<Instance>(
        library: PluginLibrary, pluginID: String, kind: PluginKind, environment: PlugboardHost,
        create: (UnsafeRawPointer, InstanceHost) -> UnsafePointer<Instance>?,
        vtable: (UnsafePointer<Instance>) -> VTable
    ) throws(PluginLoadError) {
        let factory = try library.factory(kind).pointer
        let descriptor = try library.descriptor(named: pluginID, kind: kind)
        let host = environment.makeInstanceHost(pluginID: pluginID, kind: kind)
        host.isInCreate = true
        let created = PluginCallTracker.track(Self.describe("create", kind, pluginID, library.path)) {
            create(factory, host)
        }
        host.isInCreate = false
        guard let created else {
            Self.cleanUp(host)
            throw .createReturnedNull(path: library.path, plugin: pluginID)
        }
        // A wild instance pointer crashes here, in host code: tracked as the plugin's.
        let table = PluginCallTracker.track(
            Self.describe("reading the instance create returned", kind, pluginID, library.path)
        ) {
            vtable(created)
        }
        let required = [
            ("init", table.initialize != nil), ("destroy", table.destroy != nil), ("view", table.view != nil),
        ]
        if let missing = required.first(where: { !$0.1 }) {
            if let destroy = table.destroy {
                PluginCallTracker.track(Self.describe("destroy", kind, pluginID, library.path), destroy)
            }
            Self.cleanUp(host)
            throw .incompleteInstance(path: library.path, plugin: pluginID, function: missing.0)
        }
        self.library = library
        self.descriptor = descriptor
        self.host = host
        self.raw = UnsafeRawPointer(created)
        self.vtable = table
        guard PluginCallTracker.track(Self.describe("init", kind, pluginID, library.path), table.initialize!) else {
            destroy()
            throw .instanceInitFailed(path: library.path, plugin: pluginID)
        }
    }

    deinit { destroy() }

    private static func cleanUp(_ host: InstanceHost) {
        host.detach()
        host.viewsLeftAtDestroy = host.views.releaseAll(ownedBy: host.owner)
    }

    private static func describe(
        _ function: String, _ kind: PluginKind, _ plugin: String, _ library: String
    ) -> PluginCall {
        PluginCallTracker.describe(function, kind: kind, plugin: plugin, library: library)
    }

    /// Runs `body`, a call into this instance's plugin code named `function`, tracked. The name
    /// is made only when an observer listens (`layout(390.0, 44.0)` costs more than the call).
    func call<Result>(_ function: @autoclosure () -> String, _ body: () -> Result) -> Result {
        PluginCallTracker.track(Self.describe(function(), descriptor.kind, descriptor.id, library.path), body)
    }

    /// The C instance as its kind's struct, or nil once destroyed.
    func instance<Instance>(as type: Instance.Type) -> UnsafePointer<Instance>? {
        isDestroyed ? nil : raw.assumingMemoryBound(to: type)
    }

    /// The instance's root view, or nil once destroyed.
    public var view: ViewHandle? {
        guard !isDestroyed, let view = vtable.view else { return nil }
        let handle = call("view", view)
        guard handle != PB_VIEW_NONE else { return nil }
        return ViewHandle(handle)
    }

    /// The host has sized the root view.
    public func layout(width: Double, height: Double) {
        guard !isDestroyed, let layout = vtable.layout else { return }
        call("layout(\(width), \(height))") { layout(width, height) }
    }

    /// The extension `id` the instance answers, or nil when absent.
    public func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard !isDestroyed, let getExtension = vtable.getExtension else { return nil }
        return call("get_extension(\"\(id)\")") { getExtension(id) }
    }

    /// Calls `destroy` once, then cuts the instance off and releases the views it left.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        if let destroy = vtable.destroy { call("destroy", destroy) }
        Self.cleanUp(host)
    }
}

/// Calls `body` with a C string for `string`, or NULL for nil.
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
