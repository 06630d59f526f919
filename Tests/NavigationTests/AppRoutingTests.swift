import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Deep links in a running app (seed 004): the state URL, opening URLs through the same engine
/// as taps, routes and aliases, transitions (start vs enqueue), attributes before `will_appear`.
@Suite struct AppRoutingTests {
    static func showcase(environment: PlugboardHost = PlugboardHost()) throws -> PlugboardApp {
        try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, environment: environment)
    }

    @Test func theStateURLFollowsEveryChangeOutsideTheRouter() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.state.url == "app://home")
        try app.tap(identifier: "nav-item:nb-epg")
        #expect(app.state.url == "app://home?epg=v")
        #expect(app.close())
        #expect(app.menu())
        #expect(app.state.url == "app://home?menu=v")
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.url == "app://shows")
        try app.tap(identifier: "cell:1:0")
        #expect(app.stateURL.components.map(\.key) == ["shows", "show-details"])
        #expect(app.state.url == "app://shows/show-details::harbour-lights")
        #expect(app.back())
        #expect(app.state.url == "app://shows")
    }

    /// A cell's screen is written with its feed entry's id and reopens to the same instance key
    /// (the whole entry as the data source), in a fresh app started there.
    @Test func aCellsStateURLIsItsEntrysIDAndReopensToTheSameScreen() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.showScreen("shows", presentation: .push))
        try app.tap(identifier: "cell:1:0")
        let url = app.state.url
        #expect(url == "app://home/shows/show-details::harbour-lights")
        let details = try #require(app.rootContainer.top?.key)
        #expect(details.dataSource.contains("urn:showcase:show:harbour-lights"))

        let reopened = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, startURL: url)
        defer { reopened.shutdown() }
        #expect(reopened.startURLFailure == nil)
        #expect(reopened.rootContainer.stack.entries.map(\.key) == app.rootContainer.stack.entries.map(\.key))
        #expect(reopened.state.url == url)
    }

    /// A screen only a nav item opens (the Live drawer, the cast picker) has no route: its state
    /// URL names it by its synthetic id. Another URL opens from there (it is dismissed), and that
    /// state URL reopens it through the item, in a fresh app too. `SupervisedModelTests` found
    /// `open` refused from such a state ("no route 'live_drawer:nb-live'").
    @Test func aScreenOnlyAnItemOpensCanBeLeftAndReopenedByURL() throws {
        let url = "app://home?live_drawer%3Anb-live=v"
        let app = try Self.showcase()
        defer { app.shutdown() }
        try app.tap(identifier: "nav-item:nb-live")
        #expect(app.state.url == url)
        try app.open(urlText: "app://shows")
        #expect(app.state.rootStack == ["shows"] && app.state.presented.isEmpty)
        try app.open(urlText: url)
        #expect(app.state.url == url)
        #expect(app.state.rootStack == ["home"] && app.state.presented == [["live_drawer:nb-live"]])

        let reopened = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, startURL: url)
        defer { reopened.shutdown() }
        #expect(reopened.startURLFailure == nil)
        #expect(reopened.state.url == url)
    }

    /// The cast picker, from a screen whose bar has the cast button.
    @Test func theCastPickersStateURLReopensIt() throws {
        let url = "app://home/shows?cast%3Asb-cast=v"
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, startURL: url)
        defer { app.shutdown() }
        #expect(app.startURLFailure == nil)
        #expect(app.state.presented == [["cast:sb-cast"]])
        #expect(app.state.url == url)
        try app.open(urlText: "app://home/shows")
        #expect(app.state.presented.isEmpty)
    }

    /// A name is written only when it reads back to the very data source: Harbour Lights is in
    /// Home's feed and in Shows', so as the root (no screen beneath to say which feed) it keeps
    /// its JSON text; `{"data": "42"}` stays `::42`.
    @Test func aNameThatCouldMeanTwoEntriesIsNotWritten() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.showScreen("shows", presentation: .push))
        try app.tap(identifier: "cell:1:0")
        let entry = try #require(app.rootContainer.top?.key.dataSource)
        let object = try JSONParser.parse(entry).value
        try app.open(urlText: "app://article::42")
        #expect(app.state.url == "app://article::42")
        var asRoot = NavigationRequest(.screen("show-details"), origin: .link, dataSource: object)
        asRoot.replacesRoot = true
        #expect(app.open(asRoot))
        let written = try #require(app.stateURL.components.first?.data)
        #expect(written.hasPrefix("{"), "\(written)")
        let fresh = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, startURL: app.state.url)
        defer { fresh.shutdown() }
        #expect(fresh.rootContainer.stack.entries.map(\.key) == app.rootContainer.stack.entries.map(\.key))
    }

    @Test func aDeepLinkAndATapSequenceReachTheSameState() throws {
        let linked = try Self.showcase()
        defer { linked.shutdown() }
        try linked.open(urlText: "app://news?menu=v")
        let tapped = try Self.showcase()
        defer { tapped.shutdown() }
        #expect(tapped.selectRootItem("m-news"))
        #expect(tapped.menu())
        for state in [linked.state, tapped.state] {
            #expect(state.url == "app://news?menu=v")
            #expect(state.rootStack == ["news"])
            #expect(state.bar.navigationButtons.map(\.id) == ["nw-home", "nw-shows"])
        }
        #expect(linked.state.bar == tapped.state.bar)
        #expect(linked.isMenuOpen && tapped.isMenuOpen)
        // The side menu plugin's panel is open too: the root was told its new item before the
        // menu opened (a side menu closes its panel on select_item).
        #expect(Self.visibleMenuRows(linked) == Self.visibleMenuRows(tapped))
        #expect(Self.visibleMenuRows(linked).contains("menu-item:m-news"))
        let started = try PlugboardApp(
            folder: Showcase.url, searchPath: Built.searchPath, startURL: "app://news?menu=v")
        defer { started.shutdown() }
        #expect(started.state.url == "app://news?menu=v")
        #expect(Self.visibleMenuRows(started) == Self.visibleMenuRows(linked))
    }

    /// The identifiers of the menu rows the user can see.
    static func visibleMenuRows(_ app: PlugboardApp) -> [String] {
        let tree = app.environment.views
        return tree.allViews.filter { $0.identifier?.hasPrefix("menu-item:") == true && tree.isVisible($0.handle) }
            .compactMap(\.identifier).sorted()
    }

    @Test func openingAURLRunsTheDiffWithLifecycleEventsInOrder() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        try app.open(urlText: "app://home/shows?contact=v")
        #expect(app.state.rootStack == ["home", "shows"])
        #expect(app.state.presented == [["contact"]])
        #expect(app.state.url == "app://home/shows?contact=v")
        #expect(
            app.lifecycle == [
                "will_appear home", "did_appear home",
                "will_disappear home", "did_disappear home", "will_appear shows", "did_appear shows",
                "will_disappear shows", "did_disappear shows", "will_appear contact", "did_appear contact",
            ])
        try app.open(urlText: "app://home")  // hide contact, then pop shows
        #expect(app.state.url == "app://home")
        #expect(
            app.lifecycle.suffix(6) == [
                "will_disappear contact", "did_disappear contact", "will_appear shows", "did_appear shows",
                "will_disappear shows", "did_disappear shows",
            ].suffix(4) + ["will_appear home", "did_appear home"])
        #expect(app.events.last == AppEvent("route", "app://home"))
    }

    @Test func dataReachesTheScreenAndTheURLRoundTrips() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        let object = JSONValue.object(JSONObject([("title", .string("Night / Ferry?")), ("id", .string("42"))]))
        let url = RouteURL(
            scheme: "app", components: [.init("home"), .init("show-details", data: object.serialized())])
        try app.open(url: url)
        let details = try #require((app.visibleEntry?.controller as? ContentScreen)?.details)
        #expect(details.title == "Night / Ferry?")
        // The state URL writes the data source canonically (keys sorted), and opening that reaches
        // the same screen instance: the order a link wrote the keys in is not part of the state.
        let canonical = RouteURL(
            scheme: "app", components: [.init("home"), .init("show-details", data: object.canonicalText())])
        #expect(app.stateURL == canonical)
        #expect(try RouteURL.parse(app.state.url) == canonical)
        let shown = try #require(app.visibleEntry)
        try app.open(url: canonical)
        #expect(app.visibleEntry === shown)
        try app.open(urlText: "app://home/show-details::42")  // a plain data string: {"data": "42"}
        #expect(app.visibleEntry?.key.dataSource == #"{"data":"42"}"#)
        #expect(app.state.url == "app://home/show-details::42")
    }

    @Test func badURLsSayWhyAndChangeNothing() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        let cases: [(String, String)] = [
            ("app://home/nowhere", "no route 'nowhere' (screen ids of rivers.json, the settings' routes, menu)"),
            ("tv://home", "tv://home: the app's scheme is 'app'"),
            ("app://?menu=v", "app://?menu=v: a URL needs the root screen as its first component"),
            ("app://home/menu", "'menu' is an animation route, not a screen of the stack"),
            ("home/shows", "column 1: "),
        ]
        for (text, message) in cases {
            do {
                try app.open(urlText: text)
                Issue.record("\(text) opened")
            } catch {
                #expect(error.description.hasPrefix(message), "\(text): \(error)")
            }
        }
        #expect(app.state.url == "app://home")
    }

    @Test func settingsAliasesAndTheAppsSchemeAreRoutes() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["scheme"] = "tv"
        fixture.settings["routes"] = [
            "guide": ["screen": "shows", "type": "modal"], "ghost": ["screen": "nope"],
            "slide": ["screen": "modal", "type": "animation"],
        ]
        let app = try fixture.launch()
        #expect(app.routes.route("guide")?.kind == .modal)
        #expect(app.routes.route("modal")?.kind == .modal)  // its styles say present
        #expect(app.routes.route("shows")?.kind == .stack)
        #expect(app.routes.route("ghost") == nil)
        #expect(
            app.events.contains(
                AppEvent("error", "settings.json", detail: "route 'ghost' names no screen 'nope' of rivers.json")))
        try app.open(urlText: "tv://home?guide=v")
        #expect(app.state.presented == [["shows"]])
        #expect(app.state.url == "tv://home?shows=v")
        // An animation route slides its screen in as a drawer, and the state URL names the route.
        try app.open(urlText: "tv://home?slide=v")
        #expect(app.presented.map(\.kind) == [.drawer])
        #expect(app.state.url == "tv://home?slide=v")
        try app.open(urlText: "tv://home")
        #expect(app.presented.isEmpty)
        #expect(throws: RoutingError.self) { try app.open(urlText: "tv://home/slide") }
    }

    @Test func startFailsWhileATransitionRunsAndEnqueueWaits() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        var startError: RoutingError?
        var enqueued: [String] = []
        var presentedDuring: [[String]] = []
        app.eventObserver = { event in
            guard event == AppEvent("did_appear", "shows") else { return }
            do throws(RoutingError) {
                try app.transition.push("show-details", data: "x").start()
            } catch {
                startError = error
            }
            app.transition.present("contact").enqueue { enqueued.append($0.map(\.description) ?? "done") }
            presentedDuring = app.state.presented
        }
        try app.transition.root("shows").start()
        #expect(startError == .busy)
        #expect(presentedDuring.isEmpty, "the enqueued one waited for the running one")
        #expect(enqueued == ["done"])
        #expect(app.state.url == "app://shows?contact=v")
    }

    @Test func composedTransitionsPopAndDismiss() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        try app.transition.push("shows").push("news").present("contact").start()
        #expect(app.state.url == "app://home/shows/news?contact=v")
        try app.transition.dismiss("contact").pop(2).start()
        #expect(app.state.url == "app://home")
        #expect(throws: RoutingError.self) { try app.transition.pop().start() }
        try app.transition.present("menu").start()
        #expect(app.isMenuOpen)
        try app.transition.dismiss("menu").start()
        #expect(!app.isMenuOpen)
    }

    @Test func aRouteHandsItsDataToTheScreenBeforeWillAppear() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        let object = JSONValue.object(JSONObject([("episode", .number(JSONNumber(7)))]))
        try app.transition.push("plugin", data: "s1e7").object(object).start()
        let log = messages(environment, from: "test.screen.c").filter {
            !$0.hasPrefix("layout") && !$0.hasPrefix("props")
        }
        let attributes = try #require(log.firstIndex(of: "attributes data=s1e7"))
        #expect(log[attributes + 1] == #"attributes object={"episode":7}"#)
        #expect(log[attributes + 2] == "will_appear")
        #expect(log.contains(#"data_source {"episode":7}"#))
    }

    @Test func appSchemeLinksInNavItemsRouteInside() throws {
        var fixture = StandardApp.fixture()
        var bar = fixture.screens[0]["navigations"] as! [[String: Any]]
        var items = bar[0]["nav_items"] as! [[String: Any]]
        items.append(AppFixture.item("deep", target: "app://home/shows?modal=v"))
        items.append(AppFixture.item("broken-link", target: "app://home/nowhere"))
        bar[0]["nav_items"] = items
        fixture.screens[0]["navigations"] = bar
        let app = try fixture.launch()
        try app.tap(identifier: "nav-item:deep")
        #expect(app.state.url == "app://home/shows?modal=v")
        try app.open(urlText: "app://home")
        try app.tap(identifier: "nav-item:broken-link")
        #expect(app.state.url == "app://home")
        #expect(app.events.last?.name == "error")
    }
}
