import PlugboardABI
import PlugboardConfig
@_spi(Layers) import PlugboardCore

/// One call of `plugboard.host.routes` (plugboard/routes.h): reads the plugin's routes and hands
/// them to the app, or lists the app's routes to the plugin's visitor — tracked as the
/// plugin's code, with strings that live only during each visit.
struct RoutesCall {
    /// More routes than one change would set: a larger count is a mistake.
    static let maximumRoutes = 256

    let instance: InstanceHost

    /// `update_routes`.
    func update(_ routes: UnsafePointer<pb_route_t>?, _ count: Int) -> Bool {
        let name = "update_routes"
        guard let delegate = instance.routesDelegate else { return refuse(name, "no routes here") }
        guard !delegate.isListingRoutes else { return refuse(name, "called while the routes are being listed") }
        guard let routes, count > 0, count <= Self.maximumRoutes else {
            return refuse(name, "between 1 and \(Self.maximumRoutes) routes, not \(count)")
        }
        var changes: [AppRoutes.Change] = []
        for index in 0..<count {
            guard let change = change(routes[index], number: index + 1) else { return false }
            changes.append(change)
        }
        if let refusal = delegate.updateRoutes(instance, changes) { return refuse(name, refusal) }
        return true
    }

    /// `list_routes`: visits every route in key order; returns how many there are.
    func list(_ visit: pb_route_visitor_t?, _ context: UnsafeMutableRawPointer?) -> Int {
        guard let delegate = instance.routesDelegate else { return 0 }
        let routes = delegate.routeList
        guard let visit else { return routes.count }
        delegate.isListingRoutes = true
        defer { delegate.isListingRoutes = false }
        PluginCallTracker.track(PluginCall("list_routes' visitor", plugin: instance.pluginID)) {
            for route in routes {
                route.key.withCString { key in
                    withOptionalCString(route.screenID) { screen in
                        var c = pb_route_t(
                            key: key, screen: screen, kind: Self.cKind(route.kind),
                            has_transition: route.transition != nil,
                            transition: route.transition?.cValue ?? pb_transition_t())
                        visit(context, &c)
                    }
                }
            }
        }
        return routes.count
    }

    /// The route at `number` (from 1), checked and copied; nil (refused and logged) when malformed.
    private func change(_ route: pb_route_t, number: Int) -> AppRoutes.Change? {
        let name = "update_routes"
        guard let keyPointer = route.key else {
            _ = refuse(name, "route \(number): no key")
            return nil
        }
        guard let key = instance.utf8(keyPointer, name) else { return nil }
        var screen: String?
        if let screenPointer = route.screen {
            guard let text = instance.utf8(screenPointer, name) else { return nil }
            screen = text
        }
        let kind: AppRoutes.Route.Kind
        switch Int(route.kind) {
        case Int(PB_ROUTE_KIND_STACK): kind = .stack
        case Int(PB_ROUTE_KIND_MODAL): kind = .modal
        case Int(PB_ROUTE_KIND_ANIMATION): kind = .animation
        default:
            _ = refuse(name, "route \(number): unknown kind \(route.kind)")
            return nil
        }
        var transition: TransitionSpec?
        if route.has_transition {
            guard let spec = TransitionSpec(route.transition) else {
                _ = refuse(name, "route \(number): a transition out of range")
                return nil
            }
            transition = spec
        }
        return AppRoutes.Change(key: key, screenID: screen, kind: kind, transition: transition)
    }

    private static func cKind(_ kind: AppRoutes.Route.Kind) -> pb_route_kind_t {
        switch kind {
        case .stack: pb_route_kind_t(PB_ROUTE_KIND_STACK)
        case .modal: pb_route_kind_t(PB_ROUTE_KIND_MODAL)
        case .animation: pb_route_kind_t(PB_ROUTE_KIND_ANIMATION)
        }
    }

    private func refuse(_ name: String, _ reason: String) -> Bool {
        instance.refuse(name, because: reason)
        return false
    }
}
