import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The screen factory's part in cells: general_content screens are content screens reading
/// feeds beside rivers.json, a cell tap reaches `openFromCell`, and a data source given to
/// `make` replaces the screen's own.
@Suite struct ContentScreenFactoryTests {
    @Test func theShowcaseHomeShowsItsFeedsAndACellTapReachesOpenFromCell() throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        let home = try #require(app.visibleEntry?.controller as? ContentScreen)
        #expect(home.sections.map(\.title) == ["Featured", "banner", "Popular"])
        #expect(home.sections.map(\.target) == ["show-details", nil, "movie-details"])
        #expect(home.sections[0].cells.map(\.title).first == "Harbour Lights")
        #expect(home.problems.isEmpty)

        var opened: [(String, String)] = []
        app.screens.openFromCell = { opened.append(($0, $1.serialized())) }
        try app.tap(identifier: "cell:1:0")
        try #require(opened.count == 1)
        #expect(opened[0].0 == "show-details")
        let entry = try #require(try JSONParser.parse(opened[0].1).value.objectValue)
        #expect(entry["title"]?.stringValue == "Harbour Lights")
        #expect(entry["image"]?.stringValue == "images/harbour-lights.png")
        #expect(entry["source"]?.stringValue == "feeds/home.xml")
        #expect(entry["type"]?.stringValue == "APPLICASTER_ATOM_FEED")
        // The banner's source is a web page, not a feed: one cell, not connected.
        #expect(throws: ViewError.self) { try app.tap(identifier: "cell:2:0") }
    }

    @Test func aGivenDataSourceReplacesTheScreensOwn() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        let data = try JSONParser.parse(#"{"title": "Night Ferry", "source": "feeds/movies.xml"}"#).value
        let screens = app.configuration.rivers.screens

        let plugin = try #require(screens.first { $0.id == "plugin" })
        let made = app.screens.make(plugin, dataSource: data)
        defer { made.destroy() }
        #expect(made is PluginScreenController)
        #expect(
            messages(environment, from: "test.screen.c").contains(
                #"data_source {"title":"Night Ferry","source":"feeds/movies.xml"}"#))

        let shows = try #require(screens.first { $0.id == "shows" })
        let content = try #require(app.screens.make(shows, dataSource: data) as? ContentScreen)
        defer { content.destroy() }
        #expect(content.details?.title == "Night Ferry")
        #expect((app.screens.make(shows) as? ContentScreen)?.details == nil)
    }

    @Test func aBrokenFeedIsLoggedAsAnErrorEvent() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[0]["ui_components"] = [
            ["component_type": "list", "position": 1, "data": ["source": "feeds/missing.xml"]]
        ]
        let app = try fixture.launch()
        let error = try #require(app.events.first { $0.name == "error" && $0.subject == "home" })
        #expect(error.detail?.contains("feeds/missing.xml: cannot read the feed: ") == true)
    }
}
