import PlugboardCore

/// The routes of an app (seed 004's `route.to(key)`): every rivers.json screen id is a route key
/// — a stack route, or a modal one when the screen's `styles.presentation` is `present` — plus
/// the routes of the app settings (`routes`: aliases, and animation routes that slide a screen in
/// as a drawer over the current one, `?live=v`), and the built-in animation route `menu`, the
/// side menu's open state (`?menu=v`).
package struct AppRoutes: Sendable {
    package struct Route: Sendable, Hashable {
        package enum Kind: String, Sendable, Codable { case stack, modal, animation }
        package var key: String
        /// The rivers.json screen it opens; nil for the built-in `menu`.
        package var screenID: String?
        package var kind: Kind
        /// The route's own transition (settings), if any.
        package var transition: TransitionSpec?
    }

    /// The built-in animation route: the side menu's open state.
    package static let menu = "menu"

    package private(set) var routes: [String: Route] = [:]

    /// The routes of `configuration`, with the aliases of `settings`. An alias naming no screen is
    /// left out and reported in `problems`.
    package init(configuration: AppConfiguration, settings: AppSettings) {
        for screen in configuration.rivers.screens {
            routes[screen.id] = Route(
                key: screen.id, screenID: screen.id, kind: screen.styles.presentation == .present ? .modal : .stack)
        }
        for (key, alias) in settings.routeAliases.sorted(by: { $0.key < $1.key }) {
            guard configuration.rivers.screen(alias.screen) != nil else {
                problems.append("route '\(key)' names no screen '\(alias.screen)' of rivers.json")
                continue
            }
            routes[key] = Route(
                key: key, screenID: alias.screen, kind: Route.Kind(rawValue: alias.type) ?? .stack,
                transition: alias.transition)
        }
        routes[Self.menu] = Route(key: Self.menu, screenID: nil, kind: .animation)
        for route in routes.values where route.kind == .animation {
            guard let screenID = route.screenID else { continue }
            if let known = drawerRoutes[screenID], known.key < route.key { continue }
            drawerRoutes[screenID] = route
        }
    }

    /// Each screen's drawer route (the animation route of least key), made once.
    private var drawerRoutes: [String: Route] = [:]

    /// What could not be made a route.
    package private(set) var problems: [String] = []

    package func route(_ key: String) -> Route? { routes[key] }

    /// The animation route that slides `screenID` in as a drawer, if the settings have one.
    package func drawerRoute(forScreen screenID: String) -> Route? {
        drawerRoutes[screenID]
    }
}
