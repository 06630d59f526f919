import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardNavigation

/// The navigation rules as a small reference model: stacks of screen keys, the presented
/// screens and the side menu, with no plugins, views or cache. `NavigationModelTests` drives it
/// and the real app side by side.
struct NavigationModel: Equatable, CustomStringConvertible {
    /// The root stack, bottom to top: screen ids, `id::data` with a data source.
    var root: [String]
    /// Each presented container's stack, bottom to top.
    var presented: [[String]] = []
    var isMenuOpen = false

    var visible: String { presented.last?.last ?? root.last! }
    var description: String {
        "root \(root) presented \(presented)" + (isMenuOpen ? " menu" : "")
    }

    /// A link pushes onto the visible stack; the screen already shown there is left as it is.
    mutating func push(_ key: String) {
        guard visible != key else { return }
        isMenuOpen = false
        if presented.isEmpty { root.append(key) } else { presented[presented.count - 1].append(key) }
    }

    /// A screen is presented over everything; one already presented is brought back to the top
    /// (the ones above it are dismissed), since a presented screen is one visible route.
    mutating func present(_ key: String) {
        guard visible != key else { return }
        isMenuOpen = false
        if let index = presented.firstIndex(where: { $0.first == key }) {
            presented.removeSubrange((index + 1)...)
        } else {
            // A route is presented once: the same screen with other data goes, with what is over it.
            if let index = presented.firstIndex(where: { Self.screen($0[0]) == Self.screen(key) }) {
                presented.removeSubrange(index...)
            }
            presented.append([key])
        }
    }

    mutating func back() -> Bool {
        if let top = presented.last {
            guard top.count > 1 else { return false }
            presented[presented.count - 1].removeLast()
        } else {
            guard root.count > 1 else { return false }
            root.removeLast()
        }
        return true
    }

    /// A bar's navigation button presents its target; the one of the screen shown is disabled.
    mutating func tapBarButton(target: String) -> Bool {
        guard visible != target else { return false }
        present(target)
        return true
    }

    /// The edge back-gesture: a finished one is back; a cancelled one changes nothing.
    mutating func swipeBack(finishing: Bool) -> Bool {
        let stack = presented.last ?? root
        guard stack.count > 1 else { return false }
        return finishing ? back() : true
    }

    mutating func close() -> Bool {
        guard !presented.isEmpty else { return false }
        presented.removeLast()
        return true
    }

    /// The menu's rule: what is presented goes, and the screen becomes the root's only one.
    mutating func select(_ key: String) {
        presented = []
        root = [key]
        isMenuOpen = false
    }

    /// The menu button works over a lone root screen only.
    mutating func menu() -> Bool {
        guard presented.isEmpty, root.count == 1 else { return false }
        isMenuOpen.toggle()
        return true
    }

    /// Opening a URL: the state it names. Presented screens the URL keeps at the front of its
    /// parameters, in the same order, keep what was pushed inside them (a URL says only which
    /// screens are presented).
    mutating func open(_ url: RouteURL) {
        root = url.components.map { component in component.data.map { "\(component.key)::\($0)" } ?? component.key }
        let keys = url.visibleKeys.filter { $0 != AppRoutes.menu }
        let kept = zip(presented, keys).prefix { Self.screen($0[0]) == $1 }.count  // a route visible in both stays
        presented = Array(presented.prefix(kept)) + keys.dropFirst(kept).map { [$0] }
        isMenuOpen = url.isVisible(AppRoutes.menu)
    }

    /// The screen id of a key (`show-details` of `show-details::42`).
    static func screen(_ key: String) -> String { String(key.prefix { $0 != ":" }) }

    /// True when the state URL says all of this state: nothing pushed inside a presented screen,
    /// no presented screen with a data source (a parameter carries none).
    var isWhollyInItsURL: Bool { presented.allSatisfy { $0.count == 1 && !$0[0].contains("::") } }

    /// The channel of a programme the C EPG plugin opened (`{"channel": N, "hour": H, …,
    /// "type": "EPG_PROGRAMME"}`): the model knows a programme by its channel, since the hour
    /// is the plugin's clock's, the same for every row of one guide.
    static func epgChannel(of entry: ScreenEntry) -> Int? {
        guard let object = (try? JSONParser.parse(entry.key.dataSource))?.value.objectValue,
            object["type"]?.stringValue == "EPG_PROGRAMME"
        else { return nil }
        return object["channel"]?.numberValue?.int
    }

    init(root: [String]) { self.root = root }

    /// The real app's state in the model's terms.
    init(_ app: PlugboardApp) {
        // Each key as the state URL writes it: with its data after the screen beneath it.
        func keys(_ stack: [ScreenEntry]) -> [String] {
            stack.indices.map { index in
                let entry = stack[index]
                if let channel = NavigationModel.epgChannel(of: entry) { return "\(entry.key.screenID)::ch\(channel)" }
                let data = app.routeData(of: entry, after: index > 0 ? stack[index - 1].key.screenID : nil)
                return data.map { "\(entry.key.screenID)::\($0)" } ?? entry.key.screenID
            }
        }
        root = keys(app.rootContainer.stack.entries)
        presented = app.presented.map { keys($0.stack.entries) }
        isMenuOpen = app.isMenuOpen
    }
}

/// Seeded random sequences of every kind of request, from the entry points plugins, links, the
/// menu, the bar's buttons and URLs use, applied to the real Showcase and to the model; after
/// each step the two must agree and the app's invariants hold. Every few steps the state URL is
/// opened in a fresh app, which must reach the same state. A failure names its seed and step:
/// `NAVIGATION_MODEL_SEED=<seed> swift test --filter NavigationModelTests` replays it alone.
@Suite struct NavigationModelTests {
    static let stackScreens = ["home", "shows", "news", "movies", "kids", "about", "epg", "article"]
    static let details = ["42", "7", "x y/z"]
    static let modalScreens = ["contact", "programme", "movie-details", "epg-full"]
    static let menuItems = [
        "m-home": "home", "m-shows": "shows", "m-movies": "movies", "m-news": "news", "m-kids": "kids",
        "m-about": "about", "m-guide-full": "epg-full",
    ]

    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["NAVIGATION_MODEL_SEED"], let seed = UInt64(text) {
            return [seed]
        }
        return [1, 2, 3, 4, 5]
    }

    @Test(arguments: seeds) func theAppFollowsTheModel(seed: UInt64) throws {
        try follow(seed: seed, steps: 2_000, virtualClock: false)
    }

    /// The same on the virtual clock: each request animated or not (at random); after it, the
    /// clock moves until its movement has ended.
    @Test(arguments: seeds) func theAppOnTheVirtualClockFollowsTheModel(seed: UInt64) throws {
        try follow(seed: seed, steps: 600, virtualClock: true)
    }

    func follow(seed: UInt64, steps count: Int, virtualClock: Bool) throws {
        var random = SeededRandom(seed: seed)
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        if virtualClock { app.clock.mode = .virtual }
        var model = NavigationModel(root: ["home"])
        var steps: [String] = []
        var (cellTaps, rowTaps) = (0, 0)
        for step in 0..<count {
            let request = Self.request(&random, app: app)
            let animated = virtualClock && Bool.random(using: &random)
            steps.append(request.description + (virtualClock && !animated ? " (unanimated)" : ""))
            let said = app.animating(animated || !virtualClock) { request.apply(to: app) }
            if virtualClock, app.isAnimating {
                #expect(animated, "seed \(seed) step \(step): \(request) moves, unanimated")
                app.wait(TransitionSpec.maximumDuration)
            }
            let expected = request.apply(to: &model)
            let context = "seed \(seed) step \(step): \(steps.suffix(6).joined(separator: ", "))"
            if ProcessInfo.processInfo.environment["NAVIGATION_MODEL_TRACE"] != nil {
                print("TRACE \(step) \(request): app \(NavigationModel(app)) model \(model) url \(app.stateURL)")
            }
            #expect(said == expected, "\(context): the app answered \(said), the model \(expected)")
            #expect(NavigationModel(app) == model, "\(context)")
            #expect(app.invariantViolations() == [], "\(context)")
            #expect(!app.events.suffix(8).contains { $0.name == "error" }, "\(context): \(app.events.suffix(8))")
            guard NavigationModel(app) == model, app.invariantViolations().isEmpty else { return }
            if step % 97 == 0, model.isWhollyInItsURL { try Self.restart(at: app.stateURL, expecting: model, context) }
            if case .tapCell = request { cellTaps += 1 }
            if case .tapEPGRow = request { rowTaps += 1 }
        }
        #expect(
            cellTaps > count / 100 && rowTaps > count / 400,
            "seed \(seed): only \(cellTaps) cells and \(rowTaps) guide rows tapped")
    }

    /// The state URL, given to a fresh app to start in (a restore after a restart), reaches the
    /// same state, having made only the screens the URL names.
    static func restart(at url: RouteURL, expecting model: NavigationModel, _ context: String) throws {
        let fresh = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, startURL: url.description)
        defer { fresh.shutdown() }
        #expect(fresh.startURLFailure == nil, "\(context): \(url) did not reopen")
        #expect(NavigationModel(fresh) == model, "\(context): \(url) reopened")
        #expect(fresh.invariantViolations() == [], "\(context): \(url) reopened")
        let named = Set(
            (url.components.map(\.key) + url.parameters.map(\.key)).compactMap { fresh.routes.route($0)?.screenID })
        let made = fresh.cache.statistics.keys.map { String($0.prefix { $0 != " " }) }
        #expect(made.allSatisfy(named.contains), "\(context): \(url) made \(made)")
    }

    /// One request, as an entry point makes it.
    enum Request: CustomStringConvertible {
        case push(String), present(String), back, close, select(item: String), menu, open(RouteURL)
        /// A tap on the visible bar's navigation button `item`, which opens `target`.
        case tapBarButton(item: String, target: String)
        case swipeBack(finishing: Bool)
        /// A tap on the visible root screen's cell `identifier`, which pushes `key`.
        case tapCell(identifier: String, key: String)
        /// A tap on a row of the C EPG plugin's guide: the plugin opens the programme through
        /// `plugboard.host.navigation` (`open_screen`), and it is presented.
        case tapEPGRow(channel: Int)

        var description: String {
            switch self {
            case .push(let key): "push \(key)"
            case .present(let key): "present \(key)"
            case .back: "back"
            case .close: "close"
            case .select(let item): "select \(item)"
            case .menu: "menu"
            case .open(let url): "open \(url)"
            case .tapBarButton(let item, _): "tap nav-item:\(item)"
            case .swipeBack(let finishing): "swipe back" + (finishing ? "" : " --progress 0.1")
            case .tapCell(let identifier, _): "tap \(identifier)"
            case .tapEPGRow(let channel): "tap epg-row:\(channel)"
            }
        }

        /// Applied to the app through its entry points; what the entry point answered.
        func apply(to app: PlugboardApp) -> Bool {
            switch self {
            case .push(let key):
                let (id, data) = NavigationModelTests.split(key)
                let beneath = app.topContainer.top?.key.screenID
                return app.showScreen(
                    id, dataSource: app.dataSource(ofRouteData: data, after: beneath), presentation: .push)
            case .present(let key): return app.showScreen(key, presentation: .present)
            case .back: return app.back()
            case .close: return app.close()
            case .select(let item): return app.selectRootItem(item)
            case .menu: return app.menu()
            case .open(let url): return (try? app.open(url: url)) != nil
            case .tapBarButton(let item, _): return (try? app.tap(identifier: "nav-item:\(item)")) != nil
            case .swipeBack(let finishing):
                let swipe = Swipe(.pop, from: 0, progress: finishing ? 1 : 0.1)
                return (try? app.swipe(swipe)) != nil
            case .tapCell(let identifier, _): return (try? app.tap(identifier: identifier)) != nil
            case .tapEPGRow(let channel): return (try? app.tap(identifier: "epg-row:\(channel)")) != nil
            }
        }

        func apply(to model: inout NavigationModel) -> Bool {
            switch self {
            case .push(let key): model.push(key)
            case .present(let key): model.present(key)
            case .back: return model.back()
            case .close: return model.close()
            case .select(let item): model.select(NavigationModelTests.menuItems[item]!)
            case .menu: return model.menu()
            case .open(let url): model.open(url)
            case .tapBarButton(_, let target): return model.tapBarButton(target: target)
            case .swipeBack(let finishing): return model.swipeBack(finishing: finishing)
            case .tapCell(_, let key): model.push(key)
            case .tapEPGRow(let channel): model.present("programme::ch\(channel)")
            }
            return true
        }
    }

    static func split(_ key: String) -> (String, String?) {
        guard let range = key.range(of: "::") else { return (key, nil) }
        return (String(key[..<range.lowerBound]), String(key[range.upperBound...]))
    }

    /// A random request. A bar button is one of the visible bar's (its items come from the
    /// screen's bar model, so the app is asked which are shown); the model decides the outcome.
    static func request(_ random: inout SeededRandom, app: PlugboardApp) -> Request {
        switch Int.random(in: 0..<20, using: &random) {
        case 16, 17:
            let buttons = app.state.bar.navigationButtons.compactMap { button -> Request? in
                let tree = app.environment.views
                guard let view = tree.find(identifier: "nav-item:\(button.id)", under: app.topContainer.layer),
                    tree.isVisible(view), let item = app.manager.item(button.id), item.type == .button,
                    let target = item.data.target, app.configuration.rivers.screen(target) != nil
                else { return nil }
                return .tapBarButton(item: button.id, target: target)
            }
            return buttons.randomElement(using: &random) ?? .back
        case 18, 19:
            // A screen naming its own back-gesture target (the EPG names Home) is GestureTests'.
            guard app.topContainer.top?.controller.gestureTarget(.pop) == nil else { return .back }
            return .swipeBack(finishing: Int.random(in: 0..<2, using: &random) == 0)
        case 14, 15:
            if ["epg", "epg-full"].contains(app.visibleEntry?.key.screenID), !app.isMenuOpen {
                return .tapEPGRow(channel: Int.random(in: 1...8, using: &random))
            }
            return cellTap(&random, app: app) ?? .back
        case 0..<4: return .push(stackKey(&random))
        case 4..<6: return .present(modalScreens.randomElement(using: &random)!)
        case 6..<8: return .back
        case 8..<10: return .close
        case 10..<12: return .select(item: menuItems.keys.sorted().randomElement(using: &random)!)
        case 12: return .menu
        default: return .open(url(&random))
        }
    }

    /// A tap on a cell of the visible root screen whose target is pushed; the model expects its
    /// feed entry's id, after its last `:`, as the key's data (`show-details::harbour-lights`).
    /// Not a cell whose key reads as the visible screen's but whose entry is another feed's (the
    /// same show in Home's feed and in Shows'): the app rightly pushes it, and the model, which
    /// knows keys only, could not tell it from the screen shown.
    static func cellTap(_ random: inout SeededRandom, app: PlugboardApp) -> Request? {
        guard app.presented.isEmpty, !app.isMenuOpen, let visible = app.visibleEntry,
            let content = visible.controller as? ContentScreen
        else { return nil }
        let visibleKey = NavigationModel(app).visible
        let taps = content.sections.flatMap { section -> [Request] in
            guard let target = section.target, app.configuration.rivers.screen(target)?.styles.presentation != .present
            else { return [] }
            return section.cells.indices.compactMap { index in
                let dataSource = section.cells[index].dataSource
                guard let id = dataSource.objectValue?["id"]?.stringValue, let name = id.split(separator: ":").last
                else { return nil }
                let key = "\(target)::\(name)"
                if key == visibleKey, dataSource.canonicalText() != visible.key.dataSource { return nil }
                return .tapCell(identifier: "cell:\(section.position):\(index)", key: key)
            }
        }
        return taps.randomElement(using: &random)
    }

    static func stackKey(_ random: inout SeededRandom) -> String {
        if Int.random(in: 0..<5, using: &random) == 0 {
            return "show-details::" + details.randomElement(using: &random)!
        }
        return stackScreens.randomElement(using: &random)!
    }

    /// A URL the app can be in: no screen right above itself, presented screens once each, the
    /// menu only over a lone root screen.
    static func url(_ random: inout SeededRandom) -> RouteURL {
        var keys: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let key = stackKey(&random)
            if keys.last != key { keys.append(key) }
        }
        let components = keys.map { key in
            let (id, data) = split(key)
            return RouteURL.Component(id, data: data)
        }
        var parameters: [RouteURL.Parameter] = []
        if components.count == 1, Int.random(in: 0..<4, using: &random) == 0 {
            parameters = [RouteURL.Parameter(AppRoutes.menu, .visible)]
        } else {
            for key in modalScreens.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))
            where key != keys.last {
                parameters.append(RouteURL.Parameter(key, .visible))
            }
        }
        return RouteURL(scheme: "app", components: components, parameters: parameters)
    }
}
