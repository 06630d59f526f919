import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardEngine
@testable import PlugboardNavigation
@testable import PlugboardRender

/// What makes the SVG worth looking at: measured and fitted titles, pills, built-in glyphs,
/// embedded images and placeholders, scrims over images, the device's status bar.
@Suite struct SVGLookTests {
    // MARK: Measuring and fitting text

    @Test func widthsAreHelveticasScaledByTheFontSize() {
        #expect(abs(TextMeasure.width("Guide", fontSize: 17) - 45.356) < 0.001)
        #expect(abs(TextMeasure.width("Guide", fontSize: 34) - 2 * 45.356) < 0.001)
        #expect(TextMeasure.width("", fontSize: 17) == 0)
        #expect(TextMeasure.width("é", fontSize: 10) == TextMeasure.width("e", fontSize: 10))
        #expect(TextMeasure.width("e\u{301}", fontSize: 10) == TextMeasure.width("e", fontSize: 10))  // combining
        #expect(TextMeasure.width("日本", fontSize: 10) == 20)
        #expect(TextMeasure.width("W", fontSize: 10) > TextMeasure.width("i", fontSize: 10) * 4)
        #expect(TextMeasure.width("Home", fontSize: 17, weight: 700) > TextMeasure.width("Home", fontSize: 17))
    }

    @Test func aTitleIsKeptShrunkOrCutWithAnEllipsis() {
        let whole = TextMeasure.fit("Live", width: 42, fontSize: 17)
        #expect(whole == TextMeasure.Fitted(text: "Live", fontSize: 17, width: whole.width, isTruncated: false))
        // Slightly too long: smaller, in half points, but whole.
        let guide = TextMeasure.fit("Guide", width: 42, fontSize: 17)
        #expect(guide.text == "Guide" && guide.fontSize == 15.5 && !guide.isTruncated && guide.width <= 42)
        // Too long even at 80 %: cut at the full size while enough of it is left.
        let long = TextMeasure.fit("New rail link opens between the towns", width: 200, fontSize: 17)
        #expect(long.text == "New rail link opens bet…", "\(long)")
        #expect(long.fontSize == 17 && long.isTruncated)
        #expect(long.width <= 200)
        // Cut to a letter at full size, it says more at the smallest size.
        let website = TextMeasure.fit("Website", width: 42, fontSize: 17)
        #expect(website.text == "Web…" && abs(website.fontSize - 13.6) < 1e-9 && website.width <= 42)
        // Spaces before the ellipsis go; no room even for "…" draws nothing.
        #expect(TextMeasure.fit("Ab cdefghijklmnop", width: 40, fontSize: 17, minimumScale: 1).text == "Ab…")
        #expect(TextMeasure.fit("Home", width: 5, fontSize: 17).text == "")
        #expect(TextMeasure.fit("Home", width: 0, fontSize: 17).text == "")
    }

    @Test func fontFamiliesBecomeCSSFamiliesWithAWeight() {
        #expect(SVGFont(nil) == SVGFont(""))
        #expect(SVGFont(nil).family == "-apple-system, Helvetica, Arial, sans-serif" && SVGFont(nil).weight == 400)
        let medium = SVGFont("HelveticaNeue-Medium")
        #expect(medium.family == "HelveticaNeue-Medium, Helvetica Neue, -apple-system, Helvetica, Arial, sans-serif")
        #expect(medium.weight == 500)
        #expect(SVGFont("Roboto-BoldItalic").weight == 700)
        #expect(SVGFont("Avenir-Black").weight == 900)
        #expect(SVGFont("Georgia, serif").family == "Georgia, serif" && SVGFont("Georgia, serif").weight == 400)
        #expect(SVGFont("Arial Bold").weight == 700)
    }

    // MARK: Context buttons

    @Test func contextButtonsAreNamedByTheirTextOrIdentifier() {
        typealias C = SVGGlyphs.Context
        #expect(C.named(text: "‹", identifier: "context")! == (.back, nil))
        #expect(C.named(text: "✕", identifier: nil)! == (.close, nil))
        #expect(C.named(text: "☰", identifier: nil)! == (.menu, nil))
        #expect(C.named(text: "Back", identifier: "c-nav-bar:back")! == (.back, "Back"))
        #expect(C.named(text: "close", identifier: nil)! == (.close, "close"))
        #expect(C.named(text: nil, identifier: "c-nav-bar:menu")! == (.menu, nil))
        #expect(C.named(text: "", identifier: "bar-close")! == (.close, nil))
        #expect(C.named(text: "Guide", identifier: "nav-item:nb-epg") == nil)
        #expect(C.named(text: nil, identifier: "nav-item:menu") == nil)  // the app's item, not the bar's
        #expect(C.named(text: nil, identifier: "context") == nil)  // the renderer asks the bar's state
    }

    @Test func theContextButtonIsAGlyphAndNavItemsArePillsAsWideAsTheirTitles() throws {
        let svg = ParsedSVG(SVGRenderer.render(try Self.showcase()))
        let context = try #require(svg.elements.firstIndex { $0.attributes["id"] == "context" })
        let glyph = svg.elements[(context + 1)...].first { $0.name == "path" || $0.name == "text" }
        #expect(glyph?.attributes["data-glyph"] == "menu")
        #expect(glyph?.attributes["stroke"] == "#FFFFFF")
        // "Live" keeps its size, in a pill within its frame.
        let live = try #require(svg.elements.firstIndex { $0.attributes["id"] == "nav-item:nb-live" })
        let pill = svg.elements[live + 1].attributes
        #expect(pill["class"] == "pill" && pill["rx"] == "8")
        #expect(svg.elements[live + 2].text == "Live" && svg.elements[live + 2].attributes["font-size"] == "17")
        // The host made "Website" as wide as its title: it is whole, at its size, not "Web…".
        let web = try #require(svg.elements.firstIndex { $0.attributes["id"] == "nav-item:nb-web" })
        #expect(svg.elements[web + 2].text == "Website" && svg.elements[web + 2].attributes["data-text"] == nil)
        #expect(svg.elements[web + 2].attributes["font-size"] == "17")
    }

    @Test func aPushedScreensBackButtonAndAPresentedScreensCloseButton() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.showScreen("plugin"))
        #expect(app.state.bar.contextButton == .back)
        #expect(Self.glyphs(ParsedSVG(SVGRenderer.render(app))) == ["back"])
        let modal = try StandardApp.fixture().launch()
        #expect(modal.showScreen("modal"))
        #expect(modal.state.bar.contextButton == .close)
        #expect(Self.glyphs(ParsedSVG(SVGRenderer.render(modal))) == ["close"])
    }

    static func glyphs(_ svg: ParsedSVG) -> [String] { svg.all("path").compactMap { $0.attributes["data-glyph"] } }

    // MARK: Images

    /// A 1×1 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!

    @Test func filesOfTheAppFolderAreEmbeddedAndNothingElse() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.png.write(to: folder.appendingPathComponent("images/logo.png"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: folder.appendingPathComponent("photo.jpg"))
        try Data("GIF89a\u{1}\u{0}".utf8).write(to: folder.appendingPathComponent("a.gif"))
        try Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8).write(to: folder.appendingPathComponent("a.webp"))
        try Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8).write(
            to: folder.appendingPathComponent("icon.svg"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("fake.png"))
        try Data(count: SVGImages.maximumBytes + 1).write(to: folder.appendingPathComponent("huge.png"))
        let outside = try makeTemporaryDirectory()
        defer { try? manager.removeItem(at: outside) }
        try Self.png.write(to: outside.appendingPathComponent("secret.png"))
        try manager.createSymbolicLink(
            at: folder.appendingPathComponent("link.png"),
            withDestinationURL: outside.appendingPathComponent("secret.png"))

        var images = SVGImages(folder: folder)
        let logo = "data:image/png;base64," + Self.png.base64EncodedString()
        #expect(images.source("images/logo.png") == .embedded(logo))
        #expect(images.source("./images/logo.png") == .embedded(logo))
        #expect(images.source("file:images/logo.png") == .embedded(logo))
        #expect(images.source(folder.appendingPathComponent("images/logo.png").absoluteString) == .embedded(logo))
        #expect(images.source(folder.path + "/images/logo.png") == .embedded(logo))
        #expect(images.source("photo.jpg").dataType == "image/jpeg")
        #expect(images.source("a.gif").dataType == "image/gif")
        #expect(images.source("a.webp").dataType == "image/webp")
        #expect(images.source("icon.svg").dataType == "image/svg+xml")
        #expect(images.source("data:image/png;base64,AAAA") == .embedded("data:image/png;base64,AAAA"))
        for unavailable in [
            "fake.png", "huge.png", "missing.png", "images", "link.png", "../\(outside.lastPathComponent)/secret.png",
            outside.path + "/secret.png", "file:///etc/hostname", "file://elsewhere/images/logo.png",
            "asset:images/logo.png", "data:text/html,<b>hi</b>", "",
        ] {
            #expect(images.source(unavailable) == .unavailable, "\(unavailable)")
        }
        #expect(images.source("https://assets.example.com/logo.png") == .remote)
        #expect(images.source("HTTP://assets.example.com/logo.png") == .remote)
        // Without a folder, only data: URLs are shown.
        var noFolder = SVGImages(folder: nil)
        #expect(noFolder.source("images/logo.png") == .unavailable)
        #expect(noFolder.source(logo) == .embedded(logo))
    }

    @Test func aLocalLogoIsEmbeddedAndARemoteOneIsAPlaceholder() throws {
        var fixture = StandardApp.fixture()
        var navigations = fixture.screens[2]["navigations"] as! [[String: Any]]
        navigations[0]["assets"] = ["app_logo": "file:images/logo.png"]  // an asset's URL has a scheme
        fixture.screens[2]["navigations"] = navigations
        let folder = try fixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Self.png.write(to: folder.appendingPathComponent("images/logo.png"))
        let app = try PlugboardApp(folder: folder, searchPath: Built.searchPath)
        try app.tap(identifier: "nav-item:to-shows")

        let svg = SVGRenderer.render(app, folder: folder)
        let parsed = ParsedSVG(svg)
        #expect(parsed.error == nil)
        let image = try #require(parsed.all("image").first)
        #expect(image.attributes["href"] == "data:image/png;base64," + Self.png.base64EncodedString())
        #expect(parsed.all("title").contains { $0.text == "file:images/logo.png" })
        #expect(parsed.all("g").contains { $0.attributes["data-image"] == "embedded" })
        #expect(!svg.contains(folder.path))
        // The same app without its folder: a placeholder with the file's name.
        let placeholder = ParsedSVG(SVGRenderer.render(app))
        #expect(placeholder.all("image").isEmpty)
        #expect(placeholder.all("g").contains { $0.attributes["data-image"] == "unavailable" })
        #expect(placeholder.all("text").contains { $0.text == "logo.png" })
    }

    @Test func aPlaceholderIsASoftGradientWithAPictureAndTheFilesName() throws {
        let svg = ParsedSVG(SVGRenderer.render(try Self.showcase()))
        let gradient = try #require(svg.all("linearGradient").first?.attributes["id"])
        let cell = try #require(
            svg.elements.firstIndex { $0.name == "title" && $0.text == "images/harbour-lights.png" })
        #expect(svg.elements[cell - 1].attributes["data-image"] == "unavailable")  // no such file in Showcase
        #expect(svg.elements[cell + 1].attributes["fill"] == "url(#\(gradient))")
        #expect(svg.elements[cell + 1].attributes["stroke"] == nil)
        #expect(svg.elements[cell + 2].attributes["class"] == "picture")
        #expect(svg.elements[(cell + 2)...].first { $0.name == "text" }?.text == "harbour-lights.png")
    }

    // MARK: Contrast, status bar, the document

    @Test func whiteTitlesOverAnImagePlaceholderGetAScrim() throws {
        let app = try Self.showcase()
        #expect(app.showScreen("news"))
        let svg = ParsedSVG(SVGRenderer.render(app))
        for id in ["context", "nav-item:nw-home", "nav-item:nw-shows"] {
            let button = try #require(svg.elements.firstIndex { $0.attributes["id"] == id })
            let scrim = svg.elements[button + 1].attributes
            #expect(scrim["class"] == "scrim" && scrim["fill"] == "#000000", "\(id)")
            #expect(scrim["pointer-events"] == "none")
        }
        // The plugin's colour stays.
        #expect(svg.all("text").first { $0.text == "Home" }?.attributes["fill"] == "#FFFFFF")
        // Over plain colours, no scrim.
        let home = ParsedSVG(SVGRenderer.render(try Self.showcase()))
        #expect(!home.elements.contains { $0.attributes["class"] == "scrim" })
    }

    @Test func theStatusBarShows941AndItsIconsInAColourThatStandsOut() throws {
        let dark = ParsedSVG(SVGRenderer.render(try StatusBarTests.launch(uiBuilderBar: true)))  // #112233 bar
        let status = try #require(dark.elements.firstIndex { $0.attributes["class"] == "device-status" })
        #expect(dark.elements[status].attributes["pointer-events"] == "none")
        #expect(dark.elements[status + 1].text == "9:41" && dark.elements[status + 1].attributes["fill"] == "#FFFFFF")
        #expect(dark.elements[(status + 1)...].filter { $0.name == "rect" }.count >= 6)  // battery, 4 bars, indicator
        let light = ParsedSVG(SVGRenderer.render(try StatusBarTests.launch(uiBuilderBar: false)))  // #00FF00
        let time = try #require(light.all("text").first { $0.text == "9:41" })
        #expect(time.attributes["fill"] == "#000000")
        // Over every view, under the tap badges.
        let order = dark.elements.map { $0.attributes["class"] }
        #expect(order.firstIndex(of: "device-status")! > order.firstIndex(of: "navigation-bar")!)
        #expect(order.firstIndex(of: "device-status")! < order.firstIndex(of: "tap-badges")!)
    }

    @Test func theDocumentIsSelfContained() throws {
        for steps in [[], ["push shows"], ["present contact"], ["menu"]] {
            let app = try Self.showcase()
            let session = ShellSession(app: app)
            for step in steps { #expect(session.run(line: step).succeeded) }
            let svg = SVGRenderer.render(app, folder: Showcase.url)
            let parsed = ParsedSVG(svg)
            #expect(parsed.error == nil)
            let ids = Set(parsed.elements.compactMap { $0.attributes["id"] })
            for element in parsed.elements {
                for value in element.attributes.values where value.contains("url(") {
                    let reference = value.split(separator: "#").last.map { String($0.dropLast()) } ?? ""
                    #expect(ids.contains(reference), "\(value) names no element")
                }
                if let href = element.attributes["href"] { #expect(href.hasPrefix("data:") || href.hasPrefix("#")) }
            }
            #expect(!svg.contains(PackageRoot.path))
            #expect(!svg.contains("clip-path=\"url(#pb-clip"))  // titles are fitted, not clipped
        }
    }

    /// A tap badge covers no letter of its target's title: the badge's square (its circle's
    /// bounds) and the title's box (its measured width, from cap height to descender) do not
    /// come within 2 points, on the Showcase's screens: rows of cells, menu rows, the guide's rows (titles from
    /// their frame's left edge), bar buttons.
    @Test(arguments: [[], ["menu"], ["push shows"], ["present epg"], ["push news"], ["present contact"]])
    func badgesCoverNoTitle(_ scene: [String]) throws {
        let svg = ParsedSVG(try SVGSnapshotTests.svg(device: .phone, steps: scene))
        let elements = svg.elements
        var badges: [String: Rect] = [:]
        for (index, element) in elements.enumerated() {
            guard let number = element.attributes["data-badge"], index + 1 < elements.count else { continue }
            let circle = elements[index + 1].attributes
            let (x, y, r) = (Double(circle["cx"] ?? ""), Double(circle["cy"] ?? ""), Double(circle["r"] ?? ""))
            if let x, let y, let r { badges[number] = Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r) }
        }
        #expect(!badges.isEmpty)
        var checked = 0
        for (index, element) in elements.enumerated() {
            guard element.name == "g", let number = element.attributes["data-tap"], let badge = badges[number] else {
                continue
            }
            // The target's own title: its texts before the next group.
            for text in elements[(index + 1)...].prefix(while: { $0.name != "g" }) where text.name == "text" {
                // Clear by 2 points: a badge touching a letter reads as covering it.
                let drawn = try #require(Self.box(of: text))
                let box = Rect(x: drawn.x - 2, y: drawn.y - 2, width: drawn.width + 4, height: drawn.height + 4)
                let meets =
                    badge.x < box.maxX && box.x < badge.maxX && badge.y < box.maxY && box.y < badge.maxY
                #expect(!meets, "\(scene): badge \(number) at \(badge) covers '\(text.text)' at \(box)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// Where a `<text>` is drawn: its measured width placed by its anchor, from its cap height
    /// above the baseline to its descender below.
    static func box(of text: ParsedSVG.Element) -> Rect? {
        let attributes = text.attributes
        guard let x = Double(attributes["x"] ?? ""), let y = Double(attributes["y"] ?? ""),
            let size = Double(attributes["font-size"] ?? "")
        else { return nil }
        let weight = Int(attributes["font-weight"] ?? "") ?? 400
        let width = TextMeasure.width(text.text, fontSize: size, weight: weight)
        let left =
            switch attributes["text-anchor"] {
            case "middle": x - width / 2
            case "end": x - width
            default: x
            }
        return Rect(x: left, y: y - 0.72 * size, width: width, height: 0.93 * size)
    }

    static func showcase() throws -> PlugboardApp {
        try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
    }
}

extension SVGImages.Source {
    /// The media type of an embedded picture.
    fileprivate var dataType: String? {
        guard case .embedded(let uri) = self else { return nil }
        return uri.dropFirst("data:".count).split(separator: ";").first.map(String.init)
    }
}
