import PlugboardCore

/// The routes of an app (seed 004's `route.to(key)`): every rivers.json screen id is a route key
/// — a stack route, or a modal one when the screen's `styles.presentation` is `present` — plus
/// the routes of the app settings (`routes`: aliases, and animation routes that slide a screen in
/// as a drawer over the current one, `?live=v`), and the built-in animation route `menu`, the
/// side menu's open state (`?menu=v`). Seed 004's `updateRoutes:` changes them while the app
/// runs (`update(_:)`): a plugin through plugboard.host.routes, the shell's `routes` command.
package struct AppRoutes: Sendable {
    package struct Route: Sendable, Hashable, Codable, CustomStringConvertible {
        package enum Kind: String, Sendable, Codable, CaseIterable { case stack, modal, animation }
        package var key: String
        /// The rivers.json screen it opens; nil for the built-in `menu`.
        package var screenID: String?
        package var kind: Kind
        /// The route's own transition (settings, or whoever set the route), if any.
        package var transition: TransitionSpec?

        package init(key: String, screenID: String?, kind: Kind, transition: TransitionSpec? = nil) {
            self.key = key
            self.screenID = screenID
            self.kind = kind
            self.transition = transition
        }

        /// `guide → epg (modal, 250 ms ease_out from_top)`; `menu (the side menu, animation)`.
        package var description: String {
            let transition = transition.map {
                ", \(Int($0.duration)) ms \($0.curve.rawValue) \($0.direction.rawValue)"
            }
            let target = " → " + (screenID ?? "the side menu")
            return "\(key)\(target) (\(kind.rawValue)\(transition ?? ""))"
        }
    }

    /// One change of `update(_:)`: the route `key` set to open `screenID` as `kind` (added, or
    /// replacing the route of that key), or removed when `screenID` is nil.
    package struct Change: Sendable, Hashable, Codable, CustomStringConvertible {
        package var key: String
        package var screenID: String?
        package var kind: Route.Kind
        package var transition: TransitionSpec?

        package init(key: String, screenID: String?, kind: Route.Kind = .stack, transition: TransitionSpec? = nil) {
            self.key = key
            self.screenID = screenID
            self.kind = kind
            self.transition = transition
        }

        /// `guide → epg (modal, 250 ms ease_out from_top)`, `guide removed`.
        package var description: String {
            guard let screenID else { return "\(key) removed" }
            return Route(key: key, screenID: screenID, kind: kind, transition: transition).description
        }
    }

    /// The built-in animation route: the side menu's open state.
    package static let menu = "menu"

    /// The most routes an app may have: a plugin adding routes in a loop is refused here rather
    /// than growing the table (and every copy of the changes a supervisor keeps) without end.
    package static let maximumCount = 10_000

    package private(set) var routes: [String: Route] = [:]
    /// The rivers.json screens, by id: what a route may open.
    private let screenIDs: Set<String>
    /// The home screen, which always keeps a stack route (every state URL starts somewhere).
    private let homeID: String?
    /// Each screen's drawer route (the animation route of least key).
    private var drawerRoutes: [String: Route] = [:]
    /// The key a screen is written with in a state URL, for the screens whose own id is not
    /// that key (a route replaced or removed): nil when no route can name it. Empty for most
    /// apps, so writing a state URL costs no lookup.
    private var componentKeys: [String: String?] = [:]
    private var parameterKeys: [String: String?] = [:]

    /// What could not be made a route.
    package private(set) var problems: [String] = []

    /// The routes of `configuration`, with the aliases of `settings`. An alias naming no screen is
    /// left out and reported in `problems`.
    package init(configuration: AppConfiguration, settings: AppSettings) {
        screenIDs = Set(configuration.rivers.screens.map(\.id))
        homeID = configuration.rivers.home?.id
        for screen in configuration.rivers.screens {
            routes[screen.id] = Route(
                key: screen.id, screenID: screen.id, kind: screen.styles.presentation == .present ? .modal : .stack)
        }
        for (key, alias) in settings.routeAliases.sorted(by: { $0.key < $1.key }) {
            guard screenIDs.contains(alias.screen) else {
                problems.append("route '\(key)' names no screen '\(alias.screen)' of rivers.json")
                continue
            }
            routes[key] = Route(
                key: key, screenID: alias.screen, kind: Route.Kind(rawValue: alias.type) ?? .stack,
                transition: alias.transition)
        }
        routes[Self.menu] = Route(key: Self.menu, screenID: nil, kind: .animation)
        reindex()
    }

    package func route(_ key: String) -> Route? { routes[key] }

    /// Every route, by key.
    package var sorted: [Route] { routes.values.sorted { $0.key < $1.key } }

    /// The animation route that slides `screenID` in as a drawer, if the settings have one.
    package func drawerRoute(forScreen screenID: String) -> Route? {
        drawerRoutes[screenID]
    }

    /// The key that names `screenID` as a component of a state URL: its own id while that
    /// routes to it, else another stack or modal route to it; nil when none does.
    package func componentKey(forScreen screenID: String) -> String? {
        guard !componentKeys.isEmpty, let key = componentKeys[screenID] else { return screenID }
        return key
    }

    /// The key that names `screenID` presented (`drawer`: slid in) as a parameter of a state URL.
    package func parameterKey(forScreen screenID: String, drawer: Bool) -> String? {
        if drawer, let route = drawerRoutes[screenID] { return route.key }
        guard !parameterKeys.isEmpty, let key = parameterKeys[screenID] else { return screenID }
        return key
    }

    /// The part of `url` these routes can open: its components up to the first that names no
    /// screen route, its parameters that name a route; with what was left out and why. For a
    /// state URL written under other routes (a restart after the routes changed, a reloaded
    /// settings.json); nil when nothing is left (its first component names no screen route).
    package func reachablePart(of url: RouteURL) -> (url: RouteURL, leftOut: [String])? {
        var leftOut: [String] = []
        let components = url.components.prefix { component in
            guard let route = routes[component.key], route.screenID != nil, route.kind != .animation else {
                leftOut.append("no screen route '\(component.key)'")
                return false
            }
            return true
        }
        guard !components.isEmpty else { return nil }
        let after = url.components.count - components.count - 1
        if after > 0 { leftOut.append(after == 1 ? "the screen after it" : "the \(after) screens after it") }
        let parameters = url.parameters.filter { parameter in
            guard routes[parameter.key] == nil else { return true }
            leftOut.append("no route '\(parameter.key)'")
            return false
        }
        return (RouteURL(scheme: url.scheme, components: Array(components), parameters: parameters), leftOut)
    }

    /// Applies `changes` in order, all or none: refused (nothing changes) when a key is empty
    /// or `menu`, a route names no screen of rivers.json or has a transition out of range, a
    /// removed key is no route, there would be more than `maximumCount` routes, or the home
    /// screen would be left with no route to start a state URL with.
    package mutating func update(_ changes: [Change]) throws(RouteChangeError) {
        var next = routes
        for change in changes {
            guard !change.key.isEmpty else { throw .init("a route key cannot be empty") }
            guard change.key != Self.menu else { throw .init("'menu' is the built-in side-menu route") }
            guard let screenID = change.screenID else {
                guard next.removeValue(forKey: change.key) != nil else { throw .init("no route '\(change.key)'") }
                continue
            }
            guard screenIDs.contains(screenID) else {
                throw .init("route '\(change.key)' names no screen '\(screenID)' of rivers.json")
            }
            if let transition = change.transition, !(0...TransitionSpec.maximumDuration).contains(transition.duration) {
                throw .init("route '\(change.key)': a duration is 0 to 10000 ms, not \(transition.duration)")
            }
            next[change.key] = Route(
                key: change.key, screenID: screenID, kind: change.kind, transition: change.transition)
        }
        guard next.count <= Self.maximumCount else {
            throw .init("an app has at most \(Self.maximumCount) routes; this would make \(next.count)")
        }
        if let homeID, !next.values.contains(where: { $0.screenID == homeID && $0.kind != .animation }) {
            throw .init("the home screen '\(homeID)' must keep a stack route")
        }
        routes = next
        reindex()
    }

    /// The changes that make `original` these routes: one per key whose route differs (set, or
    /// removed), routes set first and by key, then removals by key. However many changes led
    /// here, this is at most one per route, so what a supervisor keeps to replay in a restarted
    /// engine stays as small as the routes; and applied at once (`update`) to `original` it
    /// gives these routes.
    package func changes(from original: AppRoutes) -> [Change] {
        var sets: [Change] = []
        var removals: [Change] = []
        for (key, route) in routes where original.routes[key] != route {
            sets.append(Change(key: key, screenID: route.screenID, kind: route.kind, transition: route.transition))
        }
        for key in original.routes.keys where routes[key] == nil { removals.append(Change(key: key, screenID: nil)) }
        return sets.sorted { $0.key < $1.key } + removals.sorted { $0.key < $1.key }
    }

    /// Recomputes the drawer routes and the keys screens are written with.
    private mutating func reindex() {
        drawerRoutes = [:]
        componentKeys = [:]
        parameterKeys = [:]
        var toScreen: [String: [Route]] = [:]
        for route in sorted {
            guard let screenID = route.screenID else { continue }
            toScreen[screenID, default: []].append(route)
            if route.kind == .animation, drawerRoutes[screenID] == nil { drawerRoutes[screenID] = route }
        }
        for screenID in screenIDs {
            let own = routes[screenID].flatMap { $0.screenID == screenID ? $0 : nil }
            let candidates = toScreen[screenID] ?? []
            if own == nil || own?.kind == .animation {
                componentKeys.updateValue(candidates.first { $0.kind != .animation }?.key, forKey: screenID)
            }
            if own == nil { parameterKeys.updateValue(candidates.first?.key, forKey: screenID) }
        }
    }
}

/// Why a change of routes was refused; the routes are as they were.
package struct RouteChangeError: Error, Equatable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
