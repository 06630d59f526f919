import PlugboardABI

/// A live navigation-bar adapter instance: owns the C instance and calls through its vtable.
/// Its host answers the nav-bar callbacks through `delegate` and the customization helper
/// through `appearance`.
public final class NavigationBarInstance {
    public let library: PluginLibrary
    public let descriptor: PluginDescriptor
    public let host: InstanceHost
    private var instance: UnsafePointer<pb_nav_bar_t>?

    /// Creates and initialises the bar `pluginID` (create → init). `delegate` and `appearance`
    /// are in place before `init`, so the bar may ask for buttons and styles there.
    public init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        navBarJSON: String, delegate: (any NavigationBarHostDelegate)?, appearance: NavigationBarAppearance
    ) throws(PluginLoadError) {
        let made = try CreatedInstance<pb_nav_bar_t>(
            library: library, pluginID: pluginID, kind: .navBar, environment: environment,
            create: { factory, host in
                host.navigationBarDelegate = delegate
                host.appearance = appearance
                let factory = factory.assumingMemoryBound(to: pb_nav_bar_factory_t.self)
                return factory.pointee.create?(factory, host.cHost, pluginID, pluginJSON, navBarJSON)
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

    public var view: ViewHandle? {
        guard let instance else { return nil }
        let raw = instance.pointee.view!(instance)
        return raw == 0 ? nil : ViewHandle(raw)
    }

    public func layout(width: Double, height: Double) {
        guard let instance else { return }
        instance.pointee.layout?(instance, width, height)
    }

    /// Applies a screen's bar model: the customization helper answers `appearance` from now on.
    public func customize(
        screenJSON: String, navBarJSON: String, dataSourceJSON: String?, appearance: NavigationBarAppearance
    ) {
        guard let instance else { return }
        host.appearance = appearance
        withOptionalCString(dataSourceJSON) { dataSource in
            instance.pointee.customize_for_screen?(instance, screenJSON, navBarJSON, dataSource)
        }
    }

    public func updateTitle(_ title: String) {
        guard let instance else { return }
        instance.pointee.update_title?(instance, title)
    }

    public func setContextButton(_ button: ContextButton) {
        guard let instance else { return }
        instance.pointee.set_context_button?(instance, button.cValue)
    }

    public func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard let instance else { return nil }
        return instance.pointee.get_extension?(instance, id)
    }

    public func destroy() {
        guard let instance else { return }
        self.instance = nil
        instance.pointee.destroy?(instance)
        host.detach()
        host.views.releaseAll(ownedBy: host.owner)
    }

    public var isDestroyed: Bool { instance == nil }
}
