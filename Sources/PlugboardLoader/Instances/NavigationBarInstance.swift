import PlugboardABI
import PlugboardCore

/// A live navigation-bar adapter instance (`pb_nav_bar_t`). Its host answers the nav-bar
/// callbacks through `delegate` and the customization helper through `appearance`.
package final class NavigationBarInstance: PluginInstance {
    /// Creates and initialises the bar `pluginID` (create → init). `delegate` and `appearance`
    /// are in place before `init`, so the bar may ask for buttons and styles there.
    package init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        navBarJSON: String, delegate: (any NavigationBarHostDelegate)?, appearance: NavigationBarAppearance
    ) throws(PluginLoadError) {
        try super.init(
            library: library, pluginID: pluginID, kind: .navBar, environment: environment,
            create: { factory, host in
                host.navigationBarDelegate = delegate
                host.appearance = appearance
                host.models.set(.plugin, pluginJSON)
                host.models.set(.navBar, navBarJSON)
                let factory = factory.assumingMemoryBound(to: pb_nav_bar_factory_t.self)
                return withCStrings(pluginID, pluginJSON, navBarJSON) {
                    factory.pointee.create?(factory, host.cHost, $0, $1, $2)
                }
            },
            vtable: { bar in
                let c = bar.pointee
                return VTable(
                    initialize: c.`init`, destroy: c.destroy, view: c.view, layout: c.layout,
                    getExtension: c.get_extension)
            })
    }

    private var bar: UnsafePointer<pb_nav_bar_t>? { instance(as: pb_nav_bar_t.self) }

    /// Applies a screen's bar model: the customization helper answers `appearance` from now on.
    package func customize(
        screenJSON: String, navBarJSON: String, dataSourceJSON: String?, appearance: NavigationBarAppearance
    ) {
        guard let bar else { return }
        host.appearance = appearance
        host.models.set(.screen, screenJSON)
        host.models.set(.navBar, navBarJSON)
        host.models.set(.dataSource, dataSourceJSON)
        guard let customize = bar.pointee.customize_for_screen else { return }
        withCStrings(screenJSON, navBarJSON, dataSourceJSON) { screen, navBar, dataSource in
            call("customize_for_screen") { customize(bar, screen, navBar, dataSource) }
        }
    }

    package func updateTitle(_ title: String) {
        guard let bar else { return }
        guard let update = bar.pointee.update_title else { return }
        title.withCString { title in call("update_title") { update(bar, title) } }
    }

    package func setContextButton(_ button: ContextButton) {
        guard let bar else { return }
        guard let set = bar.pointee.set_context_button else { return }
        // The raw value, not the case by reflection, which cost a tap a search of conformances.
        call("set_context_button(\(button.rawValue))") { set(bar, button.cValue) }
    }
}
