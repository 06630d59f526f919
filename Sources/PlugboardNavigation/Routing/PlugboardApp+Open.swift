import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// The navigation engine: every request, whatever its entry point, is decided here.
///
/// The rules of seed 002: from the root's menu a screen becomes the root's content (the menu
/// button stays); from a navigation bar it is presented in a container with its own bar and a
/// close button (a live drawer slides over the current screen instead); from a cell, a link or
/// a plugin it is pushed onto the stack it came from, or presented, as the target's
/// `styles.presentation` (or the caller) says. Every screen goes through the screen cache: a
/// screen opened again with the same id and data source is the same instance, shown again.
extension PlugboardApp {
    /// How a request is carried out.
    enum Presentation: String {
        case rootContent = "root content"
        case rootReplace = "root"
        case push, present, drawer
    }

    /// What a request resolves to: the cache key, how to make the screen (under the key given:
    /// its own or another copy's), and the target's own `styles.presentation`.
    struct ResolvedTarget {
        var key: ScreenCache.Key
        var screenPresentation: ScreenPresentation?
        var make: (ScreenCache.Key) -> ScreenEntry
        var isDrawer = false
    }

    /// Carries out `request` (through `perform`). False (with an `error` event) when its target
    /// does not exist.
    @discardableResult
    package func open(_ request: NavigationRequest) -> Bool { perform(.open(request)) }

    /// `AppRequest.open`: seed 002's rules.
    func openScreen(_ request: NavigationRequest) -> Bool {
        guard let target = resolve(request) else { return false }
        let presentation =
            request.replacesRoot ? .rootReplace : request.asDrawer ? .drawer : presentation(for: request, target)
        let from = request.from ?? topContainer
        // The screen already shown where the request would show it: nothing to do.
        let shownThere: ScreenEntry? =
            switch presentation {
            case .push: from.top
            case .present, .drawer: visibleEntry
            case .rootContent, .rootReplace: nil
            }
        if shownThere?.key.sameScreen(as: target.key) == true { return true }
        record(
            .open(subject: target.key.description, origin: request.origin.rawValue, presentation: presentation.rawValue)
        )
        // The side menu closes when anything else changes the screen (a selection closes it
        // itself; a URL's new root keeps it as the URL says): it is open only over a lone root
        // screen, so a URL can always say it.
        if request.origin != .menu, !request.replacesRoot { closeMenu() }
        let attributes = request.attributes
        func prepared(_ entry: ScreenEntry) -> ScreenEntry {
            if let attributes, let plugin = entry.controller as? PluginScreenController {
                plugin.instance.updateAttributes(data: attributes.data, objectJSON: attributes.object?.serialized())
            }
            return entry
        }
        switch presentation {
        case .rootContent: showAsRootContent(target, prepared)
        case .rootReplace: replaceRoot(target, prepared)
        case .push: show(prepared(entry(target)), in: from, replacing: false)
        case .present:
            if let index = presentedIndex(of: target.key) {
                dismiss(above: index)
            } else {
                // A route is presented once (its URL parameter names no data source): the same
                // screen presented with other data is dismissed, with what is over it, first.
                if let index = presented.firstIndex(where: {
                    $0.kind == .presented && $0.stack.first?.key.screenID == target.key.screenID
                }) {
                    dismiss(above: index - 1)
                }
                present(prepared(entry(target)), kind: .presented)
            }
        case .drawer: present(prepared(entry(target)), kind: .drawer)
        }
        trimCache()
        return true
    }

    /// Seed 002's rule, in one place.
    func presentation(for request: NavigationRequest, _ target: ResolvedTarget) -> Presentation {
        switch request.origin {
        case .menu: return .rootContent
        case .navigationBar: return target.isDrawer ? .drawer : .present
        case .cell, .link:
            return (request.presentation ?? target.screenPresentation) == .present ? .present : .push
        }
    }

    /// The screen instance a request shows for `target`. A screen instance is on at most one
    /// stack, and a request never takes one from under the user: the cached instance is shown
    /// when it is on no stack (or only on `replacing`, the stack the request replaces); while it
    /// is shown elsewhere (Home on the root stack and Home presented over it, or the article
    /// under a modal opened again from inside it) another instance is made, cached under the
    /// next copy number, and reused like the first once it is free.
    func entry(_ target: ResolvedTarget, replacing: StackContainer? = nil) -> ScreenEntry {
        var key = target.key
        while let cached = cache.peek(key), !isFree(cached, replacing: replacing) { key.copy += 1 }
        if let cached = cache.lookup(key) { return cached }
        let made = target.make(key)
        cache.insert(made)
        return made
    }

    private func isFree(_ entry: ScreenEntry, replacing: StackContainer?) -> Bool {
        if entry.stacksHolding == 0 { return true }
        guard entry.stacksHolding == 1, let replacing else { return false }
        return replacing.stack.contains { $0 === entry }
    }

    /// Where a screen presented earlier is among the presented containers. A presented screen is
    /// one visible route of the state URL (`?contact=v`), so presenting it again brings it back
    /// to the top (the containers above it are dismissed) rather than presenting it twice.
    private func presentedIndex(of key: ScreenCache.Key) -> Int? {
        presented.firstIndex { $0.kind == .presented && $0.stack.first?.key.sameScreen(as: key) == true }
    }

    /// The menu's rule: dismiss what is presented, then make the screen the root stack's only
    /// one (or pop back to it when it already is the root content).
    private func showAsRootContent(_ target: ResolvedTarget, _ prepared: (ScreenEntry) -> ScreenEntry) {
        while !presented.isEmpty { close() }
        replaceRoot(target, prepared)
    }

    /// Makes the screen the root stack's only one (popping back to it when it is the root already).
    private func replaceRoot(_ target: ResolvedTarget, _ prepared: (ScreenEntry) -> ScreenEntry) {
        if let first = rootContainer.stack.first, first.key.sameScreen(as: target.key) {
            _ = prepared(first)
            popRoot(toIndex: 0)
            return
        }
        show(prepared(entry(target, replacing: rootContainer)), in: rootContainer, replacing: true)
    }

    /// Destroys least recently used screens that are on no stack, past the cache's capacity.
    /// Evicts what is over capacity and on no stack (`ScreenEntry.stacksHolding`, kept by the
    /// stacks themselves: no stack is walked).
    func trimCache() {
        cache.trim(destroy: { evict($0) })
    }

    // MARK: targets

    func resolve(_ request: NavigationRequest) -> ResolvedTarget? {
        let dataSource = request.dataSource
        switch request.target {
        case .screen(let id):
            guard let screen = configuration.rivers.screen(id) else {
                record(AppEvent("error", id, detail: "no screen with this id in rivers.json"))
                return nil
            }
            let key = ScreenCache.Key(screenID: id, dataSource: dataSource)
            return ResolvedTarget(key: key, screenPresentation: screen.styles.presentation) { [unowned self] key in
                screens.entry(screen, dataSource: dataSource, key: key)
            }
        case .component(let item):
            let dataSource = dataSource ?? ScreenProps.componentModels(item).dataSource
            let key = ScreenCache.Key(screenID: "\(item.typeName):\(item.id)", dataSource: dataSource)
            return ResolvedTarget(
                key: key, screenPresentation: nil,
                make: { [unowned self] key in
                    ScreenEntry(
                        controller: screens.makeComponent(item, dataSource: dataSource), screen: nil,
                        isWhiteLabel: false, key: key)
                }, isDrawer: item.type == .liveDrawer)
        case .whiteLabel(let type, let itemID):
            let key = ScreenCache.Key(screenID: "\(type.rawValue):\(itemID)", dataSource: nil)
            return ResolvedTarget(key: key, screenPresentation: nil) { [unowned self] key in
                ScreenEntry(
                    controller: screens.makeWhiteLabel(type, itemID: itemID), screen: nil, isWhiteLabel: true, key: key)
            }
        case .castPicker(let itemID):
            let key = ScreenCache.Key(screenID: "cast:\(itemID)", dataSource: nil)
            return ResolvedTarget(key: key, screenPresentation: nil) { [unowned self] key in
                ScreenEntry(controller: makeCastPicker(itemID: itemID), screen: nil, isWhiteLabel: false, key: key)
            }
        }
    }
}

extension PlugboardApp {
    /// A plugin opens a screen (`plugboard.host.navigation`): a link from where it is shown —
    /// the stack of the calling screen, or the root stack for the root.
    package func navigation(
        _ host: InstanceHost, open screenID: String, dataSource: JSONValue?, mode: ScreenPresentation?
    ) -> Bool {
        var request = NavigationRequest(.screen(screenID), origin: .link, dataSource: dataSource, presentation: mode)
        request.from = host.kind == .root ? rootContainer : container(ofScreen: host)
        return open(request)
    }

    package func screenExists(_ screenID: String) -> Bool { configuration.rivers.screen(screenID) != nil }
}

extension PlugboardApp {
    /// A plugin routes (`plugboard.host.routing`): its steps as one composed transition.
    package func route(
        _ host: InstanceHost, steps: [PluginRouteStep], enqueue: Bool, object: JSONValue?,
        completion: @escaping (PluginRouteOutcome) -> Void
    ) -> String? {
        let transition = self.transition
        for step in steps {
            let animated = step.animated
            switch step.operation {
            case .push(let key, let data): _ = transition.push(key, data: data, animated: animated)
            case .root(let key, let data): _ = transition.root(key, data: data, animated: animated)
            case .present(let key): _ = transition.present(key, animated: animated)
            case .dismiss(let key): _ = transition.dismiss(key, animated: animated)
            case .pop(let count): _ = transition.pop(count, animated: animated)
            case .openURL(let text):
                do throws(RouteURLError) {
                    _ = transition.open(try RouteURL.parse(text), animated: animated)
                } catch {
                    return "\(text): \(error)"
                }
            }
        }
        if let object { _ = transition.object(object) }
        let finish: RouteTransition.Completion = { [unowned transition] error in
            switch error {
            case nil: completion(.ran)
            case .cancelled(let why)?: completion(.cancelled(why))
            case let error?: completion(.failed(transition.describe(error)))
            }
        }
        if enqueue {
            transition.enqueue(finish)
            return nil
        }
        do throws(RoutingError) {
            try transition.start(finish)
            return nil
        } catch {
            return transition.describe(error)
        }
    }
}
