import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import PlugboardHarness
@testable import PlugboardNavigation
@testable import PlugboardRender

/// `plugboard render`, run as the built executable on the Showcase app.
@Suite struct ShellRenderCommandTests {
    /// The first `<text>` after the element whose `id` is `id`, in document order.
    static func text(after id: String, in svg: ParsedSVG) -> String? {
        guard let index = svg.elements.firstIndex(where: { $0.attributes["id"] == id }) else { return nil }
        return svg.elements[(index + 1)...].first { $0.name == "text" }?.text
    }

    /// The first `<rect>`'s fill after the element whose `id` is `id`.
    static func fill(after id: String, in svg: ParsedSVG) -> String? {
        guard let index = svg.elements.firstIndex(where: { $0.attributes["id"] == id }) else { return nil }
        return svg.elements[(index + 1)...].first { $0.name == "rect" }?.attributes["fill"]
    }

    @Test func theHomeScreenAsSVGInAFile() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.svg").path
        let result = try runPlugboard(["render", Showcase.folder, "--format", "svg", "-o", file])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let svg = ParsedSVG(text)
        #expect(svg.error == nil)

        let root = try #require(svg.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["data-screen"] == "home")
        #expect(root.attributes["data-state"] == "root")
        #expect(root.attributes["data-device"] == "phone")
        #expect(svg.all("title").first?.text == "Plugboard: home")
        #expect(svg.all("desc").first?.text.contains("title: Home · context: menu") == true)

        // The bar: its title, its background (#FF1A1A2E in rivers.json, written #RRGGBB), its buttons.
        #expect(Self.text(after: "title", in: svg) == "Home")
        let bar = try #require(svg.elements.first { $0.attributes["class"] == "navigation-bar" })
        #expect(bar.attributes["id"] == "general-nav-bar")
        #expect(Self.fill(after: "general-nav-bar", in: svg) == "#1A1A2E")
        #expect(Self.text(after: "nav-item:nb-epg", in: svg) == "Guide")
        #expect(Self.text(after: "nav-item:nb-web", in: svg) == "Website")  // the button is as wide as its title
        #expect(Self.text(after: "nav-item:nb-live", in: svg) == "Live")
        #expect(svg.all("text").contains { $0.text == "Home" && $0.attributes["fill"] == "#FFFFFF" })

        // Tap targets carry their numbers, as the text drawing's [n]: the bar's, then the cells of
        // the connected components below it (Featured, then Popular; the banner is not connected).
        let taps = svg.tapped.map { ($0.attributes["data-tap"] ?? "", $0.attributes["id"] ?? "") }
        let byNumber = Dictionary(uniqueKeysWithValues: taps.compactMap { tap in Int(tap.0).map { ($0, tap.1) } })
        #expect(byNumber.count == taps.count)
        let barTaps = ["context", "nav-item:nb-epg", "nav-item:nb-web", "nav-item:nb-live"]
        // Popular's fifth cell is below the window: out of sight, it has no number.
        let cells = (0..<4).map { "cell:1:\($0)" } + (0..<4).map { "cell:3:\($0)" }
        #expect(byNumber.keys.sorted().map { byNumber[$0]! } == barTaps + cells)
        #expect(svg.tapped.allSatisfy { $0.attributes["data-view"] == "button" })
        #expect(svg.elements.filter { $0.attributes["data-badge"] != nil }.count == barTaps.count + cells.count)
        #expect(Self.text(after: "cell:1:0", in: svg) == "Harbour Lights")

        // The file is exactly what the renderer draws for the same app.
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        #expect(text == SVGRenderer.render(app))
    }

    @Test func aScreenToStandardOutput() throws {
        let result = try runPlugboard(["render", Showcase.folder, "--format", "svg", "--screen", "shows"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let svg = ParsedSVG(result.stdout)
        #expect(svg.error == nil)
        #expect(svg.elements.first?.attributes["data-screen"] == "shows")
        #expect(svg.all("title").first?.text == "Plugboard: shows")
        #expect(!svg.all("image").contains { $0.attributes["href"]?.hasPrefix("http") == true })  // not fetched
        #expect(svg.all("title").contains { $0.text == "https://assets.showcase.example/logo.png" })
        #expect(Self.text(after: "nav-item:sb-feed", in: svg) == "Feed")
        #expect(svg.tapped.first { $0.attributes["data-tap"] == "1" }?.attributes["id"] == "context")
        #expect(svg.tapped.first { $0.attributes["data-tap"] == "5" }?.attributes["id"] == "cell:1:0")

        let presented = try runPlugboard(["render", Showcase.folder, "--format", "svg", "--screen", "epg-full"])
        #expect(presented.status == 0)
        let full = ParsedSVG(presented.stdout)
        #expect(full.elements.first?.attributes["data-screen"] == "epg-full")
        #expect(full.elements.first?.attributes["data-state"] == "presentation")
    }

    @Test func theShowsScreenListsItsFeedEntriesAsNumberedCells() throws {
        let result = try runPlugboard(["render", Showcase.folder, "--screen", "shows", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let drawing = TextDrawing(result.stdout)
        let titles = [
            "Harbour Lights", "Kitchen Rivals", "The Quiet Floor", "Wild North", "Small Claims", "Under the Hood",
        ]
        for (index, title) in titles.enumerated() {
            #expect(drawing.gridText.contains(title), "\(title)")
            #expect(drawing.footer.contains("[\(index + 5)] \(title) (cell:1:\(index))"), "\(title)")
        }
        #expect(drawing.gridText.contains("Shows") && drawing.gridText.contains("ALL SHOWS"))  // below the overlay bar
        #expect(drawing.gridText.contains("[img: harbour-ligh"))
    }

    @Test func stepsRunBeforeTheDrawing() throws {
        let live = try runPlugboard(["render", Showcase.folder, "--format", "svg", "--steps", "tap nav-item:nb-live"])
        #expect(live.status == 0)
        #expect(live.stderr == "")
        let svg = ParsedSVG(live.stdout)
        #expect(svg.error == nil)
        #expect(svg.elements.first?.attributes["data-screen"] == "live_drawer:nb-live")
        #expect(svg.elements.first?.attributes["data-state"] == "presentation")
        #expect(svg.all("desc").first?.text.contains("context: close") == true)

        let steps = try runPlugboard([
            "render", Showcase.folder, "--steps", "tap nav-item:nb-epg; close ;menu; select m-news",
        ])
        #expect(steps.status == 0)
        let drawing = TextDrawing(steps.stdout)
        #expect(drawing.statusLine.hasPrefix("screen: news · title: News"))
        #expect(drawing.footer.contains { $0.contains("(nav-item:nw-home)") })
    }

    @Test func textToStandardOutputOrAFile() throws {
        let result = try runPlugboard(["render", Showcase.folder, "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        #expect(result.stdout == TextRenderer.render(app))
        let drawing = TextDrawing(result.stdout)
        #expect(drawing.gridText.contains("[2]") && drawing.gridText.contains("Guide"))
        #expect(drawing.statusLine.hasPrefix("screen: home"))

        // Text is the default format; -o writes the same bytes to the file.
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("home.txt").path
        let written = try runPlugboard(["render", Showcase.folder, "--output", file])
        #expect(written.status == 0)
        #expect(written.stdout == "")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == result.stdout)

        let tablet = try runPlugboard(["render", Showcase.folder, "--device", "tablet"])
        #expect(tablet.status == 0)
        #expect(TextDrawing(tablet.stdout).columns > drawing.columns)
        #expect(TextDrawing(tablet.stdout).statusLine.contains("device: tablet"))
    }

    @Test func theStatusBarFollowsTheUIBuilderBarSetting() throws {
        // The Showcase uses the UI Builder bar: no status-bar container, on the home screen or
        // on a presented one without a bar.
        for screen in ["home", "epg-full"] {
            let on = try runPlugboard(["render", Showcase.folder, "--format", "svg", "--screen", screen])
            #expect(on.status == 0)
            #expect(!ParsedSVG(on.stdout).elements.contains { $0.attributes["class"] == "status-bar" }, "\(screen)")
        }

        // A copy with the setting off: the status bar in the settings' colour (#FF000000).
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Showcase")
        try FileManager.default.copyItem(at: Showcase.url, to: app)
        let settings = ##"{"use_ui_builder_nav_bar": false, "status_bar_color": "#FF000000"}"##
        try Data(settings.utf8).write(to: app.appendingPathComponent("settings.json"))
        let off = try runPlugboard(["render", app.path, "--format", "svg"])
        #expect(off.status == 0)
        #expect(off.stderr == "")
        let svg = ParsedSVG(off.stdout)
        let statusBar = try #require(svg.elements.first { $0.attributes["class"] == "status-bar" })
        #expect(statusBar.attributes["id"] == "root:status-bar")
        #expect(Self.fill(after: "root:status-bar", in: svg) == "#000000")
        #expect(Self.fill(after: "general-nav-bar", in: svg) == "#1A1A2E")
    }

    @Test func aFailingStepStopsWithoutDrawing() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("never.svg").path
        for steps in ["tap nav-item:nb-epg; tap 99; close", "back", "jump"] {
            let result = try runPlugboard(["render", Showcase.folder, "--format", "svg", "--steps", steps, "-o", file])
            #expect(result.status == 1, "\(steps)")
            #expect(result.stdout == "")
            #expect(result.errorLines.count == 1, "\(result.stderr)")
            #expect(result.hasNoBacktrace)
            #expect(!FileManager.default.fileExists(atPath: file))
        }
        let result = try runPlugboard(["render", Showcase.folder, "--steps", "show; tap 99"])
        #expect(result.stderr == "step 'tap 99': no element [99] on screen\n")
    }

    @Test func userMistakesAreOneLine() throws {
        let screen = try runPlugboard(["render", Showcase.folder, "--screen", "nope"])
        #expect(screen.status != 0)
        #expect(screen.stdout == "")
        #expect(screen.stderr.hasPrefix("Error: no screen 'nope' in rivers.json; its screens: home, shows, "))

        let output = try runPlugboard([
            "render", Showcase.folder, "--format", "svg", "-o", "/nonexistent-folder/home.svg",
        ])
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.errorLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("Error: cannot write '/nonexistent-folder/home.svg': "))

        let format = try runPlugboard(["render", Showcase.folder, "--format", "png"])
        #expect(format.status != 0)
        #expect(format.errorLines.first?.hasPrefix("Error: The value 'png' is invalid for '--format") == true)

        let half = try runPlugboard(["render", "--rivers", Showcase.folder + "/rivers.json"])
        #expect(half.status != 0)
        #expect(half.errorLines.first == "Error: give an app folder, or both --plugins FILE and --rivers FILE")
        for result in [screen, output, format, half] { #expect(result.hasNoBacktrace) }
    }
}
