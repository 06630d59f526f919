import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Opening URLs (seed 004): a URL is diffed against the state URL into ordered updates — hide,
/// replace or pop, push, show — which run through the same engine as taps (lifecycle events,
/// bar customisation, screen cache), so a deep link and a tap sequence that reach the same state
/// leave the same state.
extension PlugboardApp {
    /// Opens `url`: checks it, then applies the updates from the state URL to it.
    package func open(url: RouteURL) throws(RoutingError) {
        try run(try updates(opening: url), object: nil)
        record(AppEvent("route", url.description))
    }

    /// The updates from the state URL to `url`, every key checked; nothing runs. A URL the app
    /// cannot reach completely is refused, never half applied.
    func updates(opening url: RouteURL) throws(RoutingError) -> [RouteUpdate] {
        guard url.scheme == settings.scheme else { throw .wrongScheme(url: url.description, expected: settings.scheme) }
        guard !url.components.isEmpty else { throw .noRoot(url.description) }
        if url.isVisible(AppRoutes.menu), url.components.count > 1 || url.visibleKeys.count > 1 {
            throw .unusable(
                "menu=v: the side menu opens only over a lone root screen, nothing pushed or presented")
        }
        let updates = RouteDiff.updates(from: stateURL, to: url, keepingVisibleOrder: true)
        for update in updates { try check(update) }
        return updates
    }

    /// Opens the URL text `text`.
    public func open(urlText text: String) throws(RoutingError) {
        let url: RouteURL
        do throws(RouteURLError) {
            url = try RouteURL.parse(text)
        } catch {
            throw .malformedURL(error)
        }
        try open(url: url)
    }

    /// True when `text` is a URL of the app's scheme (a link inside the app).
    package func isAppURL(_ text: String) -> Bool { text.hasPrefix(settings.scheme + "://") }

    /// Follows a link of the app's scheme from a nav item or a cell; a bad one is an `error`
    /// event and changes nothing.
    @discardableResult
    func route(toLink text: String, from source: String) -> Bool {
        do throws(RoutingError) {
            try open(urlText: text)
            return true
        } catch {
            record(AppEvent("error", source, detail: "\(text): \(error)"))
            return false
        }
    }

    /// Checks every key of `updates`, then applies them in order (nothing changes when one is
    /// unknown). `object` is the JSON object passed with the last pushed or replaced component.
    func run(_ updates: [RouteUpdate], object: JSONValue?) throws(RoutingError) {
        for update in updates { try check(update) }
        let lastWithData = updates.lastIndex(where: \.showsScreenWithData)
        for (index, update) in updates.enumerated() {
            apply(update, object: index == lastWithData ? object : nil)
        }
    }

    private func check(_ update: RouteUpdate) throws(RoutingError) {
        switch update {
        case .hide(let key, _), .show(let key, _):
            guard routes.route(key) != nil || itemOpening(key) != nil else { throw .unknownRoute(key) }
        case .replace(let key, _), .push(let key, _):
            guard let route = routes.route(key) else {
                guard itemOpening(key) != nil else { throw .unknownRoute(key) }
                return
            }
            guard route.screenID != nil, route.kind != .animation else {
                throw .unusable("'\(key)' is an animation route, not a screen of the stack")
            }
        case .pop: break
        }
    }

    private func apply(_ update: RouteUpdate, object: JSONValue?) {
        // Seed 003 per route: `u` (unanimated) takes no time; a settings route has its own.
        routeTransition = nil
        defer { routeTransition = nil }
        switch update {
        case .show(let key, let options), .hide(let key, let options):
            if options.contains(.unanimated) {
                routeTransition = .instant
            } else {
                routeTransition = routes.route(key)?.transition
            }
        case .replace(let key, _), .push(let key, _): routeTransition = routes.route(key)?.transition
        case .pop: break
        }
        switch update {
        case .hide(let key, _):
            if key == AppRoutes.menu {
                if isMenuOpen { menu() }
            } else if let screenID = routes.route(key)?.screenID ?? itemOpening(key).map({ _ in key }),
                let container = presented.last(where: { $0.stack.first?.key.screenID == screenID })
            {
                dismiss(container)
            }
        case .show(let key, _):
            if key == AppRoutes.menu {
                // The root learns its new content first: a side menu closes its panel on
                // select_item, so told after opening, it would close what the URL opened.
                syncRootSelection()
                if !isMenuOpen { menu() }
            } else if let route = routes.route(key), let screenID = route.screenID {
                var request = NavigationRequest(.screen(screenID), origin: .link, presentation: .present)
                request.asDrawer = route.kind == .animation
                open(request)
            } else if let item = itemOpening(key) {
                _ = manager.perform(item, origin: .navigationBar, from: topContainer)  // as a tap in a bar
            }
        case .replace(let key, let data), .push(let key, let data):
            let replaces = if case .replace = update { true } else { false }
            guard let screenID = routes.route(key)?.screenID else {
                // As the menu would (the root's content) or a link would (pushed).
                if let item = itemOpening(key) {
                    _ = manager.perform(item, origin: replaces ? .menu : .link, from: rootContainer)
                }
                return
            }
            let previous = replaces ? nil : rootContainer.top?.key.screenID
            var request = NavigationRequest(
                .screen(screenID), origin: .link, dataSource: object ?? dataSource(ofRouteData: data, after: previous),
                presentation: .push)
            request.from = rootContainer
            request.replacesRoot = replaces
            request.attributes = NavigationRequest.Attributes(data: data, object: object)
            open(request)
        case .pop(let key, let data):
            let component = RouteURL.Component(key, data: data)
            guard let index = stateURL.components.lastIndex(of: component), index > 0 else { return }
            popRoot(toIndex: index - 1)
        }
    }

    /// The nav item that opens the screen a state URL names `key` when no route does: the
    /// screens only an item opens are written with their synthetic ids (`live_drawer:nb-live`,
    /// `cast:sb-cast`, `settings:sb-settings`: the item's type or the host screen's, then its
    /// id), so the URL of a state one of them is in can be opened, and left, like any other:
    /// dismissed by that id, opened by carrying the item out again (`apply`).
    func itemOpening(_ key: String) -> NavItem? {
        guard let colon = key.firstIndex(of: ":"), let item = manager.item(String(key[key.index(after: colon)...]))
        else { return nil }
        let kind = key[..<colon]
        let names = [item.typeName, "cast"] + BuiltInScreenType.allCases.map(\.rawValue)
        return names.contains(String(kind)) ? item : nil
    }

    /// Dismisses `container`, wherever it is among the presented ones.
    func dismiss(_ container: StackContainer) { perform(.dismiss(container)) }

    /// `AppRequest.dismiss`.
    func dismissContainer(_ container: StackContainer) -> Bool {
        guard presented.contains(where: { $0 === container }) else { return false }
        if container === presented.last { return dismissTop() }
        transition {  // under what is visible: no lifecycle event
            container.stack.removeAll()
            removeContainer(container)
        }
        return true
    }
}
