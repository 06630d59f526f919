import PlugboardABI

/// A live screen plugin instance: owns the C instance and calls through its vtable.
public final class ScreenInstance {
    public let library: PluginLibrary
    public let descriptor: PluginDescriptor
    public let host: InstanceHost
    private var instance: UnsafePointer<pb_screen_t>?
    public private(set) var appearance = AppearanceState.disappeared

    /// Creates and initialises the screen `pluginID` of `library` (create → init). A NULL
    /// `create` or a false `init` is reported as a `PluginLoadError`; nothing leaks.
    public init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        screenJSON: String, dataSourceJSON: String?, delegate: (any ScreenHostDelegate)? = nil
    ) throws(PluginLoadError) {
        let made = try CreatedInstance<pb_screen_t>(
            library: library, pluginID: pluginID, kind: .screen, environment: environment,
            create: { factory, host in
                host.screenDelegate = delegate
                let factory = factory.assumingMemoryBound(to: pb_screen_factory_t.self)
                return withOptionalCString(dataSourceJSON) { dataSource in
                    factory.pointee.create?(factory, host.cHost, pluginID, pluginJSON, screenJSON, dataSource)
                }
            },
            required: { [("init", $0.`init` != nil), ("destroy", $0.destroy != nil), ("view", $0.view != nil)] },
            destroy: { $0.pointee.destroy?($0) })
        self.library = library
        self.descriptor = made.descriptor
        self.host = made.host
        self.instance = made.pointer
        guard made.pointer.pointee.`init`!(made.pointer) else {
            destroy()
            throw .instanceInitFailed(path: library.path, plugin: pluginID)
        }
    }

    deinit { destroy() }

    /// The screen's root view, or nil once destroyed.
    public var view: ViewHandle? {
        guard let instance else { return nil }
        let raw = instance.pointee.view!(instance)
        return raw == 0 ? nil : ViewHandle(raw)
    }

    public func layout(width: Double, height: Double) {
        guard let instance else { return }
        instance.pointee.layout?(instance, width, height)
    }

    /// `will_appear` then `did_appear`, unless the screen already appeared. `observe` hears each
    /// event just before the plugin does.
    public func appear(observe: (LifecycleEvent) -> Void = { _ in }) {
        guard let instance, appearance == .disappeared else { return }
        appearance = .appearing
        observe(.willAppear)
        instance.pointee.will_appear?(instance)
        appearance = .appeared
        observe(.didAppear)
        instance.pointee.did_appear?(instance)
    }

    /// `will_disappear` then `did_disappear`, unless the screen is not shown.
    public func disappear(observe: (LifecycleEvent) -> Void = { _ in }) {
        guard let instance, appearance == .appeared else { return }
        appearance = .disappearing
        observe(.willDisappear)
        instance.pointee.will_disappear?(instance)
        appearance = .disappeared
        observe(.didDisappear)
        instance.pointee.did_disappear?(instance)
    }

    /// The screen extension `id`, or nil when absent.
    public func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard let instance else { return nil }
        return instance.pointee.get_extension?(instance, id)
    }

    /// Disappears if shown, calls `destroy`, then releases every view the instance left.
    public func destroy() {
        guard let instance else { return }
        disappear()
        self.instance = nil
        instance.pointee.destroy?(instance)
        host.detach()
        host.views.releaseAll(ownedBy: host.owner)
    }

    public var isDestroyed: Bool { instance == nil }
}
