import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import Synchronization

/// The host side a test's plugin talks to: the real view tree and host tables, with delegates
/// that answer like the app would and record what the plugin asked, when and from which thread.
final class RecordingHost: NavigationBarHostDelegate, RootHostDelegate, ScreenHostDelegate, NavigationHostDelegate,
    RoutingHostDelegate, RoutesHostDelegate
{
    /// One call a plugin made into the host.
    struct HostCall: Sendable {
        var plugin: String
        var function: String
        var duringCreate: Bool
        var onMainThread: Bool
    }

    let environment: PlugboardHost
    private let mainThread = pthread_self()
    /// Host calls may come from any thread (that is one thing the tests check).
    private final class CallLog: Sendable {
        let calls = Mutex<[HostCall]>([])
    }
    private let log = CallLog()

    /// What the bar reported through the view delegate, in order.
    private(set) var presses: [(button: BarButton, navItem: String?)] = []
    /// The nav items the bar asked a navigation button for.
    private(set) var requestedButtons: [String] = []
    /// What `is_special_button_used_by_root` answers.
    var specialButtonUsed = true
    /// The nav items the root asked the host to open.
    private(set) var openedItems: [String] = []
    /// How many times screens asked to be closed.
    private(set) var closeRequests = 0
    private var container: ViewHandle?

    init(environment: PlugboardHost) {
        self.environment = environment
        environment.hostCallObserver = { [log, mainThread] instance, function in
            let call = HostCall(
                plugin: instance.pluginID, function: function, duringCreate: instance.isInCreate,
                onMainThread: pthread_equal(pthread_self(), mainThread) != 0)
            log.calls.withLock { $0.append(call) }
        }
    }

    var hostCalls: [HostCall] { log.calls.withLock { $0 } }

    func forgetPresses() { presses.removeAll() }

    // MARK: NavigationBarHostDelegate

    func navigationBar(_ host: InstanceHost, pressed button: BarButton, navItemID: String?) {
        presses.append((button, navItemID))
    }

    /// A button owned by the bar, titled with the item id, whose tap reports a nav-item press.
    func navigationBar(_ host: InstanceHost, makeButtonFor navItemID: String) -> ViewHandle? {
        requestedButtons.append(navItemID)
        let tree = environment.views
        let button = tree.create(.button, owner: host.owner)
        _ = try? tree.setText(button, navItemID, by: .host)
        try? tree.setIdentifier(button, "nav-item:\(navItemID)", by: .host)
        try? tree.setTapAction(button, .host { [weak self] in self?.presses.append((.navItem, navItemID)) }, by: .host)
        return button
    }

    func isSpecialButtonUsedByRoot() -> Bool { specialButtonUsed }

    // MARK: RootHostDelegate

    func screenContainer(for host: InstanceHost) -> ViewHandle {
        if let container { return container }
        let made = environment.views.create(.container, owner: .host)
        try? environment.views.setIdentifier(made, "screen-container", by: .host)
        // Opaque, as the screens it holds are: a root that puts it over the bar hides the bar.
        try? environment.views.setBackgroundColor(made, ARGBColor(0xFFFF_FFFF), by: .host)
        container = made
        return made
    }

    /// The screen container, once a root asked for it.
    var screenContainer: ViewHandle? { container }

    func root(_ host: InstanceHost, openItem navItemID: String) -> Bool {
        openedItems.append(navItemID)
        return true
    }

    // MARK: NavigationHostDelegate

    /// The screens plugins asked to open, with their data sources (the host checked that each is
    /// a JSON object before it got here).
    private(set) var openedScreens: [(screen: String, dataSource: JSONValue?)] = []

    /// What opening a screen does to the caller besides recording it: the navigation test makes
    /// the calling screen disappear during the call, as navigation.h says the host does.
    var onOpen: (() -> Void)?

    func navigation(
        _ host: InstanceHost, open screenID: String, dataSource: JSONValue?, mode: ScreenPresentation?
    ) -> Bool {
        openedScreens.append((screenID, dataSource))
        onOpen?()
        return true
    }

    func forgetOpenedScreens() { openedScreens.removeAll() }

    /// The app's rivers.json screen ids; nil (a library checked alone): every non-empty id is a
    /// screen, so plugins show the cells that open them.
    var appScreens: Set<String>?

    func screenExists(_ screenID: String) -> Bool { appScreens?.contains(screenID) ?? !screenID.isEmpty }

    // MARK: RoutingHostDelegate

    /// The transitions plugins asked for (plugboard.host.routing), each as its steps.
    private(set) var routes: [[PluginRouteStep]] = []

    /// Records the steps and completes at once, as an app on its instant clock does (the
    /// harness does not know the app's settings routes, so it refuses no key).
    func route(
        _ host: InstanceHost, steps: [PluginRouteStep], enqueue: Bool, object: JSONValue?,
        completion: @escaping (PluginRouteOutcome) -> Void
    ) -> String? {
        routes.append(steps)
        onOpen?()
        completion(.ran)
        return nil
    }

    // MARK: RoutesHostDelegate

    /// The route changes plugins asked for (plugboard.host.routes), in order.
    private(set) var routeChanges: [AppRoutes.Change] = []

    /// Records the changes and accepts them when each names a screen of the app (any non-empty
    /// id without an app), as the app would; the route list follows them.
    func updateRoutes(_ host: InstanceHost, _ changes: [AppRoutes.Change]) -> String? {
        for change in changes {
            guard change.key != AppRoutes.menu, !change.key.isEmpty else { return "a reserved or empty key" }
            if let screen = change.screenID, !screenExists(screen) { return "no screen '\(screen)'" }
        }
        routeChanges += changes
        return nil
    }

    var isListingRoutes = false

    /// The app's screens as stack routes, with the changes made, and `menu`.
    var routeList: [AppRoutes.Route] {
        var routes = Dictionary(
            uniqueKeysWithValues: (appScreens ?? []).map { ($0, AppRoutes.Route(key: $0, screenID: $0, kind: .stack)) })
        routes[AppRoutes.menu] = AppRoutes.Route(key: AppRoutes.menu, screenID: nil, kind: .animation)
        for change in routeChanges {
            routes[change.key] = change.screenID.map {
                AppRoutes.Route(key: change.key, screenID: $0, kind: change.kind, transition: change.transition)
            }
        }
        return routes.values.sorted { $0.key < $1.key }
    }

    // MARK: ScreenHostDelegate

    /// What `close` does besides counting: the screen tests destroy the screen right there, as
    /// screen.h allows ("the instance may be destroyed before this returns").
    var onClose: (() -> Void)?

    func close(_ host: InstanceHost) -> Bool {
        closeRequests += 1
        onClose?()
        return true
    }

    /// Screen bar values are kept by the instance host; nothing to redraw here.
    func screenBarChanged(_ host: InstanceHost) {}
}
