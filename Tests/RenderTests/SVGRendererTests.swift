import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation
@testable import PlugboardRender

/// The SVG mock of the device with the composed screen.
@Suite struct SVGRendererTests {
    static func parse(_ app: PlugboardApp) throws -> (svg: String, parsed: ParsedSVG) {
        let svg = SVGRenderer.render(app)
        let parsed = ParsedSVG(svg)
        if let error = parsed.error { Issue.record("not well-formed XML: \(error)\n\(svg)") }
        return (svg, parsed)
    }

    @Test func theHomeScreenIsAWellFormedDeviceMock() throws {
        let app = try StandardApp.fixture().launch()
        let (svg, parsed) = try Self.parse(app)
        #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        let root = try #require(parsed.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["width"] == "426" && root.attributes["height"] == "880")  // 390×844 + frame
        #expect(root.attributes["viewBox"] == "0 0 426 880")
        #expect(parsed.all("desc").first?.text.contains("screen: home") == true)
        #expect(parsed.all("desc").first?.text.contains("context: none · placement: on_top") == true)
        #expect(parsed.all("rect").contains { $0.attributes["class"] == "device" && $0.attributes["rx"] != nil })
        // The bar's background: the bar's area over the status-bar space, and the bar plugin's view.
        let barFills = parsed.all("rect").filter { $0.attributes["fill"] == "#112233" }
        #expect(barFills.count == 2)
        #expect(barFills.allSatisfy { $0.attributes["fill-opacity"] == nil })
        let title = try #require(parsed.all("text").first { $0.text == "Home" && $0.attributes["fill"] == "#FFFFFF" })
        // 17 points, fitted whole into the test bar's 38-point title area (45 points wide at 17).
        #expect(title.attributes["font-size"] == "14")
        // Vertically centred in the bar (47…91) by an explicit baseline, below the middle.
        let baseline = try #require(title.attributes["y"].flatMap(Double.init))
        #expect(baseline > 69 && baseline < 69 + 14 / 2)
        #expect(title.attributes["dominant-baseline"] == nil)
        #expect(title.attributes["text-anchor"] == "start")
        #expect(parsed.all("text").contains { $0.text == "(no components)" })
    }

    @Test func everyTapTargetHasOneDataTapWithItsNumberAndIdentifier() throws {
        let app = try StandardApp.fixture().launch()
        let (_, parsed) = try Self.parse(app)
        let targets = app.tapTargets
        let tapped = parsed.tapped
        #expect(tapped.count == targets.count)
        #expect(tapped.map { $0.attributes["data-tap"] } == targets.map { "\($0.number)" })
        #expect(tapped.map { $0.attributes["id"] } == targets.map(\.identifier))
        #expect(parsed.all("g").filter { $0.attributes["data-badge"] != nil }.count == targets.count)
        let noBadges = ParsedSVG(SVGRenderer.render(app, tapBadges: false))
        #expect(noBadges.elements.allSatisfy { $0.attributes["data-badge"] == nil })
        #expect(noBadges.tapped.count == targets.count)
    }

    @Test func disabledAndHiddenViews() throws {
        let app = try StandardApp.fixture().launch()
        let (_, parsed) = try Self.parse(app)
        let disabled = try #require(parsed.elements.first { $0.attributes["id"] == "nav-item:to-home" })
        #expect(disabled.attributes["data-disabled"] == "true")
        #expect(disabled.attributes["data-tap"] == nil)
        #expect(!parsed.elements.contains { $0.attributes["id"] == "context" })  // hidden
        let button = try #require(parsed.elements.firstIndex { $0.attributes["id"] == "nav-item:to-shows" })
        #expect(parsed.elements[button + 1].attributes["rx"] == "8")  // the rounded outline
    }

    @Test func aPresentedScreenShowsOnlyItsLayerAndTheLogo() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        let (svg, parsed) = try Self.parse(app)
        #expect(parsed.all("desc").first?.text.contains("screen: shows") == true)
        #expect(!parsed.all("text").contains { $0.text.contains("Home") })
        #expect(parsed.tapped.map { $0.attributes["id"] } == ["context", "nav-item:shows-to-plugin"])
        #expect(parsed.all("title").contains { $0.text == "https://assets.example.com/logo.png" })
        // A remote logo is a placeholder: nothing is fetched, the document has no external reference.
        #expect(parsed.all("image").isEmpty)
        #expect(parsed.all("g").contains { $0.attributes["data-image"] == "remote" })
        #expect(svg.contains(#"class="logo""#))
        // The presented container has its own bar's area; with the UI Builder bar, no status bar.
        #expect(parsed.elements.contains { $0.attributes["id"] == "presented:navigation-bar" })
        #expect(!parsed.elements.contains { $0.attributes["class"] == "status-bar" })
        #expect(!parsed.elements.contains { $0.attributes["id"]?.hasPrefix("root:") == true })
    }

    @Test func overlayDrawsTheBarAfterTheContent() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "overlay"]).launch()
        let (_, parsed) = try Self.parse(app)
        let content = try #require(parsed.elements.firstIndex { $0.attributes["id"] == "root:content" })
        let bar = try #require(parsed.elements.firstIndex { $0.attributes["id"] == "root:navigation-bar" })
        #expect(bar > content)
    }

    @Test func theTabletMockHasTheTabletsSize() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["device"] = "tablet"
        let app = try fixture.launch()
        let (_, parsed) = try Self.parse(app)
        #expect(parsed.elements.first?.attributes["width"] == "1096")
        #expect(parsed.elements.first?.attributes["height"] == "1438")
        #expect(parsed.elements.first?.attributes["data-device"] == "tablet")
        #expect(parsed.all("text").contains { $0.text == "Home" && $0.attributes["font-size"] == "24" })
    }

    @Test func specialCharactersAreEscaped() throws {
        let title = #"<Home & "Friends">'s"#
        var fixture = StandardApp.fixture()
        fixture.screens[0]["name"] = title + "\u{1}"
        var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
        var items = navigations[0]["nav_items"] as! [[String: Any]]
        items[1]["title"] = #"Shows <&> "all" 'now'"#
        items.append(AppFixture.item(#"odd<&>"'id"#, target: "shows"))
        navigations[0]["nav_items"] = items
        fixture.screens[0]["navigations"] = navigations
        let app = try fixture.launch()
        let (svg, parsed) = try Self.parse(app)
        #expect(!svg.contains(title))
        #expect(svg.contains("&lt;Home &amp; &quot;Friends&quot;&gt;&apos;s\u{FFFD}"))
        #expect(parsed.all("text").contains { $0.text == title + "\u{FFFD}" })
        // Too long for its 44-point button: cut with "…", the whole title in data-text.
        let shows = try #require(parsed.all("text").first { $0.attributes["data-text"] == #"Shows <&> "all" 'now'"# })
        #expect(shows.text.hasPrefix("Sh") && shows.text.hasSuffix("…"))
        let odd = try #require(parsed.elements.first { $0.attributes["id"] == #"nav-item:odd<&>"'id"# })
        #expect(odd.attributes["data-tap"] == "7")
        #expect(parsed.all("desc").first?.text.contains("title: " + title) == true)
        // The text drawing shows them as they are.
        let text = TextRenderer.render(app)
        #expect(text.contains(title + "\u{FFFD}"))
        #expect(text.contains(#"[2] Shows <&> "all" 'now' (nav-item:to-shows)"#))
    }

    /// A title with runs of spaces (a plugin's aligned columns) is drawn with them: SVG collapses
    /// white space unless each `<text>` says to keep it (the browser test checks that Chromium
    /// draws every character).
    @Test func runsOfSpacesAreKept() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[0]["name"] = "1  News    Late"
        let (_, parsed) = try Self.parse(try fixture.launch())
        let title = try #require(parsed.all("text").first { $0.text == "1  News    Late" })
        #expect(title.attributes["xml:space"] == "preserve")
        #expect(parsed.all("text").allSatisfy { $0.attributes["xml:space"] == "preserve" || !$0.text.contains("  ") })
    }

    @Test func theOutputIsDeterministic() throws {
        let first = SVGRenderer.render(try StandardApp.fixture().launch())
        #expect(SVGRenderer.render(try StandardApp.fixture().launch()) == first)
    }

    @Test func markup() {
        #expect(ParsedSVG("<svg><g></svg>").error != nil)  // the parser does catch what is not XML
        #expect(SVGMarkup.escape(#"a&b<c>d"e'f"#) == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect(SVGMarkup.escape("tab\there\u{0}") == "tab&#9;here\u{FFFD}")
        #expect(SVGMarkup.number(12) == "12")
        #expect(SVGMarkup.number(12.345) == "12.35")
        #expect(SVGMarkup.number(-0.001) == "0")
        #expect(SVGMarkup.number(.infinity) == "0")
        #expect(SVGMarkup.paint(ARGBColor(0xFF11_2233)) == ##"fill="#112233""##)
        #expect(SVGMarkup.paint(ARGBColor(0x8000_00FF)) == ##"fill="#0000FF" fill-opacity="0.5""##)
        #expect(SVGMarkup.paint(ARGBColor(0x4000_FF00), "stroke") == ##"stroke="#00FF00" stroke-opacity="0.25""##)
    }
}
