import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation
@testable import PlugboardRender

/// The terminal drawing of the composed screen.
@Suite struct TextRendererTests {
    static let home = """
        [1] To-Plugin (nav-item:to-plugin)
        [2] To-Shows (nav-item:to-shows)
        [3] Web (nav-item:web)
        [4] Live (nav-item:live)
        [5] Feed (nav-item:feed)
        [6] Cast (nav-item:cast)
        [-] To-Home (nav-item:to-home) disabled
        screen: home · title: Home · context: none · placement: on_top · state: root · device: phone 390×844
        """

    @Test func theHomeScreenWithItsBarAndNumberedButtons() throws {
        let app = try StandardApp.fixture().launch()
        let drawing = TextDrawing(TextRenderer.render(app))
        #expect(drawing.footer.joined(separator: "\n") == Self.home)
        let grid = drawing.gridText
        #expect(grid.contains("Home"))
        for number in 1...6 { #expect(grid.contains("[\(number)]"), "no [\(number)] in\n\(grid)") }
        #expect(grid.contains("[1]To-") && grid.contains("Plugin"))  // wrapped inside its border
        for box in ["┌", "─", "┐", "│", "└", "┘"] { #expect(grid.contains(box)) }
        #expect(grid.contains("(To-"))  // the disabled button, in parentheses and unnumbered
        #expect(!grid.contains("none"))  // the hidden context button is not drawn
        #expect(drawing.lines.first?.hasPrefix("╭") == true)
    }

    @Test func theShellAreasHaveBorders() throws {
        let app = try StandardApp.fixture().launch()
        let grid = TextDrawing(TextRenderer.render(app)).grid
        // 5 points a column, 10 a row: the bar's area rows 0–8 (the UI Builder bar takes the
        // status-bar space), the bar plugin's view 5–8 inside it, content 9….
        #expect(grid[0].hasPrefix("┌") && grid[0].hasSuffix("┐"))
        #expect(grid[1...4].allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") })
        #expect(grid[5].hasPrefix("┌") && grid[8].hasPrefix("└"))
        #expect(grid[9].hasPrefix("┌") && grid[9].hasSuffix("┐"))
        #expect(grid.last?.hasPrefix("└") == true)
        #expect(grid[11].contains("  Home"))  // the screen's first line, at y = 91 + 16
    }

    @Test func overlayDrawsTheBarOverTheContent() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "overlay"]).launch()
        let drawing = TextDrawing(TextRenderer.render(app))
        #expect(drawing.statusLine.contains("placement: overlay"))
        // The bar's area starts at the top edge; the content starts below it, not under it.
        #expect(drawing.grid[0].hasPrefix("┌") && drawing.grid[5].hasPrefix("┌") && drawing.grid[8].hasPrefix("└"))
        #expect(drawing.grid[9].hasPrefix("┌"))
        #expect(drawing.footer.count == 8)
    }

    @Test(
        arguments: [
            ("phone", nil, 78, 84), ("tablet", nil, 100, 67), ("phone", 10.0, 39, 42), ("tablet", 10.24, 100, 67),
        ] as [(String, Double?, Int, Int)])
    func theDrawingHasTheDevicesProportions(device: String, columnWidth: Double?, columns: Int, rows: Int) throws {
        var fixture = StandardApp.fixture()
        fixture.settings["device"] = device
        let app = try fixture.launch()
        let drawing = TextDrawing(TextRenderer.render(app, columnWidth: columnWidth))
        #expect(drawing.columns == columns)
        #expect(drawing.rows == rows)
        #expect(Set(drawing.grid.map(\.count)) == [columns])
        #expect(Set(drawing.lines.prefix(rows + 2).map(\.count)) == [columns + 2])
        // A row is twice as tall as a column is wide: the drawing keeps the device's shape.
        let width = Double(columns) / app.device.width
        let height = Double(rows) * 2 / app.device.height
        #expect(abs(width - height) / width < 0.02)
        #expect(columns <= 100)
    }

    @Test func aPresentedScreenCoversEverything() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        let drawing = TextDrawing(TextRenderer.render(app))
        #expect(drawing.gridText.contains("Shows"))
        #expect(drawing.gridText.contains("[1]") && drawing.gridText.contains("close"))
        #expect(drawing.footer.prefix(2) == ["[1] close", "[2] Shows-To-Plugin (nav-item:shows-to-plugin)"])
        #expect(!drawing.output.contains("Home"))  // neither Home's screen nor its bar
        #expect(!drawing.output.contains("Cast") && !drawing.output.contains("[-]"))
        #expect(drawing.statusLine.hasPrefix("screen: shows · title: Shows · context: close · placement: overlay"))
        #expect(drawing.statusLine.contains("state: presentation"))
    }

    @Test func theLogoTheBarAsksForIsAMarkedImage() throws {
        let app = try StandardApp.fixture().launch()
        try app.tap(identifier: "nav-item:to-shows")
        let drawing = TextDrawing(TextRenderer.render(app))
        #expect(drawing.grid[6].contains("[img: logo.png]"))  // in the bar
        #expect(drawing.statusLine.hasSuffix("logo: https://assets.example.com/logo.png"))
    }

    @Test func theOutputIsDeterministic() throws {
        let app = try StandardApp.fixture().launch()
        let first = TextRenderer.render(app)
        #expect(TextRenderer.render(app) == first)
        #expect(TextRenderer.render(try StandardApp.fixture().launch()) == first)
    }

    @Test func ansiColoursAreOptIn() throws {
        let app = try StandardApp.fixture().launch()
        let plain = TextRenderer.render(app)
        #expect(!plain.contains("\u{1B}"))
        let coloured = TextRenderer.render(app, ansi: true)
        #expect(coloured.contains("48;2;17;34;51"))  // the bar's #112233
        #expect(coloured.contains("38;2;255;255;255;48;2;17;34;51m"))  // its white title on it
        let stripped = coloured.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain)
    }

    @Test func textFromTheConfigurationCannotBreakTheDrawing() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[0]["name"] = "Home\u{1B}[31m\nRed\u{202E}<&>"
        let app = try fixture.launch()
        let output = TextRenderer.render(app)
        #expect(!output.contains("\u{1B}") && !output.contains("\u{202E}"))
        let drawing = TextDrawing(output)
        #expect(drawing.rows == 84 && Set(drawing.grid.map(\.count)) == [78])
        #expect(drawing.gridText.contains("Home\u{FFFD}[31m Red\u{FFFD}<&>"))
        #expect(drawing.statusLine.contains("title: Home\u{FFFD}[31m Red\u{FFFD}<&>"))
    }
}

/// The pieces: scale, wrapping, wide characters, boxes.
@Suite struct CharacterGridTests {
    @Test func cellsCoverAtLeastOneCellAndEmptyRectsNone() {
        let scale = CellScale(device: .phone)
        #expect(scale.cells(Rect(x: 0, y: 0, width: 390, height: 47)) == CellRect(x0: 0, y0: 0, x1: 77, y1: 4))
        #expect(scale.cells(Rect(x: 1, y: 1, width: 1, height: 1)) == CellRect(x0: 0, y0: 0, x1: 0, y1: 0))
        #expect(scale.cells(Rect(x: 10, y: 10, width: 0, height: 10)) == nil)
        let huge = scale.cells(Rect(x: -1e300, y: 0, width: 1e301, height: 10))
        #expect(huge != nil)
        var grid = CharacterGrid(columns: 4, rows: 2)
        grid.fill(huge!, background: .clear)  // clipped to the grid, not a billion cells
        grid.box(huge!, isButton: true)
        #expect(grid.lines(ansi: false).count == 2)
    }

    @Test func buttonTextWrapsAtBreaksAndKeepsItsNumber() {
        #expect(RenderText.lines("[1]To-Plugin", keep: 3, width: 7, maxLines: 2) == ["[1]To-", "Plugin"])
        #expect(RenderText.lines("[4]Live", keep: 3, width: 6, maxLines: 2) == ["[4]", "Live"])
        #expect(RenderText.lines("[12]Settings", keep: 4, width: 4, maxLines: 1) == ["[12]"])
        #expect(RenderText.lines("[12]Settings", keep: 4, width: 6, maxLines: 1) == ["[12]S…"])
        #expect(RenderText.lines("Hello world", width: 8, maxLines: 1) == ["Hello w…"])
        #expect(RenderText.lines("Hi", width: 0, maxLines: 1) == [])
        #expect(RenderText.lines(" Hello world", width: 6, maxLines: 3) == [" Hello", "world"])
    }

    @Test func wideCharactersTakeTwoColumnsAndStayWhole() {
        var grid = CharacterGrid(columns: 6, rows: 1)
        grid.write("日本語", row: 0, from: 0, to: 5, alignment: .left, foreground: nil)
        #expect(grid.lines(ansi: false) == ["日本語"])
        grid.put("x", x: 1, y: 0, foreground: nil)  // over the second half of 日
        #expect(grid.lines(ansi: false) == [" x本語"])
        var clipped = CharacterGrid(columns: 5, rows: 1)
        clipped.write("日本語", row: 0, from: 0, to: 4, alignment: .right, foreground: nil)
        #expect(clipped.lines(ansi: false) == ["日本…"])
    }

    @Test func textNeverOverwritesText() {
        var grid = CharacterGrid(columns: 20, rows: 1)
        grid.write("Movies at 20:00", row: 0, from: 0, to: 19, alignment: .left, foreground: nil)
        grid.write("Other", row: 0, from: 8, to: 19, alignment: .left, foreground: nil)
        #expect(grid.lines(ansi: false) == ["Movies… Other       "])  // the earlier text is cut before the later

        var later = CharacterGrid(columns: 12, rows: 1)
        later.write("Right", row: 0, from: 5, to: 11, alignment: .left, foreground: nil)
        later.write("Left side", row: 0, from: 0, to: 11, alignment: .left, foreground: nil)
        #expect(later.lines(ansi: false) == ["Lef… Right  "])  // the later text stops before the earlier

        var number = CharacterGrid(columns: 8, rows: 1)
        number.write("label", row: 0, from: 0, to: 7, alignment: .left, foreground: nil)
        number.write("[3]Go", row: 0, from: 0, to: 7, alignment: .left, foreground: nil, keep: 3)
        #expect(number.lines(ansi: false) == ["[3]Go   "])  // a tap number wins over a label

        var buttons = CharacterGrid(columns: 10, rows: 1)
        buttons.write("[2]Guide", row: 0, from: 0, to: 9, alignment: .left, foreground: nil, keep: 3)
        buttons.write("[3]Web", row: 0, from: 5, to: 9, alignment: .left, foreground: nil, keep: 3)
        #expect(buttons.lines(ansi: false) == ["[2]G…[3]W…"])  // numbers side by side, each whole
    }

    /// A tablet's bar at 80×24: the menu button's number and glyph take the columns where its
    /// title starts. The title moves past them and keeps its width where its columns go on (it was
    /// cut to "H…" with the bar empty beyond); the glyph stays with its number.
    @Test func textMovedPastATapNumberKeepsItsWidthAndTheGlyphItsNumber() {
        var bar = CharacterGrid(columns: 20, rows: 1)
        bar.write("[1]☰", row: 0, from: 0, to: 3, alignment: .left, foreground: nil, keep: 3)
        bar.write("Home", row: 0, from: 2, to: 15, alignment: .left, foreground: nil)
        #expect(bar.lines(ansi: false) == ["[1]☰ Home           "])

        var narrow = CharacterGrid(columns: 10, rows: 1)
        narrow.write("[1]☰", row: 0, from: 0, to: 3, alignment: .left, foreground: nil, keep: 3)
        narrow.write("Home", row: 0, from: 2, to: 7, alignment: .left, foreground: nil)
        #expect(narrow.lines(ansi: false) == ["[1]☰ Ho…  "])  // its columns end at 7

        var cut = CharacterGrid(columns: 12, rows: 1)  // a cut button's "…" is not a glyph
        cut.write("[2]…", row: 0, from: 0, to: 3, alignment: .left, foreground: nil, keep: 3)
        cut.write("[3]Web", row: 0, from: 3, to: 8, alignment: .left, foreground: nil, keep: 3)
        #expect(cut.lines(ansi: false) == ["[2][3]Web   "])
    }

    @Test func bordersAndButtonsKeepTheTextUnderThem() {
        var grid = CharacterGrid(columns: 10, rows: 3)
        grid.write("Hello", row: 1, from: 0, to: 9, alignment: .left, foreground: nil)
        grid.box(CellRect(x0: 0, y0: 0, x1: 9, y1: 2), isButton: false)
        #expect(grid.lines(ansi: false)[1] == "Hello    │")
        grid.write("[4]One", row: 1, from: 0, to: 9, alignment: .left, foreground: nil, keep: 3)
        grid.fill(CellRect(x0: 0, y0: 1, x1: 9, y1: 1), background: nil, sparingNumbers: true)
        #expect(grid.lines(ansi: false)[1] == "[4]One    ")
        grid.fill(CellRect(x0: 0, y0: 1, x1: 9, y1: 1), background: nil)  // an opaque view covers it
        #expect(grid.lines(ansi: false)[1] == "          ")
    }

    @Test func aLongLegendIsPaged() {
        let entries = (1...10).map { LegendLine(name: "[\($0)] item") }
        let lines = entries.map(\.text)
        #expect(TerminalLayout.page(entries, room: 12, width: 20, page: 1) == lines)
        #expect(
            TerminalLayout.page(entries, room: 4, width: 40, page: 1) == Array(lines[0..<3]) + [
                "… 7 more: type more (1/4)"
            ])
        #expect(
            TerminalLayout.page(entries, room: 4, width: 40, page: 4) == ["[10] item", "(4/4) type more for the first"])
        #expect(
            TerminalLayout.page(entries, room: 4, width: 40, page: 5)
                == TerminalLayout.page(entries, room: 4, width: 40, page: 1))
        #expect(
            TerminalLayout.wrap(["screen: home", "title: Home", "device: phone"], width: 26) == [
                "screen: home · title: Home", "device: phone",
            ])
    }

    /// A line too long for its column drops the identifier whole (a cut one could not be typed).
    @Test func aLegendLineTooLongLosesItsIdentifierFirst() {
        let line = LegendLine(name: "[12] Full-screen Guide", identifier: "menu-item:m-guide-full")
        #expect(line.fitted(width: 60) == "[12] Full-screen Guide (menu-item:m-guide-full)")
        #expect(line.fitted(width: 30) == "[12] Full-screen Guide")
        #expect(line.fitted(width: 12) == "[12] Full-s…")
        let disabled = LegendLine(name: "[-] To-Home", identifier: "nav-item:to-home", note: " disabled")
        #expect(disabled.text == "[-] To-Home (nav-item:to-home) disabled")
        #expect(disabled.fitted(width: 24) == "[-] To-Home disabled")
    }

    @Test(arguments: [
        TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 50, rows: 30),
    ])
    func aFittedDrawingTakesTheTerminalsRowsButOne(size: TerminalSize) throws {
        let app = try StandardApp.fixture().launch()
        let lines = TextRenderer.render(app, terminal: size).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        #expect(lines.count <= size.rows - 1)
        #expect(lines.allSatisfy { RenderText.columns(of: $0) <= size.columns })
        #expect(lines.contains { $0.contains("[1] To-Plugin") })
        #expect(lines.contains { $0.contains("screen: home") })
    }

    @Test func imageNamesAreTheLastPathComponent() {
        #expect(RenderText.imageName("https://assets.example.com/a/logo.png?v=2#x") == "logo.png")
        #expect(RenderText.imageName("https://example.com/dir/") == "dir")
        #expect(RenderText.imageName("logo") == "logo")
    }
}
