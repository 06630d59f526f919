/// One step of seed 004's ordered updates: what the router does to go from one URL to another.
package enum RouteUpdate: Hashable, Sendable, CustomStringConvertible {
    /// A visibility route goes away; `options` are its letters in the target URL (e.g. `u`: unanimated), or none.
    case hide(key: String, options: RouteURL.Options)
    /// A new root: the stack becomes this one component.
    case replace(key: String, data: String?)
    /// The stack is cut back to below this component (the first removed).
    case pop(key: String, data: String?)
    case push(key: String, data: String?)
    /// A visibility route appears, with its letters in the target URL (`v` and any of `u`, `a`).
    case show(key: String, options: RouteURL.Options)

    /// True for a push or a replace: an update that shows a screen with its data (and the JSON
    /// object passed with it, seed 004's `updateWithAttributes:`).
    package var showsScreenWithData: Bool {
        switch self {
        case .push, .replace: true
        case .hide, .pop, .show: false
        }
    }

    /// "replace", "push", "pop", "show", "hide"
    package var op: String {
        switch self {
        case .hide: "hide"
        case .replace: "replace"
        case .pop: "pop"
        case .push: "push"
        case .show: "show"
        }
    }

    /// The route key the update is about.
    package var key: String {
        switch self {
        case .hide(let key, _), .show(let key, _), .replace(let key, _), .pop(let key, _), .push(let key, _): key
        }
    }

    /// The component's data (replace, pop, push); nil for show and hide.
    package var data: String? {
        switch self {
        case .replace(_, let data), .pop(_, let data), .push(_, let data): data
        case .hide, .show: nil
        }
    }

    /// The parameter's options (show, hide); nil for the stack updates.
    package var options: RouteURL.Options? {
        switch self {
        case .hide(_, let options), .show(_, let options): options
        case .replace, .pop, .push: nil
        }
    }

    /// One line: `hide menu`, `replace home`, `pop show::2`, `push show::3`, `show video (v)`. A
    /// component is written as in the URL (percent-encoded), so the line is one unambiguous token;
    /// options are shown when there are any.
    package var description: String {
        if let options {
            return options.isEmpty ? "\(op) \(RouteURL.encode(key))" : "\(op) \(RouteURL.encode(key)) (\(options))"
        }
        return "\(op) \(RouteURL.Component(key, data: data))"
    }
}

/// Seed 004's diff: the URL is the state, so a transition is the difference of two URLs, in an
/// order that keeps the screen sensible (overlays leave first, the stack changes, then new
/// overlays appear over the final stack).
package enum RouteDiff {
    /// The updates that take the state `from` to the state `to`, in seed 004's order:
    /// 1. `hide` each parameter visible in `from` and not in `to` (in `from`'s order);
    /// 2. the stack: with no common prefix and components in `to`, `replace` with `to`'s first
    ///    and `push` the rest; otherwise `pop` the first component past the common prefix (if
    ///    any) and `push` the rest of `to`. A component whose data changed is a different component;
    /// 3. `show` each parameter visible in `to` and not in `from` (in `to`'s order), with its options.
    ///
    /// A parameter visible in both is untouched even if its other letters changed.
    ///
    /// `keepingVisibleOrder` is the app's variant: its visible parameters are presented screens
    /// stacked in the order the URL writes them, so only the visible parameters both URLs share in
    /// the same order at the front are untouched; the others are hidden and shown again in `to`'s
    /// order (`?a=v&b=v` to `?b=v&a=v` hides both, then shows b and a) rather than left as they
    /// were. The seed's router compares visibility as a set (the default). Schemes are
    /// not compared: that is the router's business.
    ///
    /// The router finds a popped component by searching the stack from the top, so when the first
    /// removed component occurs again above it (`home/show::1/show::1` to `home`) it is popped
    /// once per occurrence: each pop then cuts exactly where `apply` (and the router) will.
    package static func updates(from: RouteURL, to: RouteURL, keepingVisibleOrder: Bool = false) -> [RouteUpdate] {
        var updates: [RouteUpdate] = []
        let (fromVisible, toVisible) = (from.visibleKeys, to.visibleKeys)
        let shared = zip(fromVisible, toVisible).prefix { $0 == $1 }.count
        let hidden =
            keepingVisibleOrder ? Array(fromVisible.dropFirst(shared)) : fromVisible.filter { !to.isVisible($0) }
        let shown = keepingVisibleOrder ? Array(toVisible.dropFirst(shared)) : toVisible.filter { !from.isVisible($0) }
        for key in hidden {
            updates.append(.hide(key: key, options: to.options(for: key) ?? []))
        }
        let prefix = zip(from.components, to.components).prefix { $0 == $1 }.count
        if prefix == 0, let root = to.components.first {
            updates.append(.replace(key: root.key, data: root.data))
            updates += to.components.dropFirst().map { .push(key: $0.key, data: $0.data) }
        } else {
            if prefix < from.components.count {
                let first = from.components[prefix]
                let occurrences = from.components[prefix...].filter { $0 == first }.count
                updates += Array(repeating: .pop(key: first.key, data: first.data), count: occurrences)
            }
            updates += to.components.dropFirst(prefix).map { .push(key: $0.key, data: $0.data) }
        }
        for key in shown {
            updates.append(.show(key: key, options: to.options(for: key) ?? .visible))
        }
        return updates
    }

    /// Applies `updates` to the state `url` as the router would (a pure model, for tests and
    /// `route diff`): hide/show change the visible parameters, replace/pop/push the components.
    /// A pop of a component not on the stack changes nothing. The result's parameters are the
    /// visible ones only: a hidden route has no state worth keeping.
    package static func apply(_ updates: [RouteUpdate], to url: RouteURL) -> RouteURL {
        var result = url
        result.parameters = url.parameters.filter { $0.options.contains(.visible) }
        for update in updates {
            switch update {
            case .hide(let key, _):
                result.parameters.removeAll { $0.key == key }
            case .show(let key, let options):
                result.parameters.removeAll { $0.key == key }
                result.parameters.append(RouteURL.Parameter(key, options))
            case .replace(let key, let data):
                result.components = [RouteURL.Component(key, data: data)]
            case .pop(let key, let data):
                if let index = result.components.lastIndex(of: RouteURL.Component(key, data: data)) {
                    result.components.removeSubrange(index...)
                }
            case .push(let key, let data):
                result.components.append(RouteURL.Component(key, data: data))
            }
        }
        result.parameters.removeAll { !$0.options.contains(.visible) }
        return result
    }
}
