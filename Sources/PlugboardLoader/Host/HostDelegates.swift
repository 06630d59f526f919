import PlugboardConfig
import PlugboardCore

/// The navigation-bar manager as a bar instance reaches it (`pb_host_nav_bar_t`).
package protocol NavigationBarHostDelegate: AnyObject {
    /// An element of the bar was pressed (ZPNavigationBarViewDelegate).
    func navigationBar(_ host: InstanceHost, pressed button: BarButton, navItemID: String?)
    /// Make the navigation button for a nav item of the bar's model, owned by `host`'s instance.
    func navigationBar(_ host: InstanceHost, makeButtonFor navItemID: String) -> ViewHandle?
    /// True when the root answers special-action (isSpecialButtonUsedByRoot).
    func isSpecialButtonUsedByRoot() -> Bool
}

/// The root container as a root instance reaches it (`pb_host_root_t`).
package protocol RootHostDelegate: AnyObject {
    /// The host-owned container the current screen stack is shown in.
    func screenContainer(for host: InstanceHost) -> ViewHandle
    /// The user picked a nav item in the root's menu. False for an unknown id.
    func root(_ host: InstanceHost, openItem navItemID: String) -> Bool
}

/// The container as a screen instance reaches it (`pb_host_screen_t`).
package protocol ScreenHostDelegate: AnyObject {
    /// The screen asks to be closed (dismissed or popped). False when it cannot be.
    func close(_ host: InstanceHost) -> Bool
    /// The screen changed its own bar's values (`plugboard.host.screen-bar`, in `host.screenBar`).
    func screenBarChanged(_ host: InstanceHost)
}

/// The navigation engine as screen and root instances reach it (`pb_host_navigation_t`).
package protocol NavigationHostDelegate: AnyObject {
    /// Opens the rivers.json screen `screenID` with `dataSource`, pushed or presented as `mode`
    /// says (nil: the screen's own `styles.presentation`), from where the calling instance is
    /// shown. False for an unknown screen.
    func navigation(
        _ host: InstanceHost, open screenID: String, dataSource: JSONValue?, mode: ScreenPresentation?
    ) -> Bool
    /// True when rivers.json has the screen.
    func screenExists(_ screenID: String) -> Bool
}

/// A route change a plugin asks for through `plugboard.host.routing` (`pb_route_step_t`),
/// checked and copied.
package struct PluginRouteStep: Sendable, Equatable {
    package enum Operation: Sendable, Equatable {
        case push(key: String, data: String?)
        case root(key: String, data: String?)
        case present(String)
        case dismiss(String)
        case pop(Int)
        case openURL(String)
    }
    package var operation: Operation
    /// False: the step takes no time.
    package var animated: Bool

    package init(_ operation: Operation, animated: Bool) {
        self.operation = operation
        self.animated = animated
    }
}

/// How a plugin's transition ended (`pb_route_outcome_t` and its reason).
package enum PluginRouteOutcome: Sendable, Equatable {
    case ran
    case failed(String)
    case cancelled(String)
}

/// The router as screen and root instances reach it (`pb_host_routing_t`).
package protocol RoutingHostDelegate: AnyObject {
    /// Runs `steps` as one transition, now or (`enqueue`) behind the running ones; `object` goes
    /// to the last screen a step pushes or makes root. Returns why it was refused (nothing then
    /// reaches `completion`), or nil: `completion` then hears, once, how it ended.
    func route(
        _ host: InstanceHost, steps: [PluginRouteStep], enqueue: Bool, object: JSONValue?,
        completion: @escaping (PluginRouteOutcome) -> Void
    ) -> String?
}

/// The app's routes as screen and root instances reach them (`pb_host_routes_t`).
package protocol RoutesHostDelegate: AnyObject {
    /// Applies `changes`, all or none; returns why they were refused, or nil.
    func updateRoutes(_ host: InstanceHost, _ changes: [AppRoutes.Change]) -> String?
    /// Every route, by key.
    var routeList: [AppRoutes.Route] { get }
    /// True while a plugin's visitor walks `routeList` (`list_routes`): changes are refused
    /// then, so the list never changes under it. Per app, as apps may run side by side.
    var isListingRoutes: Bool { get set }
}
