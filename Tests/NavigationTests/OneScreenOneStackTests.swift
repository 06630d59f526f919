import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation

/// The request path's rules, each driven the way its bug was found.
@Suite struct OneScreenOneStackTests {
    static func showcase() throws -> PlugboardApp {
        try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
    }

    @Test func presentingTheScreenUnderneathMakesASecondInstanceAndClosingReturnsToTheFirst() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        let home = try #require(app.visibleEntry)
        #expect(app.showScreen("contact", presentation: .present))
        #expect(app.showScreen("home", presentation: .present))
        #expect(app.state.presented == [["contact"], ["home"]])
        #expect(app.visibleEntry !== home)  // another instance: the root's is still under it
        #expect(app.rootContainer.stack.count == 1 && app.rootContainer.top === home)
        #expect(app.close() && app.close())
        #expect(app.visibleEntry === home)
        #expect(app.state.url == "app://home")
        #expect(app.invariantViolations() == [])
    }

    @Test func aScreenOpenedFromAModalStaysWhereTheUserLeftIt() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.showScreen("article", presentation: .push))
        let reading = try #require(app.visibleEntry)
        #expect(app.showScreen("contact", presentation: .present))
        #expect(app.showScreen("article", presentation: .push))  // from inside the modal
        #expect(app.state.presented == [["contact", "article"]])
        #expect(app.rootContainer.stack.last === reading)
        #expect(app.close())
        #expect(app.visibleEntry === reading)
    }

    /// The C EPG plugin opens a programme through `plugboard.host.navigation` while the same
    /// screen is presented without data: a route is presented once, so the state URL says it all.
    @Test func aRouteIsPresentedOnceWhateverItsData() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.showScreen("programme", presentation: .present))
        #expect(app.showScreen("epg", presentation: .present))
        try app.tap(identifier: "epg-row:1")
        #expect(app.state.presented == [["programme"]])
        #expect(app.state.url == "app://home?programme=v")
        #expect(app.visibleEntry?.key.dataSource.contains(#""channel":1"#) == true)
        #expect(app.invariantViolations() == [])
    }

    /// The bug as a third-party screen meets it: the C EPG, shown in a modal, opens (through
    /// `plugboard.host.navigation`) the programme the user was reading beneath the modal. The
    /// programme beneath stays where it is; closing the modal's screens returns to it.
    @Test func aCScreenInAModalOpeningTheScreenBeneathItLeavesThatOneInPlace() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(app.showScreen("epg", presentation: .push))
        try app.tap(identifier: "epg-row:1")  // what the EPG's row opens, with its data
        let data = try #require(app.visibleEntry?.key.dataSource)
        #expect(app.close() && app.back())
        let object = try JSONParser.parse(data).value
        #expect(app.showScreen("programme", dataSource: object, presentation: .push))
        let reading = try #require(app.visibleEntry)

        #expect(app.showScreen("epg-full", presentation: .present))
        try app.tap(identifier: "epg-row:1")  // from inside the modal
        #expect(app.state.presented == [["epg-full"], ["programme"]])
        #expect(app.rootContainer.top === reading)
        #expect(app.visibleEntry !== reading)
        #expect(app.invariantViolations() == [])
        #expect(app.close() && app.close())
        #expect(app.visibleEntry === reading)
        #expect(app.state.rootStack == ["home", "programme"])
    }

    @Test func theSameDataSourceWrittenTwoWaysIsOneScreen() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        let one = try JSONParser.parse(#"{"id":"a9","title":"T","n":1.0}"#).value
        let other = try JSONParser.parse(#"{"n":1,"title":"T","id":"a9"}"#).value
        #expect(app.showScreen("show-details", dataSource: one, presentation: .push))
        let first = try #require(app.visibleEntry)
        #expect(app.back())
        let misses = app.cache.statistics.misses
        #expect(app.showScreen("show-details", dataSource: other, presentation: .push))
        #expect(app.visibleEntry === first)
        #expect(app.cache.statistics.misses == misses)
    }

    @Test func aURLTheAppCannotReachWhollyIsRefusedAndChangesNothing() throws {
        let app = try Self.showcase()
        defer { app.shutdown() }
        #expect(throws: RoutingError.self) { try app.open(urlText: "app://home/shows?menu=v") }
        #expect(app.state.url == "app://home")
        do {
            try app.open(urlText: "app://home/shows?menu=v")
        } catch {
            #expect(error.description.contains("menu=v"))
        }
    }

    /// The root plugin's own record: `test.root.plain` logs every `select_item` it is given.
    static func selections(_ app: PlugboardApp) -> [String] {
        app.environment.pluginLog.filter { $0.message.hasPrefix("select ") }.map(\.message)
    }

    @Test func theRootIsToldItsSelectionWhateverChangedItsContent() throws {
        let app = try StandardApp.fixture().launch()
        defer { app.shutdown() }
        let items = app.home?.menu?.navItems.flatMap(\.flattened) ?? []
        let screens = Set(items.compactMap(\.data.target))
        let other = try #require(screens.first { $0 != app.home?.id })
        let item = try #require(items.first { $0.data.target == other })
        try app.open(urlText: "app://\(other)")  // a link, not a tap
        #expect(Self.selections(app).last == "select \(item.id)")
        let told = Self.selections(app).count
        #expect(app.showScreen(other, presentation: .present))  // the root's content is unchanged
        #expect(Self.selections(app).count == told)
    }
}
