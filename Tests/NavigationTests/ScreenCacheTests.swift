import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The screen cache of seed 000 (NavigationBarCatchingItem), driven through real `.so` plugins:
/// keyed by rivers.json screen id + data source, closed screens kept and shown again, LRU eviction
/// of screens on no stack, counters.
@Suite struct ScreenCacheTests {
    /// The standard app plus a second screen served by the same C plugin, and bar buttons that
    /// open one screen with two different feeds.
    static func app(capacity: Int = 8, environment: PlugboardHost) throws -> PlugboardApp {
        typealias F = AppFixture
        var fixture = StandardApp.fixture()
        fixture.settings["screen_cache_capacity"] = capacity
        fixture.screens.append(F.screen("plugin-two", type: "test.screen.c"))
        var bar = fixture.screens[0]["navigations"] as! [[String: Any]]
        var items = bar[0]["nav_items"] as! [[String: Any]]
        items += [
            F.item("to-plugin-two", target: "plugin-two"),
            F.item("news-feed", target: "plugin-two", source: "https://feeds.example.com/news", dataType: "ATOM"),
            F.item("sport-feed", target: "plugin-two", source: "https://feeds.example.com/sport", dataType: "ATOM"),
        ]
        bar[0]["nav_items"] = items
        fixture.screens[0]["navigations"] = bar
        // The plugin screen gets a bar of its own that opens the other screen of the same plugin.
        fixture.screens[1]["navigations"] = [F.navBar("plugin-bar", items: [F.item("p-to-two", target: "plugin-two")])]
        return try fixture.launch(environment: environment)
    }

    static func creates(_ environment: PlugboardHost) -> Int {
        messages(environment, from: "test.screen.c").filter { $0 == "init" }.count
    }

    @Test func twoScreensServedByOnePluginAreTwoInstances() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        try app.tap(identifier: "nav-item:p-to-two")  // the other screen of the same plugin: a miss
        #expect(app.state.presented == [["plugin"], ["plugin-two"]])
        #expect(Self.creates(environment) == 2)
        #expect(app.state.cache.hits == 0)
        #expect(app.events.contains { $0.name == "open" && $0.subject == "plugin-two" })
    }

    @Test func oneScreenOpenedWithTwoDataSourcesIsTwoInstancesEachWithItsData() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:news-feed")
        #expect(app.close())
        try app.tap(identifier: "nav-item:sport-feed")
        #expect(Self.creates(environment) == 2)
        let dataSources = messages(environment, from: "test.screen.c").filter { $0.hasPrefix("data_source ") }
        #expect(dataSources.count == 2)
        #expect(dataSources[0].contains("https://feeds.example.com/news") && !dataSources[0].contains("target"))
        #expect(dataSources[1].contains("https://feeds.example.com/sport"))
        #expect(app.state.cache.keys.contains { $0.hasPrefix("plugin-two @ ") && $0.contains("news") })
    }

    @Test func closeAndReopenIsACacheHitWithLifecycleEvents() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        #expect(!messages(environment, from: "test.screen.c").contains("destroy"), "a closed screen stays cached")
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(Self.creates(environment) == 1)
        #expect(app.state.cache.hits == 1)
        #expect(app.state.presented == [["plugin"]])
        #expect(
            app.lifecycle.suffix(4) == [
                "will_disappear home", "did_disappear home", "will_appear plugin", "did_appear plugin",
            ])
        #expect(
            messages(environment, from: "test.screen.c").filter { !$0.hasPrefix("layout") }.suffix(4) == [
                "will_disappear", "did_disappear", "will_appear", "did_appear",
            ])
    }

    /// screen.h: `layout` after init and on every size change, not again for the same size.
    @Test func aScreenShownAgainAtItsSizeIsNotLaidOutAgain() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        func layouts() -> [String] { messages(environment, from: "test.screen.c").filter { $0.hasPrefix("layout ") } }
        try app.tap(identifier: "nav-item:to-plugin")
        let first = layouts()
        #expect(first.count == 1)
        #expect(app.close())
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(layouts() == first)
        app.setDevice(.tablet)  // a new size: laid out again, once
        #expect(layouts().count == 2 && layouts().last != first.last)
        app.refresh()
        #expect(layouts().count == 2)
    }

    @Test func evictionTakesTheLeastRecentlyUsedScreenOnNoStackAndDestroysIt() throws {
        let environment = PlugboardHost()
        let app = try Self.app(capacity: 2, environment: environment)  // home stays: it is on the root stack
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        try app.tap(identifier: "nav-item:to-shows")
        #expect(app.close())
        #expect(app.state.cache.evictions == 1)  // three screens, capacity two: the plugin screen went
        #expect(messages(environment, from: "test.screen.c").last == "destroy")
        #expect(app.state.cache.keys == ["home", "shows"])
        try app.tap(identifier: "nav-item:to-plugin")  // created again
        #expect(Self.creates(environment) == 2)
        #expect(app.state.cache.keys == ["shows", "plugin"] || app.state.cache.keys == ["home", "plugin"])
    }

    @Test func screensOnAStackAreNeverEvicted() throws {
        let environment = PlugboardHost()
        let app = try Self.app(capacity: 1, environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        try app.tap(identifier: "nav-item:p-to-two")
        #expect(app.state.presented == [["plugin"], ["plugin-two"]])
        #expect(app.state.cache.evictions == 0)
        #expect(app.state.cache.count == 3)  // over capacity while all are shown
        #expect(app.close())
        #expect(app.close())
        #expect(app.state.cache.count == 1)  // then trimmed: only home, on the root stack, stays
        #expect(app.state.cache.evictions == 2)
    }

    @Test func shutdownDestroysCachedScreensOnce() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        app.shutdown()
        #expect(messages(environment, from: "test.screen.c").filter { $0 == "destroy" }.count == 1)
    }
}
