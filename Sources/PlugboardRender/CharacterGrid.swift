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
    /// Characters per line. The drawing, with its one-character frame, is made no wider.
    public var columns: Int
    /// Lines. The drawing, with its frame, is made no taller; the legend and the status line
    /// follow below it.
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
    let columns: Int
    let rows: Int
    var rowHeight: Double { columnWidth * 2 }

    /// The widest drawing the renderer makes by default.
    static let maximumColumns = 100.0
    /// Points per column by default: fine enough that a 44-point bar has a row inside its border.
    static let defaultColumnWidth = 5.0

    /// The default scale for `device`: 5 points a column, coarser when that would make the
    /// drawing wider than 100 columns (a 390×844 phone is 78×84, a 1024×1366 tablet 100×67).
    init(device: DeviceProfile, columnWidth: Double? = nil) {
        let width = columnWidth ?? max(Self.defaultColumnWidth, device.width / Self.maximumColumns)
        self.columnWidth = width.isFinite && width > 0 ? width : Self.defaultColumnWidth
        columns = max(1, Int((device.width / self.columnWidth).rounded()))
        rows = max(1, Int((device.height / (self.columnWidth * 2)).rounded()))
    }

    /// The finest scale at which the whole device, inside its one-character frame, fits a
    /// terminal of `size` (a character is about twice as tall as wide), never finer than the
    /// default. An 80×24 terminal shows a whole phone.
    static func fitting(_ device: DeviceProfile, in size: TerminalSize) -> Double {
        let columns = Double(max(8, size.columns - 2))
        let rows = Double(max(4, size.rows - 2))
        let width = max(device.width / columns, device.height / (2 * rows))
        return max(defaultColumnWidth, (width * 100).rounded(.up) / 100)
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

/// A grid of characters with colours, drawn back to front: later drawing covers earlier.
struct CharacterGrid {
    struct Cell: Equatable {
        /// One character, or "" for the second column of a wide character.
        var glyph = " "
        var foreground: ARGBColor?
        var background: ARGBColor?
    }

    let columns: Int
    let rows: Int
    private var cells: [Cell]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
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
    /// covers what is behind it).
    mutating func fill(_ rect: CellRect, background: ARGBColor?) {
        let visible = visible(rect)
        for y in visible.rows {
            for x in visible.columns {
                clearHalf(x, y)
                cells[y * columns + x].foreground = nil
                if let background { cells[y * columns + x].background = background }
            }
        }
    }

    /// Draws the border of `rect`: ┌─┐│└┘; a one-row button is `[…]`, a one-row container a rule.
    mutating func box(_ rect: CellRect, isButton: Bool, color: ARGBColor? = nil) {
        let visible = visible(rect)
        if rect.height == 1 {
            for x in visible.columns { put("─", x: x, y: rect.y0, foreground: color) }
            if isButton {
                put("[", x: rect.x0, y: rect.y0, foreground: color)
                if rect.width > 1 { put("]", x: rect.x1, y: rect.y0, foreground: color) }
            }
            return
        }
        if rect.width == 1 {
            for y in visible.rows { put("│", x: rect.x0, y: y, foreground: color) }
            return
        }
        for x in visible.columns {
            put("─", x: x, y: rect.y0, foreground: color)
            put("─", x: x, y: rect.y1, foreground: color)
        }
        for y in visible.rows {
            put("│", x: rect.x0, y: y, foreground: color)
            put("│", x: rect.x1, y: y, foreground: color)
        }
        put("┌", x: rect.x0, y: rect.y0, foreground: color)
        put("┐", x: rect.x1, y: rect.y0, foreground: color)
        put("└", x: rect.x0, y: rect.y1, foreground: color)
        put("┘", x: rect.x1, y: rect.y1, foreground: color)
    }

    /// Writes `text` on `row` between columns `x0` and `x1`, aligned; cut to fit with "…".
    mutating func write(
        _ text: String, row: Int, from x0: Int, to x1: Int, alignment: ViewAlignment, foreground: ARGBColor?
    ) {
        let available = x1 - x0 + 1
        guard let line = RenderText.lines(text, width: available, maxLines: 1).first else { return }
        let width = RenderText.columns(of: line)
        var x: Int
        switch alignment {
        case .left: x = x0
        case .center: x = x0 + (available - width) / 2
        case .right: x = x1 - width + 1
        }
        for character in line {
            put(character, x: x, y: row, foreground: foreground)
            x += RenderText.columns(character)
        }
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
