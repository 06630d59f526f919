import AppTestSupport
import PlugboardCore
import Testing

@testable import PlugboardNavigation

/// Seed 000 gives the Feed and Crossmates buttons their own classes "so the logic of each can be
/// different": a feed lists a source, crossmates chats about the screen the bar is on.
@Suite struct ComponentButtonTests {
    typealias F = AppFixture

    private func app() throws -> PlugboardApp {
        let items = [
            F.item("feed", type: "applicaster_feed", source: "https://feeds.example.com/news"),
            F.item("empty-feed", type: "applicaster_feed"),
            F.item("mates", type: "applicaster_crossmates"),
        ]
        return try AppFixture(screens: [
            F.screen("home", home: true, navigations: [F.navBar(items: items + [F.item("to-shows", target: "shows")])]),
            F.screen("shows", navigations: [F.navBar("shows-bar", items: items)]),
        ]).launch()
    }

    @Test func aFeedItemWithoutASourceDoesNothingAndSaysWhy() throws {
        let app = try app()
        try app.tap(identifier: "nav-item:empty-feed")
        #expect(app.state.visibleScreen == "home")
        #expect(app.presented.isEmpty)
        #expect(
            app.events.contains(
                AppEvent("ignored", "empty-feed", detail: "a feed item needs data.source, the feed it lists")))
        try app.tap(identifier: "nav-item:feed")
        #expect(app.state.visibleScreen == "applicaster_feed:feed")
        #expect(try #require(app.visibleEntry).key.dataSource.contains(#""source":"https://feeds.example.com/news""#))
    }

    @Test func crossmatesChatsAboutTheScreenItsBarIsOn() throws {
        let app = try app()
        try app.tap(identifier: "nav-item:mates")
        #expect(app.state.visibleScreen == "applicaster_crossmates:mates")
        #expect(try #require(app.visibleEntry).key.dataSource.contains(#""watching":"home""#))
        let fromHome = try #require(app.visibleEntry)
        #expect(app.close())
        try app.tap(identifier: "nav-item:to-shows")
        #expect(app.state.visibleScreen == "shows")
        try app.tap(identifier: "nav-item:mates")
        #expect(try #require(app.visibleEntry).key.dataSource.contains(#""watching":"shows""#))
        #expect(app.visibleEntry !== fromHome)  // each screen has its own conversation
    }
}
