import PlugboardConfig

/// How the drawing, its legend and the status share a terminal, so that nothing the user needs
/// scrolls away: everything fits the terminal's rows but one (the prompt's line, under it).
///
/// When the columns allow, the legend goes beside the drawing: the drawing takes every row (its
/// bar, with its numbered buttons, is on screen with the prompt), the status at the top of the
/// column beside it, then the legend. Else the legend goes below a shorter drawing. Either way a
/// legend longer than its room is paged: its last line says how many entries are left and that
/// `more` shows them (the drawing again, with the next page beside it).
struct TerminalLayout {
    let device: DeviceProfile
    let terminal: TerminalSize

    /// The narrowest legend column beside the drawing: an entry such as
    /// `[12] Shows (menu-item:m-shows)` whole.
    static let minimumLegendWidth = 28
    /// The narrowest drawing worth putting a legend beside: narrower, the bar's buttons cannot
    /// show their numbers.
    static let minimumDrawingWidth = 24

    /// The lines to print: `draw` makes the framed drawing at the scale chosen here.
    func compose(legend: [LegendLine], status: [String], page: Int, draw: (CellScale) -> [String]) -> [String] {
        let budget = max(Self.smallestDrawing + 2, terminal.rows - 1)
        if let beside = besideScale(rows: budget - 2) {
            let drawing = draw(beside)
            let drawingWidth = beside.columns + 2
            let width = terminal.columns - drawingWidth - 1
            let statusLines = Self.wrap(status, width: width, maxLines: budget - min(legend.count, 2))
            let room = max(1, budget - statusLines.count)
            let side = statusLines + Self.page(legend, room: room, width: width, page: page)
            let blank = String(repeating: " ", count: drawingWidth)
            return (0..<max(drawing.count, side.count)).map { index in
                let left = index < drawing.count ? drawing[index] : blank
                return index < side.count ? left + " " + side[index] : left
            }
        }
        // Below: the status and at least a few legend lines under a shorter drawing.
        // In a small terminal the status gives way first (its last fields), then the legend,
        // down to one entry and the line that pages it; the drawing keeps two rows.
        let width = terminal.columns
        let fewestLegendLines = min(legend.count, 2)
        let statusLines = Self.wrap(status, width: width, maxLines: budget - Self.smallestDrawing - fewestLegendLines)
        let legendRoom = min(legend.count, max(3, budget / 4), budget - Self.smallestDrawing - statusLines.count)
        let rows = max(2, budget - 2 - statusLines.count - legendRoom)
        let columns = min(width - 2, maximumColumns(rows: rows))
        let drawing = draw(CellScale(device: device, columns: max(1, columns), rows: rows))
        let room = max(1, budget - drawing.count - statusLines.count)
        return drawing + Self.page(legend, room: room, width: width, page: page) + statusLines
    }

    /// The fewest lines a drawing takes: two rows in its frame.
    static let smallestDrawing = 4

    /// The scale of a drawing `rows` tall with the legend beside it, or nil when the terminal is
    /// too narrow for both.
    private func besideScale(rows: Int) -> CellScale? {
        let available = terminal.columns - 2 - 1 - max(Self.minimumLegendWidth, terminal.columns * 2 / 5)
        let columns = min(available, maximumColumns(rows: rows))
        guard columns >= Self.minimumDrawingWidth, rows >= 4 else { return nil }
        return CellScale(device: device, columns: columns, rows: rows)
    }

    /// The widest drawing `rows` tall may be: its true proportions (a row twice a column's
    /// height) stretched by at most `CellScale.maximumStretch`.
    private func maximumColumns(rows: Int) -> Int {
        let proportional = Double(rows) * 2 * device.width / device.height
        return max(1, Int(proportional * CellScale.maximumStretch))
    }

    /// The page `page` (1…, past the last it starts again) of `lines` in `room` lines of `width`
    /// columns: all of them when they fit, else `room - 1` of them and a line saying what is left.
    /// A `room` under 2 is taken as 2 when the lines do not fit: an entry and the line that
    /// pages on (callers leave that much room).
    static func page(_ lines: [LegendLine], room: Int, width: Int, page: Int) -> [String] {
        let cut = { (line: String) in RenderText.lines(line, width: width, maxLines: 1).first ?? "" }
        guard lines.count > room else { return lines.map { $0.fitted(width: width) } }
        let perPage = max(1, room - 1)
        let pages = (lines.count + perPage - 1) / perPage
        let index = (max(1, page) - 1) % pages
        let shown = lines[(index * perPage)..<min(lines.count, (index + 1) * perPage)]
        let left = lines.count - (index * perPage + shown.count)
        let footer =
            left > 0
            ? "… \(left) more: type more (\(index + 1)/\(pages))"
            : "(\(index + 1)/\(pages)) type more for the first"
        return shown.map { $0.fitted(width: width) } + [cut(footer)]
    }

    /// `fields` joined with " · " into lines of at most `width` columns, a field too long for a
    /// line cut with "…"; at most `maxLines` lines (what does not fit is left out).
    static func wrap(_ fields: [String], width: Int, maxLines: Int = .max) -> [String] {
        var lines: [String] = []
        var current = ""
        for field in fields {
            let candidate = current.isEmpty ? field : current + " · " + field
            if RenderText.columns(of: candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = RenderText.lines(field, width: width, maxLines: 1).first ?? ""
        }
        if !current.isEmpty { lines.append(current) }
        return Array(lines.prefix(max(0, maxLines)))
    }
}
