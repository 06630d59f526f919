import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// A running app: plugins.json + rivers.json loaded, the root container composed, the
/// navigation-bar manager in place. The one path the CLI, the tests and the deep-link router drive.
///
/// Start-up follows seed 001: read and validate the configuration; load the plugin libraries;
/// the root is the plugin named by the home screen's `menu` navigation (else, or when it fails,
/// the built-in side menu); the root container starts in root state with the home screen; the
/// navigation-bar manager creates the bar named by the home screen's `nav_bar` navigation (else
/// the default bar) and customises it for the visible screen.
public final class PlugboardApp {
    package let configuration: AppConfiguration
    // Stored properties the hot paths touch are internal, with `package` read-only views where
    // other layers read them: whole-module optimisation then sees every access and drops Swift's
    // run-time exclusivity checks, which it must keep for storage another module can reach
    // (they cost a sixth of a tap's instructions when these were package storage).
    package var settings: AppSettings
    package let environment: PlugboardHost
    /// The device the app is laid out for (`setDevice`).
    package var device: DeviceProfile { currentDevice }
    var currentDevice: DeviceProfile
    package let plugins: AppPlugins
    /// The event log, oldest first: the newest `eventLogCapacity` events (`EventLog`).
    public var events: [AppEvent] { eventLog.events }
    /// The log behind `events`, bounded so a long session does not grow without end.
    package var eventLog: EventLog { log }
    /// Unchecked for the reason `ScreenStack.entries` is: only `record` and `eventLogCapacity`
    /// change it, and appending runs no code of ours.
    @exclusivity(unchecked) private var log = EventLog()
    /// How many events `events` keeps (`EventLog.defaultCapacity` unless set); lowering it keeps
    /// the newest.
    package var eventLogCapacity: Int {
        get { eventLog.capacity }
        set { log = log.resized(to: newValue) }
    }
    package let cache: ScreenCache
    /// Opens the URLs of URL nav items (the shell prints them or runs `--open-url-command`).
    package var urlOpener: ((String) -> Void)?
    /// The cast device the user connected to from the cast picker, if any.
    package internal(set) var castDevice: String?
    /// The side menu's open state, as the menu button and selections leave it (the `menu` route).
    var isMenuOpen = false
    /// The root's item it was last told is selected (`syncRootSelection`).
    var selectedRootItem: String?
    /// The menu item being selected, while its selection runs (`selecting`).
    var selectingRootItem: String?
    /// How many times the root was told its selection.
    var rootSelectionsTold = 0
    /// The root stack's first screen when the selection was last synced (`syncRootSelection`),
    /// by its serial (`ScreenEntry` says why not a weak reference).
    var selectionSyncedFor: UInt64?
    /// Which root menu items open which screens.
    lazy var rootItems = RootItemIndex(home?.menu?.navItems.flatMap(\.flattened) ?? [])
    /// The route keys deep links use (seed 004).
    package internal(set) var routes: AppRoutes
    /// The routes as the configuration and settings made them, before any change.
    let configuredRoutes: AppRoutes
    /// How many times the routes changed (`updateRoutes`): a reader notes it to tell whether
    /// they changed since.
    package internal(set) var routesRevision = 0
    /// The changes that make the configured routes the routes now (`AppRoutes.changes(from:)`:
    /// one per route that differs), for a supervisor to replay in a restarted engine. However
    /// often a plugin changes routes, this is never longer than the routes.
    package var appliedRouteChanges: [AppRoutes.Change] { routes.changes(from: configuredRoutes) }
    /// A plugin's `list_routes` visitor is running (`RoutesHostDelegate.isListingRoutes`).
    package var isListingRoutes = false
    /// How many changes are running (nested: a transition's steps, a plugin asking during one).
    var transitionDepth = 0
    /// Transitions waiting for the running ones (`RouteTransition.enqueue`), and the rest of a
    /// started one waiting for its movement to end.
    var queuedTransitions: [QueuedTransition] = []
    struct QueuedTransition {
        let run: () -> Void
        /// What it does when the app shuts down first.
        let cancel: () -> Void
    }
    /// The transitions' clock (seed 003): instant unless told otherwise.
    package let clock = TransitionClock()
    /// The transition under way on the virtual clock.
    package var running: RunningTransition? { runningTransition }
    var runningTransition: RunningTransition?
    /// The bar view and placement last handed to a root that places the bar.
    var lastPlacedBar: PlacedBar?
    struct PlacedBar: Equatable {
        var view: ViewHandle
        var placement: Placement
        /// nil for a root that is not given the area (placement.h: the old call is repeated only
        /// when the placement or the bar view changes).
        var area: NavigationBarArea?
    }
    /// The size the root was last laid out for.
    var rootLaidOut = SizeMemo()
    /// A dismissed container whose screen left the cache, kept for the next presentation of a
    /// screen without a container of its own (`evict`).
    var spareContainer: StackContainer?
    /// A dismissed container still sliding away on the virtual clock (drawn over the others).
    package var leaving: StackContainer? { leavingContainer }
    var leavingContainer: StackContainer?
    /// The transition the route being applied asks for (seed 003: per route), over the screen's.
    var routeTransition: TransitionSpec?
    /// While true, every change takes no time, whatever its route or screen asks (an unanimated
    /// request or transition step).
    var unanimated = false
    /// Stack changes in progress, nested (a plugin opening a screen from a lifecycle event):
    /// only the outermost runs in time.
    var changeDepth = 0
    /// Hears every event as it is recorded (analytics, the shell's state file, tests).
    var eventObserver: ((AppEvent) -> Void)?
    /// While true, only the outermost change sends lifecycle events (from the screen visible
    /// before it to the one visible after): the screens a start-up URL stacks are never shown.
    var tellsOnlyOutermostChange = false
    /// Why the app could not start at the URL it was given (then it started at home).
    package private(set) var startURLFailure: RoutingError?

    let searchPath: LibrarySearchPath
    let window: ViewHandle
    /// The host-owned view the root shows the root stack's screens in.
    package let screenContainer: ViewHandle
    var root: (any RootAdapter)!
    var rootContainer: StackContainer! { didSet { keepContainers() } }
    /// True once `shutdown` has run: no stacks, no views.
    package var isShutDown: Bool { rootContainer == nil }
    /// Bottom to top. Changed only by `addPresented` and `removePresented`, which keep
    /// `containers` in step. Unchecked for the reason `ScreenStack.entries` is: changed only by
    /// appending and removing by identity, which run no code of ours.
    @exclusivity(unchecked) private(set) var presented: [StackContainer] = []
    /// The root container, then the presented ones from bottom to top: kept as they change, as
    /// it is read several times by every change (each read made two arrays when it was computed,
    /// and making it again on every change was a tenth of a tap's allocations). Unchecked like
    /// `presented`.
    @exclusivity(unchecked) package private(set) var containers: [StackContainer] = []
    private func keepContainers() { containers = (rootContainer.map { [$0] } ?? []) + presented }

    /// Puts `container` on top of the presented ones.
    func addPresented(_ container: StackContainer) {
        presented.append(container)
        containers.append(container)
    }

    /// Takes `container` out of the presented ones, if it is there.
    func removePresented(_ container: StackContainer) {
        guard let index = presented.firstIndex(where: { $0 === container }) else { return }
        presented.remove(at: index)
        containers.removeAll { $0 === container }
    }
    var screens: ScreenFactory!
    /// How data sources are written in, and read from, state URLs.
    lazy var routeDataNames = RouteDataNames(rivers: configuration.rivers, feedBase: screens.feedBase)
    var manager: NavigationBarManager!
    /// What plugins call back into the app through (`PluginCallbacks` says why not the app).
    private(set) lazy var callbacks = PluginCallbacks(app: self)

    /// Loads the app in `folder`: plugins.json, rivers.json and the optional settings.json.
    /// Throws the configuration's diagnostics when it has errors; plugin failures do not throw
    /// (the host falls back and records why in `events`).
    /// `startURL`: the state to start in (a deep link, a restored state); home when it is nil
    /// or cannot be reached (`startURLFailure` says why).
    public convenience init(
        folder: URL, searchPath: LibrarySearchPath, settings: AppSettings? = nil,
        environment: PlugboardHost = PlugboardHost(), startURL: String? = nil
    ) throws(AppConfiguration.Invalid) {
        let configuration = try AppConfiguration.load(folder: folder)
        let loadedSettings: AppSettings
        if let settings { loadedSettings = settings } else { loadedSettings = try AppSettings.load(folder: folder) }
        self.init(
            configuration: configuration, settings: loadedSettings, searchPath: searchPath, environment: environment,
            startURL: startURL)
    }

    /// `exclusions`: plugins and libraries a supervisor saw fail earlier in the session; they
    /// are treated like plugins that failed to load. `startURL` as for `init(folder:…)`.
    package init(
        configuration: AppConfiguration, settings: AppSettings, searchPath: LibrarySearchPath,
        environment: PlugboardHost = PlugboardHost(), exclusions: PluginExclusions = .init(),
        startURL: String? = nil, routeChanges: [AppRoutes.Change] = []
    ) {
        self.configuration = configuration
        self.settings = settings
        self.environment = environment
        self.searchPath = searchPath
        currentDevice = DeviceProfile.named(settings.device)
        cache = ScreenCache(capacity: settings.screenCacheCapacity)
        configuredRoutes = AppRoutes(configuration: configuration, settings: settings)
        routes = configuredRoutes
        // The routes changed while an earlier engine of this session ran: replayed, so the
        // state URL it reported opens here too. A reloaded configuration may refuse some: then
        // each change is tried alone, and one it refuses is dropped.
        do throws(RouteChangeError) {
            try routes.update(routeChanges)
        } catch {
            for change in routeChanges { try? routes.update([change]) }
        }
        plugins = AppPlugins(configuration: configuration, searchPath: searchPath, exclusions: exclusions)
        environment.exports = plugins.exports
        let tree = environment.views
        window = tree.create(.container, owner: .host)
        screenContainer = tree.create(.container, owner: .host)
        try? tree.setIdentifier(window, "window", by: .host)
        try? tree.setIdentifier(screenContainer, "screen-container", by: .host)
        for problem in routes.problems { record(AppEvent("error", "settings.json", detail: problem)) }
        for failure in plugins.failures.values.sorted(by: { $0.identifier < $1.identifier }) {
            record(AppEvent("error", failure.identifier, detail: failure.error.description))
        }
        screens = ScreenFactory(
            configuration: configuration, plugins: plugins, environment: environment,
            record: { [unowned self] in record($0) })
        manager = NavigationBarManager(app: self)
        screens.screenDelegate = callbacks
        screens.navigationDelegate = callbacks
        screens.openFromCell = { [unowned self] target, dataSource in
            if isAppURL(target) {
                route(toLink: target, from: "cell")
            } else {
                open(NavigationRequest(.screen(target), origin: .cell, dataSource: dataSource))
            }
        }
        start(at: startURL)
    }

    deinit { shutdown() }

    var home: Screen? { configuration.rivers.home }

    func record(_ event: AppEvent) { record(.other(event)) }

    /// Records `entry`; the observer, when there is one, hears it as an `AppEvent`.
    func record(_ entry: EventLog.Entry) {
        log.append(entry)
        eventObserver?(entry.event)
    }

    /// Records a lifecycle event of `controller`'s screen. Passed as a closure literal at each
    /// call (`appear { recordLifecycle($0, of: controller) }`): a non-escaping closure needs no
    /// allocation, where a closure returned from a function did, on every event.
    func recordLifecycle(_ event: LifecycleEvent, of controller: any ScreenController) {
        record(.lifecycle(event, subject: controller.screenID))
    }

    /// Makes the root and its stack, then the screens of `url` (a deep link starts where it
    /// points: no screen it does not name is made), else home.
    private func start(at url: String?) {
        root = makeRoot()
        rootContainer = StackContainer(kind: .root, tree: environment.views)
        try? environment.views.addChild(rootContainer.layer, to: window, by: .host)
        if let view = root.view { try? environment.views.addChild(view, to: rootContainer.content, by: .host) }
        rootContainer.barInstance = manager.makeBar(for: rootContainer)
        // One change: only the screen the app starts on hears will_appear and did_appear.
        transition {
            tellsOnlyOutermostChange = true
            defer { tellsOnlyOutermostChange = false }
            if let url {
                do throws(RoutingError) {
                    try open(urlText: url)
                    return
                } catch {
                    startURLFailure = error
                }
                // Written under other routes (settings.json changed, routes set at run time)?
                // Start at the part the routes still open, and say what was left out.
                if let parsed = try? RouteURL.parse(url), let reachable = routes.reachablePart(of: parsed),
                    reachable.url != parsed, (try? open(url: reachable.url)) != nil
                {
                    startURLFailure = .unusable(reachable.leftOut.joined(separator: "; "))
                    return
                }
            }
            guard let home else { return }
            let entry = screens.entry(home, dataSource: nil, key: ScreenCache.Key(screenID: home.id, dataSource: nil))
            cache.insert(entry)
            show(entry, in: rootContainer, replacing: false)
        }
    }

    /// Seed 001 steps 2–3: the menu plugin of the home screen, else the built-in side menu.
    private func makeRoot() -> any RootAdapter {
        let menu = home?.menu
        let fallback = {
            BuiltInSideMenu(
                items: menu?.navItems ?? [], screenContainer: self.screenContainer, environment: self.environment,
                open: { [unowned self] in _ = selectRootItem($0) })
        }
        guard settings.useUIBuilderRoot, let menu, let type = menu.navigationType else { return fallback() }
        guard let plugin = plugins.plugin(type), plugin.descriptor.kind == .root else {
            let why = plugins.failures[type]?.description ?? "no loadable root plugin '\(type)'"
            record(AppEvent("fallback", "builtin.side_menu", detail: why))
            return fallback()
        }
        do throws(PluginLoadError) {
            return try RootInstance(
                library: plugin.library, pluginID: plugin.descriptor.id, environment: environment,
                pluginJSON: plugin.entry.pluginModelJSON, dataSourceJSON: menu.modelJSON, delegate: callbacks,
                navigation: callbacks)
        } catch {
            record(AppEvent("fallback", "builtin.side_menu", detail: error.description))
            return fallback()
        }
    }

    /// Hands `url` to the system, as a URL nav item asks (seed 000: "Opens external URL"): the
    /// event log records it and `urlOpener` (the shell's) opens it.
    func openExternalURL(_ url: String, itemID: String) {
        record(AppEvent("open_url", itemID, detail: url))
        urlOpener?(url)
    }

    /// Destroys every screen (on a stack or cached), bar and the root. Called by deinit; safe to
    /// call twice.
    public func shutdown() {
        guard rootContainer != nil else { return }
        // Told while their callers are still alive.
        let waiting = queuedTransitions
        queuedTransitions.removeAll()
        waiting.forEach { $0.cancel() }
        var destroyed: Set<ObjectIdentifier> = []
        for container in [leaving, spareContainer].compactMap({ $0 }) { destroy(container) }
        (leavingContainer, spareContainer) = (nil, nil)
        for container in presented.reversed() + [rootContainer!] {
            for entry in container.stack.reversed() {
                destroy(entry)
                destroyed.insert(ObjectIdentifier(entry))
            }
            container.stack.removeAll()
            if let bar = container.bar { manager.destroy(bar) }
        }
        for entry in cache.removeAll() where !destroyed.contains(ObjectIdentifier(entry)) { destroy(entry) }
        presented.removeAll()
        root.destroy()
        rootContainer = nil
        plugins.release()
    }
}
