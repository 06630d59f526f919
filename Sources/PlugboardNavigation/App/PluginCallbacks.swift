import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// What plugin instances call back into the app through: the delegate each `InstanceHost` holds
/// weakly, for every kind of call (screen, navigation, routing, routes, bar, root).
///
/// A separate object, owned by the app alone, so the weak references point at it and not at
/// the app or its bar manager: an object weakly referenced even once carries a side table for
/// good, and every retain and release of it then takes the runtime's slow path. The app and the
/// manager are retained on every tap; with them weakly referenced, a fifth of a tap's
/// instructions went to those slow paths. When the app goes, so does this object, and every
/// host's reference to it turns nil.
final class PluginCallbacks {
    /// Unowned, not weak, for the same reason; the app owns this object and outlives it.
    unowned let app: PlugboardApp

    init(app: PlugboardApp) { self.app = app }
}

extension PluginCallbacks: ScreenHostDelegate {
    func close(_ host: InstanceHost) -> Bool { app.close(host) }
    func screenBarChanged(_ host: InstanceHost) { app.screenBarChanged(host) }
}

extension PluginCallbacks: NavigationHostDelegate {
    func navigation(
        _ host: InstanceHost, open screenID: String, dataSource: JSONValue?, mode: ScreenPresentation?
    ) -> Bool {
        app.navigation(host, open: screenID, dataSource: dataSource, mode: mode)
    }

    func screenExists(_ screenID: String) -> Bool { app.screenExists(screenID) }
}

extension PluginCallbacks: RoutingHostDelegate {
    func route(
        _ host: InstanceHost, steps: [PluginRouteStep], enqueue: Bool, object: JSONValue?,
        completion: @escaping (PluginRouteOutcome) -> Void
    ) -> String? {
        app.route(host, steps: steps, enqueue: enqueue, object: object, completion: completion)
    }
}

extension PluginCallbacks: RoutesHostDelegate {
    func updateRoutes(_ host: InstanceHost, _ changes: [AppRoutes.Change]) -> String? {
        app.updateRoutes(host, changes)
    }

    var routeList: [AppRoutes.Route] { app.routeList }

    var isListingRoutes: Bool {
        get { app.isListingRoutes }
        set { app.isListingRoutes = newValue }
    }
}

extension PluginCallbacks: NavigationBarHostDelegate {
    func navigationBar(_ host: InstanceHost, pressed button: BarButton, navItemID: String?) {
        app.manager.navigationBar(host, pressed: button, navItemID: navItemID)
    }

    func navigationBar(_ host: InstanceHost, makeButtonFor navItemID: String) -> ViewHandle? {
        app.manager.navigationBar(host, makeButtonFor: navItemID)
    }

    func isSpecialButtonUsedByRoot() -> Bool { app.manager.isSpecialButtonUsedByRoot() }
}

extension PluginCallbacks: RootHostDelegate {
    func screenContainer(for host: InstanceHost) -> ViewHandle { app.manager.screenContainer(for: host) }
    func root(_ host: InstanceHost, openItem navItemID: String) -> Bool { app.manager.root(host, openItem: navItemID) }
}
