import Foundation
import TestSupport
import Testing

@testable import PlugboardNavigation
@testable import PlugboardRender

/// Both renderers draw a status-bar band only when the status-bar container exists: with the UI
/// Builder bar on, the bar's band reaches the top edge in the bar's colour instead.
@Suite struct StatusBarRenderingTests {
    /// ANSI backgrounds of the home bar (#112233) and of the status bar (#00FF00) in StatusBarTests.
    static let barBackground = "48;2;17;34;51"
    static let statusBackground = "48;2;0;255;0"

    /// The plain and the coloured drawing; rows 0–4 are the top 47 points on a phone.
    static func draw(_ app: PlugboardApp) -> (plain: TextDrawing, ansi: TextDrawing) {
        (TextDrawing(TextRenderer.render(app)), TextDrawing(TextRenderer.render(app, ansi: true)))
    }

    @Test func textWithTheUIBuilderBarHasNoStatusBand() throws {
        let (plain, ansi) = Self.draw(try StatusBarTests.launch(uiBuilderBar: true))
        // One box from the top edge to the bar's bottom (row 8), the bar plugin's view in rows 5–8.
        #expect(plain.grid[0].hasPrefix("┌"))
        #expect(plain.grid[1...4].allSatisfy { $0.hasPrefix("│") })
        #expect(plain.grid[5].hasPrefix("┌") && plain.grid[8].hasPrefix("└"))
        #expect(ansi.grid[0...8].allSatisfy { $0.contains(Self.barBackground) })
        #expect(!ansi.output.contains(Self.statusBackground))
    }

    @Test func textWithoutTheUIBuilderBarHasAStatusBandInItsColour() throws {
        let (plain, ansi) = Self.draw(try StatusBarTests.launch(uiBuilderBar: false))
        // The status bar closed in rows 0–4, then the bar in rows 5–8.
        #expect(plain.grid[0].hasPrefix("┌") && plain.grid[4].hasPrefix("└") && plain.grid[4].hasSuffix("┘"))
        #expect(plain.grid[5].hasPrefix("┌") && plain.grid[8].hasPrefix("└"))
        #expect(ansi.grid[0...4].allSatisfy { $0.contains(Self.statusBackground) && !$0.contains(Self.barBackground) })
        #expect(ansi.grid[5...8].allSatisfy { $0.contains(Self.barBackground) })
    }

    @Test(arguments: [true, false])
    func textWithAHiddenBar(uiBuilderBar: Bool) throws {
        let app = try StatusBarTests.launch(uiBuilderBar: uiBuilderBar, homeBarStyles: ["state": "hidden"])
        let (plain, ansi) = Self.draw(app)
        #expect(!ansi.output.contains(Self.barBackground))
        // Without the UI Builder bar the status band stays; with it the content reaches the top.
        #expect(ansi.output.contains(Self.statusBackground) == !uiBuilderBar)
        #expect(plain.grid[4].hasPrefix("└") == !uiBuilderBar)
        #expect(plain.grid[0].hasPrefix("┌"))
    }

    /// The elements of `app`'s SVG.
    static func svg(_ app: PlugboardApp) throws -> ParsedSVG {
        let parsed = ParsedSVG(SVGRenderer.render(app))
        if let error = parsed.error { Issue.record("not well-formed XML: \(error)") }
        return parsed
    }

    /// The first `<rect>` after the element whose `id` is `id`.
    static func rect(after id: String, in svg: ParsedSVG) -> [String: String]? {
        guard let index = svg.elements.firstIndex(where: { $0.attributes["id"] == id }) else { return nil }
        return svg.elements[(index + 1)...].first { $0.name == "rect" }?.attributes
    }

    @Test func svgWithTheUIBuilderBarHasNoStatusBarElement() throws {
        let svg = try Self.svg(try StatusBarTests.launch(uiBuilderBar: true))
        #expect(!svg.elements.contains { $0.attributes["class"] == "status-bar" })
        #expect(!svg.elements.contains { $0.attributes["id"] == "root:status-bar" })
        let area = try #require(svg.elements.first { $0.attributes["id"] == "root:navigation-bar" })
        #expect(area.attributes["class"] == "navigation-bar")
        let band = try #require(Self.rect(after: "root:navigation-bar", in: svg))
        #expect(band["y"] == "0" && band["height"] == "91" && band["fill"] == "#112233")
    }

    @Test func svgWithoutTheUIBuilderBarHasTheStatusBarInItsColour() throws {
        let svg = try Self.svg(try StatusBarTests.launch(uiBuilderBar: false))
        let statusBar = try #require(svg.elements.first { $0.attributes["id"] == "root:status-bar" })
        #expect(statusBar.attributes["class"] == "status-bar")
        let band = try #require(Self.rect(after: "root:status-bar", in: svg))
        #expect(band["y"] == "0" && band["height"] == "47" && band["fill"] == "#00FF00")
        // The bar's colour only on the bar, under the status bar.
        let barFills = svg.all("rect").filter { $0.attributes["fill"] == "#112233" }
        #expect(!barFills.isEmpty && barFills.allSatisfy { $0.attributes["y"] == "47" })
    }

    @Test(arguments: [true, false])
    func svgWithAHiddenBar(uiBuilderBar: Bool) throws {
        let app = try StatusBarTests.launch(uiBuilderBar: uiBuilderBar, homeBarStyles: ["state": "hidden"])
        let svg = try Self.svg(app)
        #expect(!svg.elements.contains { $0.attributes["class"] == "navigation-bar" })
        #expect(svg.elements.contains { $0.attributes["class"] == "status-bar" } == !uiBuilderBar)
    }
}
