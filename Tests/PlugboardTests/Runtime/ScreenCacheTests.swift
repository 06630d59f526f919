import Foundation
import Testing

@testable import Plugboard

/// The navigation-bar manager's screen cache: re-use, duplicates, close, LRU eviction, counters.
@Suite struct ScreenCacheTests {
    /// Home's bar opens the C plugin screen and Shows; Shows' bar opens the plugin screen.
    static func app(capacity: Int = 8, environment: PlugboardHost) throws -> PlugboardApp {
        var fixture = StandardApp.fixture()
        fixture.settings["screen_cache_capacity"] = capacity
        // The plugin screen gets a bar of its own that opens Shows.
        fixture.screens[1]["navigations"] = [
            AppFixture.navBar("plugin-bar", items: [AppFixture.item("p-to-shows", target: "shows")])
        ]
        return try fixture.launch(environment: environment)
    }

    static func creates(_ environment: PlugboardHost) -> Int {
        messages(environment, from: "test.screen.c").filter { $0 == "init" }.count
    }

    @Test func presentingACachedKeyReusesTheInstanceAndRemovesTheDuplicate() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")  // miss: create
        try app.tap(identifier: "nav-item:p-to-shows")  // miss
        try app.tap(identifier: "nav-item:shows-to-plugin")  // hit: the same instance, moved up
        #expect(app.state.presented == [["shows"], ["plugin"]])
        #expect(Self.creates(environment) == 1)
        let stats = app.state.cache
        #expect(stats.hits == 1)
        #expect(stats.misses == 2)
        #expect(stats.evictions == 0)
        #expect(stats.count == 2)
        // Least recently used first: the plugin screen was just used again.
        #expect(stats.keys == ["general_content", "test.screen.c @ https://feeds.example.com/plugin"])
        // The re-used screen went through disappear / appear again, in order.
        #expect(
            app.lifecycle.suffix(4) == [
                "will_disappear shows", "did_disappear shows", "will_appear plugin", "did_appear plugin",
            ])
    }

    @Test func closingRemovesTheScreenFromTheCacheAndDestroysIt() throws {
        let environment = PlugboardHost()
        let app = try Self.app(environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.state.cache.count == 1)
        #expect(app.close())
        #expect(app.state.cache.count == 0)
        #expect(messages(environment, from: "test.screen.c").last == "destroy")
        try app.tap(identifier: "nav-item:to-plugin")  // a miss again: a second create
        #expect(Self.creates(environment) == 2)
        #expect(app.state.cache.misses == 2)
    }

    @Test func theCapacityIsBoundedAndTheLeastRecentlyUsedScreenIsEvictedAndDestroyed() throws {
        let environment = PlugboardHost()
        let app = try Self.app(capacity: 1, environment: environment)
        try app.tap(identifier: "nav-item:to-plugin")
        try app.tap(identifier: "nav-item:p-to-shows")  // over capacity: the plugin screen goes
        let stats = app.state.cache
        #expect(stats.evictions == 1)
        #expect(stats.count == 1)
        #expect(stats.keys == ["general_content"])
        #expect(app.state.presented == [["shows"]])  // taken off its stack too
        #expect(messages(environment, from: "test.screen.c").last == "destroy")
        #expect(app.close())
        #expect(app.state.state == "root")
    }

    @Test func theVisibleScreenIsNeverEvicted() {
        let cache = ScreenCache(capacity: 1)
        let environment = PlugboardHost()
        let a = BuiltInScreen(
            screenID: "a", screenType: "t", title: "A", kind: .error("a"), background: nil, environment: environment)
        let b = BuiltInScreen(
            screenID: "b", screenType: "t", title: "B", kind: .error("b"), background: nil, environment: environment)
        var evicted: [String] = []
        cache.insert(
            a, for: .init(screenType: "t", dataSource: "a"), inUse: { _ in true },
            evict: { evicted.append($0.screenID) })
        cache.insert(
            b, for: .init(screenType: "t", dataSource: "b"), inUse: { _ in true },
            evict: { evicted.append($0.screenID) })
        #expect(evicted.isEmpty)
        #expect(cache.statistics.count == 2)
        #expect(cache.lookup(.init(screenType: "t", dataSource: "a")) === a)
        #expect(cache.lookup(.init(screenType: "t", dataSource: "c")) == nil)
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    }
}
