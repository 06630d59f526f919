import Foundation
import Testing

@testable import Plugboard

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

    @Test func backAfterAPushCloseOnAPresentedScreenNeverTwo() throws {
        let app = try StandardApp.fixture(root: "test.root.swift").launch()
        #expect(app.selectRootItem("m-shows"))  // from the root: push
        #expect(app.state.rootStack == ["home", "shows"])
        #expect(app.state.bar.contextButton == .back)
        try app.tap(identifier: "nav-item:shows-to-plugin")  // from the bar: present
        #expect(app.state.state == "presentation")
        #expect(app.state.presented == [["plugin"]])
        #expect(app.state.bar.contextButton == .close)
        try app.tap(identifier: "context")  // close
        #expect(app.state.state == "root")
        #expect(app.state.bar.contextButton == .back)
        try app.tap(identifier: "context")  // back
        #expect(app.state.rootStack == ["home"])
        #expect(app.state.bar.contextButton == .menu)
        #expect(!app.back())
        #expect(!app.close())
    }

    @Test func aScreenButtonPresentsItsTargetWithItsOwnBar() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        #expect(app.state.presented == [["shows"]])
        #expect(app.presented.first?.bar != nil)
        #expect(app.presented.first?.bar !== app.rootContainer.bar)
        #expect(app.state.bar.title == "Shows")
    }

    @Test func stylesPresentationOverridesTheDefault() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.selectRootItem("m-modal"))  // a root item whose screen says present
        #expect(app.state.presented == [["modal"]])
        #expect(app.state.bar.contextButton == .close)
    }

    @Test func aButtonTargetingTheVisibleScreenIsDisabled() throws {
        let app = try StandardApp.fixture().launch()
        let buttons = Dictionary(uniqueKeysWithValues: app.state.bar.navigationButtons.map { ($0.id, $0.enabled) })
        #expect(buttons["to-home"] == false)
        #expect(buttons["to-shows"] == true)
        #expect(throws: ViewError.self) { try app.tap(identifier: "nav-item:to-home") }
        #expect(app.state.state == "root")
    }

    @Test func aURLButtonOpensTheWebScreenAndRecordsTheURL() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:web")
        #expect(app.state.presented == [["web:web"]])
        #expect(app.events.contains(AppEvent("open_url", "web", detail: "https://example.com/page")))
        let screen = try #require(app.visibleEntry?.controller as? BuiltInScreen)
        #expect(screen.kind == .web(url: "https://example.com/page"))
    }

    @Test(arguments: [
        ("live", "live_drawer:live", "https://feeds.example.com/live"),
        ("feed", "applicaster_feed:feed", "https://feeds.example.com/news"),
    ])
    func componentItemsOpenTheirComponentScreens(item: String, screen: String, source: String) throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:\(item)")
        #expect(app.state.visibleScreen == screen)
        let controller = try #require(app.visibleEntry?.controller as? BuiltInScreen)
        if case .component(_, let dataSource) = controller.kind {
            #expect(dataSource == source)
        } else {
            Issue.record("not a component screen: \(controller.kind)")
        }
    }

    @Test func chromecastIsACastAction() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:cast")
        #expect(app.events.last == AppEvent("cast", "cast"))
        #expect(app.state.state == "root")
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

    @Test func lifecycleRunsInOrderAcrossPushPresentCloseAndBack() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        #expect(app.selectRootItem("m-plugin"))  // push the C plugin screen
        try app.tap(identifier: "nav-item:to-shows")  // present shows over it
        #expect(app.close())
        #expect(app.back())
        #expect(
            app.lifecycle == [
                "will_appear home", "did_appear home",
                "will_disappear home", "did_disappear home", "will_appear plugin", "did_appear plugin",
                "will_disappear plugin", "did_disappear plugin", "will_appear shows", "did_appear shows",
                "will_disappear shows", "did_disappear shows", "will_appear plugin", "did_appear plugin",
                "will_disappear plugin", "did_disappear plugin", "will_appear home", "did_appear home",
            ])
        // The plugin saw the same order, and was destroyed when popped.
        let plugin = messages(environment, from: "test.screen.c").filter {
            !$0.hasPrefix("props") && !$0.hasPrefix("layout")
        }
        #expect(
            plugin == [
                "init", "data_source {\"source\":\"https://feeds.example.com/plugin\",\"type\":\"ATOM\"}",
                "will_appear", "did_appear", "will_disappear", "did_disappear", "will_appear", "did_appear",
                "will_disappear", "did_disappear", "destroy",
            ])
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
