import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Context buttons, every nav-item type, presentation rules and the lifecycle order.
@Suite struct NavigationTests {
    @Test func theMenuButtonShowsOnlyWhenTheRootAnswersSpecialAction() throws {
        let plain = try StandardApp.fixture(root: "test.root.plain").launch()
        #expect(plain.state.bar.contextButton == .none)
        #expect(!plain.menu())

        let environment = PlugboardHost()
        let special = try StandardApp.fixture(root: "test.root.swift").launch(environment: environment)
        #expect(special.state.bar.contextButton == .menu)
        try special.tap(identifier: "context")  // the bar's own context button
        #expect(messages(environment, from: "test.root.swift").contains("special action menu=open"))
        #expect(special.events.contains(AppEvent("special_action", "test.root.swift")))
    }

    @Test func backAfterAPushCloseOnAPresentedScreenMenuOnTheRootContentNeverTwo() throws {
        let app = try StandardApp.fixture(root: "test.root.swift").launch()
        #expect(app.selectRootItem("m-shows"))  // from the menu: the root's content, menu button kept
        #expect(app.state.rootStack == ["shows"])
        #expect(app.state.bar.contextButton == .menu)
        #expect(app.showScreen("plugin"))  // a link: pushed onto the visible stack
        #expect(app.state.rootStack == ["shows", "plugin"])
        #expect(app.state.bar.contextButton == .back)
        try app.tap(identifier: "nav-item:to-home")  // from the bar: presented
        #expect(app.state.state == "presentation")
        #expect(app.state.presented == [["home"]])
        #expect(app.state.bar.contextButton == .close)
        try app.tap(identifier: "context")  // close
        #expect(app.state.state == "root")
        #expect(app.state.bar.contextButton == .back)
        try app.tap(identifier: "context")  // back
        #expect(app.state.rootStack == ["shows"])
        #expect(app.state.bar.contextButton == .menu)
        #expect(!app.back())
        #expect(!app.close())
    }

    @Test func menuSelectionReplacesTheRootContentAndReselectingIsACacheHit() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture(root: "test.root.swift").launch(environment: environment)
        #expect(app.selectRootItem("m-plugin"))
        #expect(app.state.rootStack == ["plugin"])
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.rootStack == ["shows"])
        #expect(app.state.bar.contextButton == .menu)
        #expect(app.selectRootItem("m-plugin"))  // the same instance again
        #expect(app.state.rootStack == ["plugin"])
        #expect(messages(environment, from: "test.screen.c").filter { $0 == "init" }.count == 1)
        #expect(app.state.cache.hits == 1)
        #expect(messages(environment, from: "test.root.swift").last { $0.hasPrefix("select") } == "select m-plugin")
    }

    @Test func aScreenButtonPresentsItsTargetWithItsOwnBar() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        #expect(app.state.presented == [["shows"]])
        #expect(app.presented.first?.bar != nil)
        #expect(app.presented.first?.bar !== app.rootContainer.bar)
        #expect(app.state.bar.title == "Shows")
    }

    @Test func theMenuPushesAndTheBarPresentsWhateverTheStylesSay() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[2]["styles"] = ["presentation": "push"]  // shows
        let app = try fixture.launch()
        #expect(app.selectRootItem("m-modal"))  // styles say present; the menu's rule wins
        #expect(app.state.rootStack == ["modal"])
        #expect(app.state.presented.isEmpty)
        #expect(app.selectRootItem("m-plugin"))
        try app.tap(identifier: "nav-item:to-shows")  // styles say push; the bar's rule wins
        #expect(app.state.presented == [["shows"]])
        #expect(app.state.bar.contextButton == .close)
    }

    @Test func linksFollowTheTargetsStylesPresentation() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.showScreen("modal"))  // styles say present
        #expect(app.state.presented == [["modal"]])
        #expect(app.close())
        #expect(app.showScreen("shows"))  // no presentation: push
        #expect(app.state.rootStack == ["home", "shows"])
        #expect(app.showScreen("modal", presentation: .push))  // what the caller asks wins
        #expect(app.state.rootStack == ["home", "shows", "modal"])
        #expect(!app.showScreen("nope"))
        #expect(app.events.last == AppEvent("error", "nope", detail: "no screen with this id in rivers.json"))
    }

    @Test func aButtonTargetingTheVisibleScreenIsDisabled() throws {
        let app = try StandardApp.fixture().launch()
        let buttons = Dictionary(uniqueKeysWithValues: app.state.bar.navigationButtons.map { ($0.id, $0.enabled) })
        #expect(buttons["to-home"] == false)
        #expect(buttons["to-shows"] == true)
        #expect(throws: ViewError.self) { try app.tap(identifier: "nav-item:to-home") }
        #expect(app.state.state == "root")
    }

    @Test func aURLButtonHandsTheURLToTheSystem() throws {
        let app = try StandardApp.fixture().launch()
        var opened: [String] = []
        app.urlOpener = { opened.append($0) }
        try app.tap(identifier: "nav-item:web")
        #expect(opened == ["https://example.com/page"])
        #expect(app.state.state == "root")
        #expect(app.state.visibleScreen == "home")
        #expect(app.events.contains(AppEvent("open_url", "web", detail: "https://example.com/page")))
    }

    @Test(arguments: [
        ("live", "live_drawer:live", "https://feeds.example.com/live"),
        ("feed", "applicaster_feed:feed", "https://feeds.example.com/news"),
    ])
    func componentItemsOpenTheirComponentScreens(item: String, screen: String, source: String) throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:\(item)")
        #expect(app.state.visibleScreen == screen)
        // The live drawer slides over the current screen; the feed is presented.
        #expect(app.presented.last?.kind == (item == "live" ? .drawer : .presented))
        if item == "live" {  // the lower 60% of the phone, its bar (close button) on top
            #expect(app.state.frames.window == Rect(x: 0, y: 338, width: 390, height: 506))
            #expect(app.state.frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 44))
            #expect(app.state.bar.contextButton == .close)
        }
        let controller = try #require(app.visibleEntry?.controller as? BuiltInScreen)
        if case .component(_, let dataSource) = controller.kind {
            #expect(dataSource == source)
        } else {
            Issue.record("not a component screen: \(controller.kind)")
        }
    }

    @Test func chromecastOpensTheCastPickerAndTheButtonShowsTheDevice() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["cast_devices"] = ["Living Room TV", "Kitchen"]
        let app = try fixture.launch()
        try app.tap(identifier: "nav-item:cast")
        #expect(app.state.visibleScreen == "cast:cast")
        let picker = try #require(app.visibleEntry?.controller.view)
        let texts = { app.collect(under: picker).compactMap { app.environment.views[$0]?.text } }
        #expect(texts() == ["Cast to", "Living Room TV", "Kitchen", "Disconnect"])
        try app.tap(identifier: "cast-device:2")
        #expect(app.state.state == "root")
        #expect(app.castDevice == "Kitchen")
        #expect(app.events.contains(AppEvent("cast_connected", "cast", detail: "Kitchen")))
        #expect(app.state.bar.navigationButtons.first { $0.id == "cast" }?.title == "Cast ▸ Kitchen")
        try app.tap(identifier: "nav-item:cast")  // the cached picker, showing the connection
        #expect(texts() == ["Cast to", "Living Room TV", "✓ Kitchen", "Disconnect"])
        try app.tap(identifier: "cast-disconnect")
        #expect(app.castDevice == nil)
        #expect(app.state.bar.navigationButtons.first { $0.id == "cast" }?.title == "Cast")
    }

    @Test func labelsAndHeadersMakeNoBarButtons() throws {
        var fixture = StandardApp.fixture()
        var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
        navigations[0]["nav_items"] = [
            AppFixture.item("a-label", type: "label"), AppFixture.item("x", target: "shows"),
        ]
        fixture.screens[0]["navigations"] = navigations
        let environment = PlugboardHost()
        let app = try fixture.launch(environment: environment)
        #expect(app.state.bar.navigationButtons.map(\.id) == ["x"])
        #expect(messages(environment, from: "test.navbar.swift").contains("no button for a-label"))
    }

    @Test func lifecycleRunsInOrderAcrossMenuPresentClosePushAndBack() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        #expect(app.selectRootItem("m-plugin"))  // the C plugin screen becomes the root content
        try app.tap(identifier: "nav-item:to-shows")  // present shows over it
        #expect(app.close())
        #expect(app.showScreen("hidden"))  // push
        #expect(app.back())
        #expect(
            app.lifecycle == [
                "will_appear home", "did_appear home",
                "will_disappear home", "did_disappear home", "will_appear plugin", "did_appear plugin",
                "will_disappear plugin", "did_disappear plugin", "will_appear shows", "did_appear shows",
                "will_disappear shows", "did_disappear shows", "will_appear plugin", "did_appear plugin",
                "will_disappear plugin", "did_disappear plugin", "will_appear hidden", "did_appear hidden",
                "will_disappear hidden", "did_disappear hidden", "will_appear plugin", "did_appear plugin",
            ])
        // The plugin saw the same order; it stays cached until the app shuts down.
        let plugin = {
            messages(environment, from: "test.screen.c").filter { !$0.hasPrefix("props") && !$0.hasPrefix("layout") }
        }
        #expect(
            plugin() == [
                "init", "data_source {\"source\":\"https://feeds.example.com/plugin\",\"type\":\"ATOM\"}",
                "will_appear", "did_appear", "will_disappear", "did_disappear", "will_appear", "did_appear",
                "will_disappear", "did_disappear", "will_appear", "did_appear",
            ])
        app.shutdown()
        #expect(plugin().suffix(3) == ["will_disappear", "did_disappear", "destroy"])
    }

    @Test func aScreenPluginReceivesTheSeedsProps() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        #expect(app.selectRootItem("m-plugin"))
        let line = try #require(messages(environment, from: "test.screen.c").first { $0.hasPrefix("props ") })
        let props = try #require(
            try JSONSerialization.jsonObject(with: Data(line.dropFirst("props ".count).utf8)) as? [String: Any])
        let model = try #require(props["uibuilder_screen_model"] as? [String: Any])
        #expect(model["id"] as? String == "plugin")
        #expect(model["type"] as? String == "test.screen.c")
        let dataSource = try #require(props["data_source_model"] as? [String: Any])
        #expect(dataSource["source"] as? String == "https://feeds.example.com/plugin")
    }

    @Test func aNullCreateShowsAVisibleErrorScreenAndLogsWhy() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.selectRootItem("m-broken"))
        #expect(app.state.visibleScreen == "broken")
        let screen = try #require(app.visibleEntry?.controller as? BuiltInScreen)
        let expected = "\(Built.library("BrokenCreateNull")): create(\"test.screen.create-null\") returned NULL"
        #expect(screen.kind == .error(expected))
        #expect(app.events.contains(AppEvent("error", "broken", detail: expected)))
        let texts = app.environment.views[try #require(screen.view)]?.children.compactMap {
            app.environment.views[$0]?.text
        }
        #expect(texts == ["⚠ This screen could not be shown", expected])
    }

    @Test func unknownMenuItemsAreRefused() throws {
        let app = try StandardApp.fixture().launch()
        #expect(!app.selectRootItem("nope"))
        #expect(app.events.last == AppEvent("error", "nope", detail: "no menu item with this id"))
        #expect(throws: ViewError.unknownIdentifier("nav-item:nope")) { try app.tap(identifier: "nav-item:nope") }
    }
}
