import PlugboardConfig
import PlugboardCore

/// A rectangle of character cells, inclusive on both ends.
struct CellRect: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int
    var width: Int { x1 - x0 + 1 }
    var height: Int { y1 - y0 + 1 }
}

/// A terminal's size in characters (`--size 80x24`, or the tty's).
public struct TerminalSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Characters per line: the drawing and the legend beside it (or below) are no wider.
    public var columns: Int
    /// Lines: the drawing, the legend and the status take all but one (the prompt's).
    public var rows: Int

    /// A terminal of `columns` × `rows` characters. Fitting the drawing into it, `TextRenderer`
    /// never draws finer than its default scale: a large terminal gets the usual drawing.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// `COLSxROWS`, e.g. `80x24`; nil unless both are at least 10.
    package init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 10, rows >= 10 else {
            return nil
        }
        self.init(columns: columns, rows: rows)
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// How points map to character cells: a column is `columnWidth` points, a row twice that (a
/// terminal cell is about twice as tall as it is wide), so the drawing keeps the device's
/// proportions.
struct CellScale: Equatable {
    let columnWidth: Double
    /// Points per row: twice `columnWidth` (the device's proportions), except in a drawing fitted
    /// beside its legend, which may be up to `maximumStretch` times wider than that.
    let rowHeight: Double
    let columns: Int
    let rows: Int

    /// The widest drawing the renderer makes by default.
    static let maximumColumns = 100.0
    /// Points per column by default: fine enough that a 44-point bar has a row inside its border.
    static let defaultColumnWidth = 5.0

    /// The default scale for `device`: 5 points a column, coarser when that would make the
    /// drawing wider than 100 columns (a 390×844 phone is 78×84, a 1024×1366 tablet 100×67).
    init(device: DeviceProfile, columnWidth: Double? = nil) {
        let width = columnWidth ?? max(Self.defaultColumnWidth, device.width / Self.maximumColumns)
        self.columnWidth = width.isFinite && width > 0 ? width : Self.defaultColumnWidth
        rowHeight = self.columnWidth * 2
        columns = max(1, Int((device.width / self.columnWidth).rounded()))
        rows = max(1, Int((device.height / rowHeight).rounded()))
    }

    /// How much wider than its true proportions a fitted drawing may be. At 80×24 a phone drawn
    /// true to shape is 19 columns wide, too narrow for a bar's title and numbered buttons: a
    /// terminal drawing is a map of where things are and what to type, so readable text matters
    /// more than the shape, within reason.
    static let maximumStretch = 2.5

    /// Exactly `columns` × `rows` cells for `device` (a fitted drawing): never finer than the
    /// default scale, each way.
    init(device: DeviceProfile, columns: Int, rows: Int) {
        let columns = max(1, min(columns, Int((device.width / Self.defaultColumnWidth).rounded())))
        let rows = max(1, min(rows, Int((device.height / (2 * Self.defaultColumnWidth)).rounded())))
        columnWidth = device.width / Double(columns)
        rowHeight = device.height / Double(rows)
        self.columns = columns
        self.rows = rows
    }

    /// The cells `rect` covers (at least one each way), or nil when it is empty.
    func cells(_ rect: Rect) -> CellRect? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        func cell(_ value: Double, _ size: Double) -> Int {
            let scaled = (value / size).rounded()
            return Int(max(-1_000_000, min(1_000_000, scaled)))
        }
        let x0 = cell(rect.x, columnWidth)
        let y0 = cell(rect.y, rowHeight)
        return CellRect(
            x0: x0, y0: y0, x1: max(x0, cell(rect.maxX, columnWidth) - 1), y1: max(y0, cell(rect.maxY, rowHeight) - 1))
    }
}

/// A grid of characters with colours, drawn back to front: later drawing covers earlier, except
/// that text never overwrites part of other text (which made two labels on one row read as one
/// word, "Movies at 20:00er"): the earlier text is cut with "…" before the later, or the later
/// before the earlier; borders are not drawn over text.
struct CharacterGrid {
    struct Cell: Equatable {
        /// One character, or "" for the second column of a wide character.
        var glyph = " "
        var foreground: ARGBColor?
        var background: ARGBColor?
    }

    /// A line of text on the grid, kept so that text written later beside it can cut it whole.
    private struct TextRun {
        let text: String
        /// Leading characters (a tap number) never cut for the "…".
        let keep: Int
        let row: Int
        let x0: Int
        /// The last column it takes.
        var x1: Int
        let foreground: ARGBColor?
    }

    let columns: Int
    let rows: Int
    private var cells: [Cell]
    private var runs: [TextRun?] = []
    /// Per cell, the index in `runs` of the text drawn there, or -1.
    private var runAt: [Int]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
        runAt = Array(repeating: -1, count: columns * rows)
    }

    private func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && x < columns && y >= 0 && y < rows }

    subscript(x: Int, y: Int) -> Cell { cells[y * columns + x] }

    /// Puts one character at (x, y), keeping wide characters whole: a half covered is blanked.
    mutating func put(_ character: Character, x: Int, y: Int, foreground: ARGBColor?) {
        let width = RenderText.columns(character)
        guard width > 0, contains(x, y), width == 1 || contains(x + 1, y) else { return }
        for column in x..<(x + width) { clearHalf(column, y) }
        cells[y * columns + x].glyph = String(character)
        cells[y * columns + x].foreground = foreground
        if width == 2 {
            cells[y * columns + x + 1].glyph = ""
            cells[y * columns + x + 1].foreground = foreground
        }
    }

    /// Blanks whichever half of a wide character is at (x, y) so the other does not dangle.
    private mutating func clearHalf(_ x: Int, _ y: Int) {
        let index = y * columns + x
        if cells[index].glyph.isEmpty, x > 0 {
            cells[index - 1].glyph = " "
        } else if x + 1 < columns, cells[index + 1].glyph.isEmpty {
            cells[index + 1].glyph = " "
        }
        cells[index].glyph = " "
    }

    /// The columns and rows of `rect` inside the grid (empty ranges when it is outside).
    private func visible(_ rect: CellRect) -> (columns: Range<Int>, rows: Range<Int>) {
        let columns = max(0, rect.x0)..<max(max(0, rect.x0), min(self.columns, rect.x1 + 1))
        let rows = max(0, rect.y0)..<max(max(0, rect.y0), min(self.rows, rect.y1 + 1))
        return (columns, rows)
    }

    /// Blanks `rect` and gives it `background` when there is one (an opaque view, or a button,
    /// covers what is behind it). With `sparingNumbers` (a button), text that starts with a tap
    /// number stays: buttons side by side in the app may share a row of the drawing (rows 32
    /// points apart drawn 40 points a row), and each number must stay in sight.
    mutating func fill(_ rect: CellRect, background: ARGBColor?, sparingNumbers: Bool = false) {
        let visible = visible(rect)
        for y in visible.rows {
            for x in visible.columns {
                let run = runAt[y * columns + x]
                if sparingNumbers, run >= 0, (runs[run]?.keep ?? 0) > 0 { continue }
                clearHalf(x, y)
                detach(runAt[y * columns + x])
                cells[y * columns + x].foreground = nil
                if let background { cells[y * columns + x].background = background }
            }
        }
    }

    /// Draws the border of `rect`: ┌─┐│└┘; a one-row button is `[…]` (without the brackets when
    /// `brackets` is false: its tap number has its own), a one-row container a rule. Cells with
    /// text keep it: a border drawn over a label would cut it.
    mutating func box(_ rect: CellRect, isButton: Bool, brackets: Bool = true, color: ARGBColor? = nil) {
        let visible = visible(rect)
        if rect.height == 1 {
            for x in visible.columns { border("─", x: x, y: rect.y0, color) }
            if isButton && brackets {
                border("[", x: rect.x0, y: rect.y0, color)
                if rect.width > 1 { border("]", x: rect.x1, y: rect.y0, color) }
            }
            return
        }
        if rect.width == 1 {
            for y in visible.rows { border("│", x: rect.x0, y: y, color) }
            return
        }
        for x in visible.columns {
            border("─", x: x, y: rect.y0, color)
            border("─", x: x, y: rect.y1, color)
        }
        for y in visible.rows {
            border("│", x: rect.x0, y: y, color)
            border("│", x: rect.x1, y: y, color)
        }
        border("┌", x: rect.x0, y: rect.y0, color)
        border("┐", x: rect.x1, y: rect.y0, color)
        border("└", x: rect.x0, y: rect.y1, color)
        border("┘", x: rect.x1, y: rect.y1, color)
    }

    /// One character of a border, unless text is there.
    private mutating func border(_ character: Character, x: Int, y: Int, _ color: ARGBColor?) {
        guard contains(x, y), runAt[y * columns + x] < 0 else { return }
        put(character, x: x, y: y, foreground: color)
    }

    /// Writes `text` on `row` between columns `x0` and `x1`, aligned; cut to fit with "…" (never
    /// its first `keep` characters, a tap number). Text already on the row is not overwritten:
    /// text that starts before this is cut with "…" one column before it; text that starts at
    /// or after it limits this one the same way, unless this one is a tap number and that is
    /// not, which then gives way whole (the number is what the user types).
    /// False when not even the start of the text (its tap number) found room.
    @discardableResult
    mutating func write(
        _ text: String, row: Int, from x0: Int, to x1: Int, alignment: ViewAlignment, foreground: ARGBColor?,
        keep: Int = 0
    ) -> Bool {
        guard row >= 0, row < rows else { return false }
        let available = x1 - x0 + 1
        guard var line = RenderText.lines(text, keep: keep, width: available, maxLines: 1).first else { return false }
        var width = RenderText.columns(of: line)
        var x: Int
        switch alignment {
        case .left: x = x0
        case .center: x = x0 + (available - width) / 2
        case .right: x = x1 - width + 1
        }
        guard x < columns, x + width > 0 else { return false }  // off the grid
        // A tap number written before and reaching this text keeps its number whole: this text
        // starts after it (the number is what the user types; a title drawn over the bar's
        // narrow menu button left it `[`).
        var start = x
        for case let run? in runs where run.row == row && run.x0 < x && run.keep > 0 {
            // A bar button's glyph after its number stays with it: `[1]☰ Home`, not `[1] Home`.
            let isGlyph = run.text.count == run.keep + 1 && run.text.last != "…" && run.x1 == run.x0 + run.keep
            let numberEnd = isGlyph ? run.x1 : run.x0 + run.keep - 1
            if numberEnd >= x - (keep > 0 ? 0 : 1) { start = max(start, numberEnd + (keep > 0 ? 1 : 2)) }
        }
        // Text without a number moved right past a tap number keeps its width as far as its
        // columns go (a tablet's title after the bar's menu button was cut to "H…" with the bar
        // empty beyond it; numbered text is cut, so that the next number keeps its place).
        // Text at or after this one's start limits it (or gives way to a tap number). Text is
        // kept a column apart from other text, except before a tap number, whose "[" parts them.
        let moved = start > x && keep == 0
        var limit = moved ? max(x + width - 1, min(x1, start + width - 1)) : x + width - 1
        for (index, run) in runs.enumerated() {
            guard let run, run.row == row, run.x0 >= x, run.x0 <= limit else { continue }
            if keep > 0, run.keep == 0 {
                erase(index)
            } else {
                limit = run.x0 - (run.keep > 0 ? 1 : 2)
            }
        }
        if start > x || limit < x + width - 1 {
            let room = limit - start + 1
            guard room >= min(width, max(2, keep)),
                let cut = RenderText.lines(text, keep: keep, width: room, maxLines: 1).first
            else { return false }
            (x, line) = (start, cut)
            width = RenderText.columns(of: line)
        }
        // Text that starts before this one and reaches it is cut before it.
        for (index, run) in runs.enumerated() {
            guard let run, run.row == row, run.x0 < x, run.x1 >= x - (keep > 0 ? 0 : 1) else { continue }
            cut(index, before: keep > 0 ? x + 1 : x)
        }
        runs.append(TextRun(text: text, keep: keep, row: row, x0: x, x1: x + width - 1, foreground: foreground))
        place(line, run: runs.count - 1)
        return true
    }

    /// True when text is on `row` between columns `x0` and `x1`.
    func hasText(row: Int, from x0: Int, to x1: Int) -> Bool {
        guard row >= 0, row < rows else { return true }
        return columnsOnGrid(x0, x1).contains { runAt[row * columns + $0] >= 0 }
    }

    /// The columns from `x0` to `x1` that are on the grid (none when they all are off it).
    private func columnsOnGrid(_ x0: Int, _ x1: Int) -> Range<Int> {
        let start = max(0, x0)
        return start..<max(start, min(columns, x1 + 1))
    }

    /// Puts a run's characters from its start, marking their cells as its.
    private mutating func place(_ line: String, run index: Int) {
        guard let run = runs[index] else { return }
        var x = run.x0
        for character in line {
            put(character, x: x, y: run.row, foreground: run.foreground)
            for column in x..<(x + RenderText.columns(character)) where contains(column, run.row) {
                runAt[run.row * columns + column] = index
            }
            x += RenderText.columns(character)
        }
    }

    /// Forgets a run partly covered by a view in front (what is left of it stays as it is):
    /// cutting it again would draw over what covers it.
    private mutating func detach(_ index: Int) {
        guard index >= 0, let run = runs[index] else { return }
        for x in columnsOnGrid(run.x0, run.x1) where runAt[run.row * columns + x] == index {
            runAt[run.row * columns + x] = -1
        }
        runs[index] = nil
    }

    /// Blanks the cells a run still holds and forgets it.
    private mutating func erase(_ index: Int) {
        guard let run = runs[index] else { return }
        for x in columnsOnGrid(run.x0, run.x1) where runAt[run.row * columns + x] == index {
            clearHalf(x, run.row)
            runAt[run.row * columns + x] = -1
        }
        runs[index] = nil
    }

    /// Cuts a run to end, with "…", one column before `x` (erased when not even that fits).
    private mutating func cut(_ index: Int, before x: Int) {
        guard let run = runs[index] else { return }
        erase(index)
        let room = x - 1 - run.x0
        guard room > 0, let line = RenderText.lines(run.text, keep: run.keep, width: room, maxLines: 1).first else {
            return
        }
        var shorter = run
        shorter.x1 = run.x0 + RenderText.columns(of: line) - 1
        runs[index] = shorter
        place(line, run: index)
    }

    /// The rows as text; with `ansi`, coloured with 24-bit SGR sequences, reset at each row end.
    func lines(ansi: Bool) -> [String] {
        (0..<rows).map { y in
            var line = ""
            var current: (ARGBColor?, ARGBColor?) = (nil, nil)
            for x in 0..<columns {
                let cell = self[x, y]
                if ansi, cell.foreground != current.0 || cell.background != current.1 {
                    line += Self.sgr(foreground: cell.foreground, background: cell.background)
                    current = (cell.foreground, cell.background)
                }
                line += cell.glyph
            }
            if ansi, current != (nil, nil) { line += "\u{1B}[0m" }
            return line
        }
    }

    private static func sgr(foreground: ARGBColor?, background: ARGBColor?) -> String {
        var codes = ["0"]
        if let foreground, foreground.alpha > 0 {
            codes.append("38;2;\(foreground.red);\(foreground.green);\(foreground.blue)")
        }
        if let background, background.alpha > 0 {
            codes.append("48;2;\(background.red);\(background.green);\(background.blue)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
