import PlugboardABI

/// A live screen plugin instance (`pb_screen_t`), with its appearance state kept by the host so
/// lifecycle calls always come in order.
public final class ScreenInstance: PluginInstance {
    public private(set) var appearance = AppearanceState.disappeared

    /// Creates and initialises the screen `pluginID` of `library` (create → init). A NULL
    /// `create` or a false `init` is reported as a `PluginLoadError`; nothing leaks.
    public init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        screenJSON: String, dataSourceJSON: String?, delegate: (any ScreenHostDelegate)? = nil,
        navigation: (any NavigationHostDelegate)? = nil
    ) throws(PluginLoadError) {
        try super.init(
            library: library, pluginID: pluginID, kind: .screen, environment: environment,
            create: { factory, host in
                host.screenDelegate = delegate
                host.navigationDelegate = navigation
                let factory = factory.assumingMemoryBound(to: pb_screen_factory_t.self)
                return withOptionalCString(dataSourceJSON) { dataSource in
                    factory.pointee.create?(factory, host.cHost, pluginID, pluginJSON, screenJSON, dataSource)
                }
            },
            vtable: { screen in
                let c = screen.pointee
                return VTable(
                    initialize: c.`init`.map { function in { function(screen) } },
                    destroy: c.destroy.map { function in { function(screen) } },
                    view: c.view.map { function in { function(screen) } },
                    layout: c.layout.map { function in { function(screen, $0, $1) } },
                    getExtension: c.get_extension.map { function in { function(screen, $0) } })
            })
    }

    private var screen: UnsafePointer<pb_screen_t>? { instance(as: pb_screen_t.self) }

    /// `will_appear` then `did_appear`, unless the screen already appeared. `observe` hears each
    /// event just before the plugin does.
    public func appear(observe: (LifecycleEvent) -> Void = { _ in }) {
        guard let screen, appearance == .disappeared else { return }
        appearance = .appearing
        observe(.willAppear)
        if let function = screen.pointee.will_appear { call("will_appear") { function(screen) } }
        appearance = .appeared
        observe(.didAppear)
        if let function = screen.pointee.did_appear { call("did_appear") { function(screen) } }
    }

    /// `will_disappear` then `did_disappear`, unless the screen is not shown.
    public func disappear(observe: (LifecycleEvent) -> Void = { _ in }) {
        guard let screen, appearance == .appeared else { return }
        appearance = .disappearing
        observe(.willDisappear)
        if let function = screen.pointee.will_disappear { call("will_disappear") { function(screen) } }
        appearance = .disappeared
        observe(.didDisappear)
        if let function = screen.pointee.did_disappear { call("did_disappear") { function(screen) } }
    }

    /// Hands the route's data to the screen before it appears (`plugboard.ext.attributes`).
    /// False when the screen does not answer the extension.
    @discardableResult
    public func updateAttributes(data: String?, objectJSON: String?) -> Bool {
        guard let screen,
            let update = `extension`(PB_EXT_ATTRIBUTES)?.assumingMemoryBound(to: pb_screen_attributes_t.self).pointee
                .update_with_attributes
        else { return false }
        withOptionalCString(data) { data in
            withOptionalCString(objectJSON) { object in call("update_with_attributes") { update(screen, data, object) }
            }
        }
        return true
    }

    /// Disappears first when shown, then destroys.
    public override func destroy() {
        disappear()
        super.destroy()
    }
}
