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
        let kept = zip(presented, keys).prefix { $0.first == $1 }.count
        presented = Array(presented.prefix(kept)) + keys.dropFirst(kept).map { [$0] }
        isMenuOpen = url.isVisible(AppRoutes.menu)
    }

    /// True when the state URL says all of this state (nothing pushed inside a presented screen).
    var isWhollyInItsURL: Bool { presented.allSatisfy { $0.count == 1 } }

    init(root: [String]) { self.root = root }

    /// The real app's state in the model's terms.
    init(_ app: PlugboardApp) {
        func key(_ entry: ScreenEntry) -> String {
            let data = PlugboardApp.routeData(of: entry.key.dataSource)
            return data.map { "\(entry.key.screenID)::\($0)" } ?? entry.key.screenID
        }
        root = app.rootContainer.stack.map(key)
        presented = app.presented.map { $0.stack.map(key) }
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
        var random = SeededRandom(seed: seed)
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        var model = NavigationModel(root: ["home"])
        var steps: [String] = []
        for step in 0..<2_000 {
            let request = Self.request(&random, app: app)
            steps.append(request.description)
            let said = request.apply(to: app)
            let expected = request.apply(to: &model)
            let context = "seed \(seed) step \(step): \(steps.suffix(6).joined(separator: ", "))"
            #expect(said == expected, "\(context): the app answered \(said), the model \(expected)")
            #expect(NavigationModel(app) == model, "\(context)")
            #expect(app.invariantViolations() == [], "\(context)")
            #expect(!app.events.suffix(8).contains { $0.name == "error" }, "\(context): \(app.events.suffix(8))")
            guard NavigationModel(app) == model, app.invariantViolations().isEmpty else { return }
            if step % 97 == 0, model.isWhollyInItsURL { try Self.reopen(app.stateURL, expecting: model, context) }
        }
    }

    /// The state URL, opened in a fresh app, reaches the same state.
    static func reopen(_ url: RouteURL, expecting model: NavigationModel, _ context: String) throws {
        let fresh = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { fresh.shutdown() }
        try fresh.open(url: url)
        #expect(NavigationModel(fresh) == model, "\(context): \(url) reopened")
    }

    /// One request, as an entry point makes it.
    enum Request: CustomStringConvertible {
        case push(String), present(String), back, close, select(item: String), menu, open(RouteURL)
        /// A tap on the visible bar's navigation button `item`, which opens `target`.
        case tapBarButton(item: String, target: String)
        case swipeBack(finishing: Bool)

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
            }
        }

        /// Applied to the app through its entry points; what the entry point answered.
        func apply(to app: PlugboardApp) -> Bool {
            switch self {
            case .push(let key):
                let (id, data) = NavigationModelTests.split(key)
                return app.showScreen(id, dataSource: PlugboardApp.dataSource(ofRouteData: data), presentation: .push)
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
        case 0..<4: return .push(stackKey(&random))
        case 4..<6: return .present(modalScreens.randomElement(using: &random)!)
        case 6..<8: return .back
        case 8..<10: return .close
        case 10..<12: return .select(item: menuItems.keys.sorted().randomElement(using: &random)!)
        case 12: return .menu
        default: return .open(url(&random))
        }
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
