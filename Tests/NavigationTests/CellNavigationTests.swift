import AppTestSupport
import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Cells and plugins open screens with their data source (seed 002), through the same engine
/// as taps: a cell's entry reaches a real C screen plugin's props, the target's
/// `styles.presentation` decides push or present, the cache keys on the data source, and the
/// EPG opens its programme's details through `plugboard.host.navigation`.
@Suite struct CellNavigationTests {
    /// The standard app whose home screen lists a local Atom feed, each entry opening the C
    /// plugin screen; a second component opens the `modal` screen (styles: present).
    static func launch(environment: PlugboardHost) throws -> PlugboardApp {
        var fixture = StandardApp.fixture()
        fixture.screens[0]["ui_components"] = [
            [
                "component_type": "list", "position": 1,
                "data": ["source": "feed.xml", "type": "APPLICASTER_ATOM_FEED", "connected": true, "target": "plugin"],
            ],
            [
                "component_type": "banner", "position": 2,
                "data": ["source": "https://example.com/promo", "connected": true, "target": "modal"],
            ],
        ]
        let folder = try fixture.write()
        try FileManager.default.copyItem(
            atPath: PackageRoot.path + "/Tests/Fixtures/feeds/sample.xml",
            toPath: folder.appendingPathComponent("feed.xml").path)
        return try PlugboardApp(folder: folder, searchPath: Built.searchPath, environment: environment)
    }

    /// The `data_source_model` of the C plugin's props, for each time it was created.
    static func dataSources(_ environment: PlugboardHost) throws -> [[String: Any]] {
        try messages(environment, from: "test.screen.c").filter { $0.hasPrefix("props ") }.map { line in
            let props = try JSONSerialization.jsonObject(with: Data(line.dropFirst("props ".count).utf8))
            return ((props as? [String: Any])?["data_source_model"] as? [String: Any]) ?? [:]
        }
    }

    @Test func aCellTapPushesItsTargetWithTheEntryAsDataSource() throws {
        let environment = PlugboardHost()
        let app = try Self.launch(environment: environment)
        try app.tap(identifier: "cell:1:1")
        #expect(app.state.rootStack == ["home", "plugin"])  // no presentation in its styles: push
        #expect(app.state.bar.contextButton == .back)
        let received = try #require(try Self.dataSources(environment).first)
        #expect(received["title"] as? String == "Second")
        #expect(received["image"] as? String == "images/two.png")
        #expect(received["source"] as? String == "feed.xml")
        #expect(received["type"] as? String == "APPLICASTER_ATOM_FEED")
        #expect(app.events.contains { $0.name == "open" && $0.detail == "cell: push" })
    }

    @Test func eachEntryIsItsOwnInstanceAndReopeningOneIsACacheHit() throws {
        let environment = PlugboardHost()
        let app = try Self.launch(environment: environment)
        try app.tap(identifier: "cell:1:0")
        #expect(app.back())
        try app.tap(identifier: "cell:1:1")
        #expect(app.back())
        try app.tap(identifier: "cell:1:0")
        #expect(try Self.dataSources(environment).map { $0["title"] as? String } == ["First & Foremost", "Second"])
        #expect(app.state.cache.hits == 1)
        #expect(app.state.rootStack == ["home", "plugin"])
    }

    @Test func aCellWhoseTargetSaysPresentIsPresented() throws {
        let environment = PlugboardHost()
        let app = try Self.launch(environment: environment)
        try app.tap(identifier: "cell:2:0")
        #expect(app.state.presented == [["modal"]])
        #expect(app.state.bar.contextButton == .close)
        // A component that is not a feed passes its own data.
        #expect(app.visibleEntry?.key.dataSource.contains(#""source":"https://example.com/promo""#) == true)
    }

    @Test func theEPGOpensAProgrammesDetailsThroughTheNavigationExtension() throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        #expect(app.selectRootItem("m-epg"))
        try app.tap(identifier: "epg-row:3")  // a row of the C plugin: open_screen("programme", …)
        #expect(app.state.visibleScreen == "programme")
        #expect(app.state.presented == [["programme"]])  // the programme screen's styles: present
        let entry = try #require(app.visibleEntry)
        let dataSource = try #require(try JSONParser.parse(entry.key.dataSource).value.objectValue)
        #expect(dataSource["channel"]?.numberValue == JSONNumber(3))
        #expect(dataSource["type"]?.stringValue == "EPG_PROGRAMME")
        let details = try #require((entry.controller as? ContentScreen)?.details)
        #expect(details.title == dataSource["title"]?.stringValue)
        #expect(details.summary?.hasPrefix("Movies at ") == true)  // channel 3
        #expect(app.close())
        try app.tap(identifier: "epg-row:3")  // the same programme again: the cached screen
        #expect(app.state.cache.hits >= 1)
    }

    @Test func theNavigationExtensionRefusesUnknownScreensBadDataAndModes() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture().launch(environment: environment)
        #expect(app.selectRootItem("m-plugin"))
        let host = try #require((app.visibleEntry?.controller as? PluginScreenController)?.instance.host)
        let extensionTable = HostTables.getExtension(host.cHost, "plugboard.host.navigation")
        let navigation = try #require(extensionTable?.assumingMemoryBound(to: pb_host_navigation_t.self).pointee)
        #expect(navigation.screen_exists(host.cHost, "shows"))
        #expect(!navigation.screen_exists(host.cHost, "nope"))
        #expect(!navigation.open_screen(host.cHost, "nope", nil, 0))
        #expect(!navigation.open_screen(host.cHost, "shows", "[1, 2]", 0))
        #expect(!navigation.open_screen(host.cHost, "shows", "{", 0))
        #expect(!navigation.open_screen(host.cHost, "shows", nil, 7))
        #expect(app.state.rootStack == ["plugin"], "nothing changed")
        #expect(
            environment.refusedCalls.map(\.reason) == [
                "no screen 'nope' in rivers.json", "the data source of 'shows' is not a JSON object",
                "the data source of 'shows' is not a JSON object", "unknown mode 7",
            ])
        #expect(navigation.open_screen(host.cHost, "shows", #"{"source": "x"}"#, 2))  // present
        #expect(app.state.presented == [["shows"]])
        // Bars do not get it.
        let bar = try #require(app.rootContainer.bar?.host)
        #expect(HostTables.getExtension(bar.cHost, "plugboard.host.navigation") == nil)
    }
}
