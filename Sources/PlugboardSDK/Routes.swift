import PlugboardABI

/// `plugboard.host.routes` (ABI 1.5, plugboard/routes.h): the app's routes, listed and changed
/// while it runs (seed 004's `updateRoutes:`). A change is all or none; a screen no route names
/// any more is left by the app during the call.
///
///     host.routes?.update([.set("up", to: "news", transition: .init(milliseconds: 250, curve: .easeOut, direction: .fromTop))])
public struct Routes {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_routes_t>

    /// How a route's screen is shown.
    public enum Kind: Int32, Sendable {
        /// A URL component: pushed (`app://home/KEY`).
        case stack = 0
        /// A visible parameter: presented (`?KEY=v`).
        case modal = 1
        /// A visible parameter: slid in as a drawer (`?KEY=v`).
        case animation = 2
    }

    /// A route's own transition (plugboard/ext/transition.h's values).
    public struct Transition: Sendable, Equatable {
        /// How it eases (`PB_CURVE_*`).
        public enum Curve: Int32, Sendable { case linear = 0, easeIn, easeOut, easeInOut }
        /// The edge the screen comes from or leaves to, or a fade (`PB_FROM_*`, `PB_FADE`).
        public enum Direction: Int32, Sendable { case fromRight = 0, fromLeft, fromBottom, fromTop, fade }
        /// How long it takes: 0 to 10000 ms (0: at once).
        public var milliseconds: Double
        /// How it eases.
        public var curve: Curve
        /// Where the screen comes from.
        public var direction: Direction

        /// A transition of `milliseconds`, easing in and out from the right by default (a push's).
        public init(milliseconds: Double, curve: Curve = .easeInOut, direction: Direction = .fromRight) {
            self.milliseconds = milliseconds
            self.curve = curve
            self.direction = direction
        }

        var cValue: pb_transition_t {
            pb_transition_t(duration_ms: milliseconds, curve: curve.rawValue, direction: direction.rawValue)
        }
    }

    /// One route as listed; `screen` nil is the built-in `menu`.
    public struct Route: Sendable, Equatable {
        /// The route key (a URL component or parameter).
        public var key: String
        /// The rivers.json screen it opens; nil for the built-in `menu`.
        public var screen: String?
        /// How the screen is shown.
        public var kind: Kind
        /// The route's own transition, if it has one.
        public var transition: Transition?
    }

    /// One change of `update`.
    public enum Change: Sendable, Equatable {
        /// Adds the route `key`, or replaces it, to open `screen`.
        case set(String, to: String, kind: Kind = .stack, transition: Transition? = nil)
        /// Removes the route `key`.
        case remove(String)
    }

    /// Applies `changes` in order, all or none. False when the host refused them (logged under
    /// the plugin's name: a reserved or unknown key, a screen the app does not have…).
    @discardableResult
    public func update(_ changes: [Change]) -> Bool {
        let strings = changes.flatMap { change -> [String?] in
            switch change {
            case .set(let key, let screen, _, _): [key, screen]
            case .remove(let key): [key, nil]
            }
        }
        return Router.withCStrings(strings[...]) { pointers in
            let routes = changes.enumerated().map { index, change in
                let (kind, transition): (Kind, Transition?) =
                    switch change {
                    case .set(_, _, let kind, let transition): (kind, transition)
                    case .remove: (.stack, nil)
                    }
                return pb_route_t(
                    key: pointers[index * 2], screen: pointers[index * 2 + 1], kind: kind.rawValue,
                    has_transition: transition != nil, transition: transition?.cValue ?? pb_transition_t())
            }
            return table.pointee.update_routes(host, routes, routes.count)
        }
    }

    /// Every route, in key order.
    public func list() -> [Route] {
        var routes: [Route] = []
        withUnsafeMutablePointer(to: &routes) { pointer in
            _ = table.pointee.list_routes(
                host,
                { context, route in
                    guard let context, let route = route?.pointee, let key = route.key else { return }
                    let transition = route.transition
                    context.assumingMemoryBound(to: [Route].self).pointee.append(
                        Route(
                            key: String(cString: key), screen: route.screen.map { String(cString: $0) },
                            kind: Kind(rawValue: route.kind) ?? .stack,
                            transition: route.has_transition
                                ? Transition(
                                    milliseconds: transition.duration_ms,
                                    curve: Transition.Curve(rawValue: transition.curve) ?? .linear,
                                    direction: Transition.Direction(rawValue: transition.direction) ?? .fade)
                                : nil))
                }, pointer)
        }
        return routes
    }
}

extension PluginHost {
    /// The app's routes (screen and root instances of a host of ABI 1.5 or later; nil otherwise).
    public var routes: Routes? {
        `extension`(PB_HOST_EXT_ROUTES, as: pb_host_routes_t.self).map { Routes(host: raw, table: $0) }
    }
}
