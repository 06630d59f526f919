import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The generic content screen: a section of cells per ui_component, feed entries as cells,
/// taps on connected cells opening their target with the cell's data source, and the details of
/// the data source a screen was opened with.
@Suite struct ContentScreenTests {
    /// An app folder with `feeds/sample.xml` (the fixture) and `feeds/broken.xml` (malformed).
    static func appFolder() throws -> URL {
        let folder = try makeTemporaryDirectory()
        let feeds = folder.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
        for (name, copy) in [("sample.xml", "sample.xml"), ("malformed.xml", "broken.xml")] {
            try FileManager.default.copyItem(
                at: AtomFeedTests.fixtures.appendingPathComponent(name), to: feeds.appendingPathComponent(copy))
        }
        return folder
    }

    /// Positions 2, 1, 3, 4 as written: sections are drawn in position order.
    static let components = """
        [
          {"component_type": "grid", "position": 2, "styles": {"title": "Popular"},
           "data": {"source": "feeds/sample.xml", "type": "APPLICASTER_ATOM_FEED", "connected": true,
                    "target": "details"}},
          {"component_type": "hero", "position": 1,
           "data": {"source": "file:feeds/sample.xml", "type": "APPLICASTER_ATOM_FEED"}},
          {"component_type": "banner", "position": 3,
           "data": {"source": "https://feeds.example.com/x.xml", "type": "APPLICASTER_ATOM_FEED",
                    "connected": true, "target": "web-details"}},
          {"component_type": "promo", "position": 4, "data": {"source": "https://example.com/promo"}}
        ]
        """

    /// A content screen over `components`, laid out at `width`, recording what its cells open.
    final class Harness {
        let environment = PlugboardHost()
        let screen: ContentScreen
        var opened: [(target: String, dataSource: String)] = []

        init(
            components: String = ContentScreenTests.components, dataSource: String? = nil, folder: URL?,
            width: Double = 390
        ) throws {
            let parsed = try JSONParser.parse(components).value.arrayValue?.map(\.value) ?? []
            let source = try dataSource.map { try JSONParser.parse($0).value }
            var record: (String, JSONValue) -> Void = { _, _ in }
            screen = ContentScreen(
                screenID: "s", screenType: "general_content", title: "Screen", components: parsed,
                dataSource: source, feedBase: folder, background: nil, environment: environment,
                open: { record($0, $1) })
            record = { [unowned self] in opened.append(($0, $1.serialized())) }
            screen.layout(width: width, height: 844)
        }

        var tree: ViewTree { environment.views }
        var views: [HostView] { collect(screen.view!).compactMap { tree[$0] } }
        var texts: [String] { views.filter { $0.kind == .label || $0.kind == .button }.compactMap(\.text) }

        func collect(_ handle: ViewHandle) -> [ViewHandle] {
            [handle] + (tree[handle]?.children ?? []).flatMap(collect)
        }

        func cell(_ identifier: String) throws -> HostView {
            let handle = try #require(tree.find(identifier: identifier, under: screen.view!))
            return try #require(tree[handle])
        }
    }

    @Test func eachComponentIsASectionAndEachFeedEntryACellInPositionOrder() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(folder: folder)
        let entries = ["First & Foremost", "Second", "Third"]
        #expect(
            harness.texts
                == ["Screen", "HERO"] + entries + ["POPULAR"] + entries + [
                    "BANNER", "banner · https://feeds.example.com/x.xml", "PROMO", "promo · https://example.com/promo",
                ])
        // Entries with an image show it beside their title.
        let first = try harness.cell("cell:2:0")
        let row = try #require(first.parent.flatMap { harness.tree[$0] })
        #expect(row.children.compactMap { harness.tree[$0]?.imageURL } == ["images/one.jpg"])
        #expect(try harness.cell("cell:2:2").parent.flatMap { harness.tree[$0] }?.children.count == 1)
        #expect(harness.screen.problems.isEmpty)
    }

    @Test func aTapOnAConnectedFeedCellOpensTheTargetWithTheEntry() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(folder: folder)
        let cell = try harness.cell("cell:2:1")
        #expect(cell.kind == .button && cell.text == "Second")
        try harness.tree.tap(cell.handle)
        try harness.tree.tap(try harness.cell("cell:2:2").handle)
        #expect(harness.opened.map(\.target) == ["details", "details"])
        #expect(
            harness.opened.map(\.dataSource) == [
                #"{"id":"urn:test:two","title":"Second","summary":"A <b>CDATA</b> summary.","image":"images/two.png","#
                    + #""link":"https://example.com/two","source":"feeds/sample.xml","type":"APPLICASTER_ATOM_FEED"}"#,
                // No image and no link: the keys are left out.
                #"{"id":"urn:test:three","title":"Third","summary":"Content stands in for a missing summary.","#
                    + #""source":"feeds/sample.xml","type":"APPLICASTER_ATOM_FEED"}"#,
            ])
    }

    @Test func unconnectedCellsAreNotTappableAndOtherSourcesAreOneCell() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(folder: folder)
        for identifier in ["cell:1:0", "cell:1:2", "cell:4:0"] {
            let cell = try harness.cell(identifier)
            #expect(cell.kind == .label && cell.tapAction == nil, "\(identifier)")
            #expect(throws: ViewError.notTappable(cell.handle, reason: "no tap action")) {
                try harness.tree.tap(cell.handle)
            }
        }
        // A connected component whose source is no local feed is one cell that opens its target
        // with the component's data.
        #expect(harness.tree.find(identifier: "cell:3:1", under: harness.screen.view!) == nil)
        try harness.tree.tap(try harness.cell("cell:3:0").handle)
        #expect(harness.opened.map(\.target) == ["web-details"])
        #expect(
            harness.opened.map(\.dataSource) == [
                #"{"source":"https://feeds.example.com/x.xml","type":"APPLICASTER_ATOM_FEED","connected":true,"#
                    + #""target":"web-details"}"#
            ])
    }

    @Test func aConnectedComponentWithoutATargetIsNotTappable() throws {
        let harness = try Harness(
            components: #"[{"component_type": "list", "data": {"source": "feeds/sample.xml", "connected": true}}]"#,
            folder: try Self.appFolder())
        // No position: the component is named by its 1-based index.
        #expect(try harness.cell("cell:1:0").tapAction == nil)
        #expect(harness.texts == ["Screen", "LIST", "First & Foremost", "Second", "Third"])
    }

    @Test func itemLimitCapsTheCells() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(
            components:
                #"[{"component_type": "list", "rules": {"item_limit": "2"}, "data": {"source": "feeds/sample.xml"}}]"#,
            folder: folder)
        #expect(harness.texts == ["Screen", "LIST", "First & Foremost", "Second"])
    }

    @Test func aBrokenLocalFeedIsOneCellWithTheErrorShownAndReported() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(
            components:
                #"[{"component_type": "list", "data": {"source": "feeds/broken.xml", "connected": true, "target": "t"}}]"#,
            folder: folder)
        let problem = try #require(harness.screen.problems.first)
        #expect(problem.hasPrefix(folder.appendingPathComponent("feeds/broken.xml").path + ":4:"))
        #expect(problem.contains(": malformed XML: "))
        #expect(harness.texts.contains("⚠ \(problem)"))
        #expect(harness.texts.last == "list · feeds/broken.xml")
        #expect(try harness.cell("cell:1:0").tapAction != nil)
    }

    @Test func noFeedFolderMeansNoFeedIsRead() throws {
        let harness = try Harness(folder: nil)
        #expect(harness.texts.contains("hero · file:feeds/sample.xml"))
        #expect(harness.screen.problems.isEmpty)
    }

    @Test func aScreenOpenedWithADataSourceShowsItsDetailsFirst() throws {
        let harness = try Harness(
            components: "[]",
            dataSource:
                #"{"id": "x", "title": "Night Ferry", "summary": "Eleven suspects.", "image": "images/nf.png"}"#,
            folder: nil)
        #expect(harness.texts == ["Screen", "Night Ferry", "Eleven suspects."])
        #expect(try harness.cell("details-image").imageURL == "images/nf.png")
        // A screen's own data (a feed source, no title) is no details, and no components says so.
        let plain = try Harness(components: "[]", dataSource: #"{"source": "feeds/a.xml"}"#, folder: nil)
        #expect(plain.texts == ["Screen", "(no components)"])
    }

    @Test(arguments: [0.0, 10, 100, 390])
    func everyFrameStaysInsideTheWidth(width: Double) throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(
            dataSource: #"{"title": "T", "summary": "S", "image": "i.png"}"#, folder: folder, width: width)
        let root = harness.screen.view!
        let origin = try #require(harness.tree.absoluteFrame(of: root))
        for view in harness.views where view.handle != root {
            let frame = try #require(harness.tree.absoluteFrame(of: view.handle))
            #expect(view.frame.width >= 0 && view.frame.height >= 0)
            #expect(frame.x - origin.x >= 0 && frame.maxX - origin.x <= width, "\(view.handle) \(frame) at \(width)")
        }
        // Top to bottom: each line and cell row starts below the one before.
        let tops = harness.tree.children(of: root).compactMap { harness.tree.frame(of: $0)?.y }
        #expect(tops == tops.sorted() && Set(tops).count == tops.count)
    }

    @Test func destroyReleasesEveryView() throws {
        let folder = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = try Harness(folder: folder)
        #expect(harness.tree.count > 10)
        harness.screen.destroy()
        #expect(harness.tree.count == 0)
        #expect(harness.screen.view == nil)
    }
}
