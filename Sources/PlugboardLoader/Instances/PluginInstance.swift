import PlugboardABI
@_spi(Layers) import PlugboardCore

/// What every kind of plugin instance shares: the two construction steps (`create`, which may
/// return NULL, then `init`, which may fail), the calls every vtable has (`view`, `layout`,
/// `get_extension`, `destroy`), and the clean-up after `destroy` (the instance's `pb_host_t` is
/// cut off and every view it still owns released). Nothing leaks on any failure path.
package class PluginInstance {
    /// The common part of a kind's vtable: its C functions themselves, with the instance as a raw
    /// pointer (every kind declares them with the same C signatures, its own struct pointer
    /// first). No closures: a closure around each function was four heap blocks per instance,
    /// kept as long as the instance, and one indirect call more on every call.
    @usableFromInline struct VTable {
        typealias Initialize = @convention(c) (UnsafeRawPointer?) -> Bool
        typealias Destroy = @convention(c) (UnsafeRawPointer?) -> Void
        typealias View = @convention(c) (UnsafeRawPointer?) -> pb_view_t
        /// `layout(const pb_X_t *, double, double)`: the call made most often (every frame change).
        @usableFromInline typealias Layout = @convention(c) (UnsafeRawPointer?, Double, Double) -> Void
        typealias GetExtension = @convention(c) (UnsafeRawPointer?, UnsafePointer<CChar>?) -> UnsafeRawPointer?

        var initialize: Initialize?
        var destroy: Destroy?
        var view: View?
        @usableFromInline var layout: Layout?
        var getExtension: GetExtension?

        /// A kind's five functions, as its struct declares them (each a C function pointer whose
        /// first parameter is the kind's struct pointer).
        init<I, D, V, L, E>(initialize: I?, destroy: D?, view: V?, layout: L?, getExtension: E?) {
            func raw<F, G>(_ function: F?, _: G.Type) -> G? {
                precondition(MemoryLayout<F>.size == MemoryLayout<G>.size, "not a C function pointer")
                return function.map { unsafeBitCast($0, to: G.self) }
            }
            self.initialize = raw(initialize, Initialize.self)
            self.destroy = raw(destroy, Destroy.self)
            self.view = raw(view, View.self)
            self.layout = raw(layout, Layout.self)
            self.getExtension = raw(getExtension, GetExtension.self)
        }
    }

    package let library: PluginLibrary
    package let descriptor: PluginDescriptor
    package let host: InstanceHost
    /// The C instance; valid until `destroy`.
    @usableFromInline let raw: UnsafeRawPointer
    @usableFromInline let vtable: VTable
    // Unchecked: read on every call into the plugin; written only by `destroy` on the same thread.
    @exclusivity(unchecked) package private(set) var isDestroyed = false

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
                PluginCallTracker.track(Self.describe("destroy", kind, pluginID, library.path)) { destroy(created) }
            }
            Self.cleanUp(host)
            throw .incompleteInstance(path: library.path, plugin: pluginID, function: missing.0)
        }
        self.library = library
        self.descriptor = descriptor
        self.host = host
        self.raw = UnsafeRawPointer(created)
        self.vtable = table
        let initialize = table.initialize!
        guard PluginCallTracker.track(Self.describe("init", kind, pluginID, library.path), { initialize(created) })
        else {
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
    /// is made only when someone observes calls (`layout(390.0, 844.0)` costs more to format than
    /// the call itself). Inlined: it is on every call into a plugin.
    @inline(__always)
    func call<Result>(_ function: @autoclosure () -> String, _ body: () -> Result) -> Result {
        PluginCallTracker.track(Self.describe(function(), descriptor.kind, descriptor.id, library.path), body)
    }

    /// The C instance as its kind's struct, or nil once destroyed.
    func instance<Instance>(as type: Instance.Type) -> UnsafePointer<Instance>? {
        isDestroyed ? nil : raw.assumingMemoryBound(to: type)
    }

    /// The instance's root view, or nil once destroyed.
    package var view: ViewHandle? {
        guard !isDestroyed, let view = vtable.view else { return nil }
        let instance = raw
        let handle = call("view") { view(instance) }
        guard handle != PB_VIEW_NONE else { return nil }
        return ViewHandle(handle)
    }

    /// The host has sized the root view. Inlinable, with the observed path out of line, for
    /// the reason `ScreenInstance.send` is: it is the call the host makes most often.
    @inlinable
    package final func layout(width: Double, height: Double) {
        guard !isDestroyed, let layout = vtable.layout else { return }
        if !PluginCallTracker.isObserved { layout(raw, width, height) } else { layoutTracked(layout, width, height) }
    }

    @usableFromInline @inline(never)
    final func layoutTracked(_ layout: VTable.Layout, _ width: Double, _ height: Double) {
        let instance = raw
        call("layout(\(width), \(height))") { layout(instance, width, height) }
    }

    /// The extension `id` the instance answers, or nil when absent.
    package func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard !isDestroyed, let getExtension = vtable.getExtension else { return nil }
        let instance = raw
        return call("get_extension(\"\(id)\")") { id.withCString { getExtension(instance, $0) } }
    }

    /// Calls `destroy` once, then cuts the instance off and releases the views it left.
    package func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        if let destroy = vtable.destroy {
            let instance = raw
            call("destroy") { destroy(instance) }
        }
        Self.cleanUp(host)
    }
}

/// Calls `body` with a C string for `string`, or NULL for nil.
package func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

/// Calls `body` with C strings for three strings (NULL for nil). `withCString` hands out a native
/// string's own bytes; passing a `String` where C wants a pointer copies it into a new array
/// first, and the texts handed to `create` and `customize_for_screen` are whole models.
func withCStrings<R>(
    _ a: String?, _ b: String?, _ c: String?,
    _ body: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> R
) -> R {
    withOptionalCString(a) { a in withOptionalCString(b) { b in withOptionalCString(c) { c in body(a, b, c) } } }
}

/// The same for four strings.
func withCStrings<R>(
    _ a: String?, _ b: String?, _ c: String?, _ d: String?,
    _ body: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> R
) -> R {
    withCStrings(a, b, c) { a, b, c in withOptionalCString(d) { d in body(a, b, c, d) } }
}
