import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// Draws the composed screen as terminal text: the window in the device's proportions on a
/// character grid inside a rounded device frame, then a legend of the tap targets and a status
/// line (fitted to a terminal, the three share its rows: `TerminalLayout`). Only the top layer
/// is drawn (a presented container covers the whole window).
///
/// - buttons, containers with a background and the shell's areas (status bar, navigation bar,
///   content, screen) get a ┌─┐│└┘ border; an opaque background blanks what is behind it. The
///   status bar is a band of its own only when its container exists; with the UI Builder bar the
///   bar's area is one box from the top edge, the bar plugin's view boxed in its lower part;
/// - labels and buttons show their text (clipped with "…", aligned by `alignment`), images
///   `[img: <name>]`; a tap target's text starts with its number, `[3]`; a disabled button's text
///   is in parentheses;
/// - the logo the bar's appearance asks for, when no bar view shows it, is drawn centred in the bar.
///
/// The output is deterministic; `ansi` adds 24-bit colours (off by default).
public enum TextRenderer {
    /// The app's top layer now as terminal text: the framed drawing, the legend of tap targets
    /// and the status line, each line ending in a newline. Call it on the thread that drives
    /// the app.
    ///
    /// - Parameters:
    ///   - app: the app to draw.
    ///   - ansi: colour the drawing with ANSI escape sequences.
    ///   - columnWidth: points per column (a row is twice that); by default 5, or what keeps the
    ///     drawing at most 100 columns wide. With it, `terminal` is not fitted.
    ///   - terminal: the terminal to fit: the drawing, the legend and the status share its rows
    ///     but one (the prompt's), the legend beside the drawing when there is room
    ///     (`TerminalLayout`); without it, the whole drawing then the whole legend below.
    ///   - legendPage: which page of a legend too long for the terminal to show (1…; past the
    ///     last it starts again).
    public static func render(
        _ app: PlugboardApp, ansi: Bool = false, columnWidth: Double? = nil, terminal: TerminalSize? = nil,
        legendPage: Int = 1
    ) -> String {
        guard let scene = RenderScene(app) else { return "(the app is shut down)\n" }
        let legend = legend(scene)
        let status = scene.statusFields.map { "\($0.0): \($0.1)" }
        let lines: [String]
        if let terminal, columnWidth == nil {
            lines = TerminalLayout(device: scene.device, terminal: terminal).compose(
                legend: legend, status: status, page: legendPage
            ) { drawing(scene, scale: $0, ansi: ansi) }
        } else {
            let scale = CellScale(device: scene.device, columnWidth: columnWidth)
            lines = drawing(scene, scale: scale, ansi: ansi) + legend.map(\.text) + [status.joined(separator: " · ")]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The drawing at `scale` inside its rounded frame.
    static func drawing(_ scene: RenderScene, scale: CellScale, ansi: Bool) -> [String] {
        var grid = CharacterGrid(columns: scale.columns, rows: scale.rows)
        for layer in [scene.backdrop, scene.root, scene.leaving].compactMap({ $0 }) {
            draw(layer, on: &grid, scale: scale, scene: scene)
        }
        if let logo = scene.logo, let cells = scale.cells(logo.frame) {
            grid.write(
                "[img: \(RenderText.imageName(logo.url))]", row: cells.y0 + (cells.height - 1) / 2, from: cells.x0,
                to: cells.x1, alignment: .center, foreground: nil)
        }
        let rule = String(repeating: "─", count: grid.columns)
        return ["╭" + rule + "╮"] + grid.lines(ansi: ansi).map { "│" + $0 + "│" } + ["╰" + rule + "╯"]
    }

    /// One line per tap target, `[n] label (identifier)` (a back, close or menu button of the bar
    /// is `[n] back`, `[n] close`, `[n] menu`), then the visible disabled buttons.
    static func legend(_ scene: RenderScene) -> [LegendLine] {
        var lines = scene.targets.map { target in
            if let context = scene.contextButtons[target.view] {
                return LegendLine(name: "[\(target.number)] \(context.rawValue)")
            }
            return LegendLine(
                name: "[\(target.number)] \(target.label)",
                identifier: identifier(target.identifier, label: target.label))
        }
        if lines.isEmpty { lines.append(LegendLine(name: "no tap targets")) }
        for node in scene.root?.flattened ?? [] where node.view.kind == .button && !node.view.isEnabled {
            let label = PlugboardApp.tapLabel(of: node.view)
            lines.append(
                LegendLine(
                    name: "[-] \(label)", identifier: identifier(node.view.identifier, label: label), note: " disabled")
            )
        }
        return lines
    }

    /// The identifier to show after a label: none when there is none or the label is it already.
    private static func identifier(_ identifier: String?, label: String) -> String? {
        guard let identifier else { return nil }
        let line = RenderText.singleLine(identifier)
        return line == label ? nil : line
    }

    /// Draws `node` and then its children over it.
    private static func draw(
        _ node: RenderScene.Node, on grid: inout CharacterGrid, scale: CellScale, scene: RenderScene
    ) {
        defer { for child in node.children { draw(child, on: &grid, scale: scale, scene: scene) } }
        guard let cells = scale.cells(node.frame) else { return }
        let view = node.view
        let background = view.backgroundColor.alpha > 0 ? view.backgroundColor : nil
        if background != nil || view.kind == .button {
            grid.fill(cells, background: background, sparingNumbers: view.kind == .button)
        }
        let boxed = view.kind == .button || node.role != .view || (view.kind == .container && background != nil)
        let marker = node.tapNumber.map { "[\($0)]" } ?? ""
        // A one-row button with a number needs no brackets of its own: `[1]☰`, not `[[1]☰]`.
        let bracketless = view.kind == .button && cells.height == 1 && !marker.isEmpty
        if boxed { grid.box(cells, isButton: view.kind == .button, brackets: !bracketless) }

        // A back, close or menu button is its glyph unless it has words: `[1]‹`, not `[1][img: back.png]`.
        var text = content(of: view)
        if let context = scene.contextButtons[view.handle], (view.text ?? "").isEmpty { text = glyph(context) }
        if view.kind == .button, !view.isEnabled { text = "(\(text))" }
        text = marker + text
        guard !text.isEmpty else { return }
        var rows = cells.y0...cells.y1
        var columns = cells.x0...cells.x1
        if boxed {
            rows = cells.height < 3 ? cells.y0...cells.y0 : (cells.y0 + 1)...(cells.y1 - 1)  // else on the border
            if !bracketless, cells.width - 2 >= min(text.count, max(3, marker.count)) {
                columns = (cells.x0 + 1)...(cells.x1 - 1)
            }
        }
        // A numbered view narrower than its number and a character has the room of both, moved
        // left at the drawing's right edge: the number must be in the drawing to be typed.
        if !marker.isEmpty, columns.count < marker.count + 1 {
            let upper = min(grid.columns - 1, columns.lowerBound + marker.count)
            columns = max(0, upper - marker.count)...upper
        }
        // Buttons wrap onto the rows inside their border; labels keep to one line, as on a device.
        let lines = RenderText.lines(
            text, keep: marker.count, width: columns.count, maxLines: view.kind == .button ? rows.count : 1)
        let top = rows.lowerBound + (rows.count - lines.count) / 2
        let color: ARGBColor? = view.kind == .image ? nil : view.textColor
        for (index, line) in lines.enumerated() {
            let keep = index == 0 ? marker.count : 0
            let written = grid.write(
                line, row: top + index, from: columns.lowerBound, to: columns.upperBound, alignment: view.alignment,
                foreground: color, keep: keep)
            guard !written, index == 0 else { continue }
            // Its row is taken by other text (views closer than a character row): the next free
            // row below, so that every number the legend lists is in the drawing, and a label
            // under another (a title, then its subtitle) is not lost.
            let nudge = keep > 0 ? maximumNudge : 1
            for row in (top + 1)..<max(top + 1, min(grid.rows, top + 1 + nudge))
            where !grid.hasText(row: row, from: columns.lowerBound, to: columns.upperBound) {
                if grid.write(
                    line, row: row, from: columns.lowerBound, to: columns.upperBound, alignment: view.alignment,
                    foreground: color, keep: keep)
                {
                    break
                }
            }
        }
    }

    /// How many rows below its own a tap number may move to find room (a label, one).
    private static let maximumNudge = 3

    /// The character a back, close or menu button without text is drawn with.
    private static func glyph(_ context: SVGGlyphs.Context) -> String {
        switch context {
        case .back: "‹"
        case .close: "✕"
        case .menu: "☰"
        }
    }

    /// A label's or button's text; an image (or a button with an image and no text) as `[img: name]`.
    private static func content(of view: HostView) -> String {
        if view.kind == .label || view.kind == .button, let text = view.text, !text.isEmpty {
            return RenderText.singleLine(text)
        }
        if view.kind == .image || view.kind == .button, let url = view.imageURL, !url.isEmpty {
            return "[img: \(RenderText.imageName(url))]"
        }
        return ""
    }
}
