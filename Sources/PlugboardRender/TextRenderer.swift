import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// Draws the composed screen as terminal text: the window in the device's proportions on a
/// character grid inside a rounded device frame, then a legend of the tap targets and a status
/// line. Only the top layer is drawn (a presented container covers the whole window).
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
    ///     drawing at most 100 columns wide.
    ///   - terminal: the terminal to fit: the whole device is drawn within it (the legend
    ///     follows below).
    public static func render(
        _ app: PlugboardApp, ansi: Bool = false, columnWidth: Double? = nil, terminal: TerminalSize? = nil
    ) -> String {
        guard let scene = RenderScene(app) else { return "(the app is shut down)\n" }
        let width = columnWidth ?? terminal.map { CellScale.fitting(scene.device, in: $0) }
        let scale = CellScale(device: scene.device, columnWidth: width)
        var grid = CharacterGrid(columns: scale.columns, rows: scale.rows)
        for layer in [scene.backdrop, scene.root, scene.leaving].compactMap({ $0 }) {
            draw(layer, on: &grid, scale: scale)
        }
        if let logo = scene.logo, let cells = scale.cells(logo.frame) {
            grid.write(
                "[img: \(RenderText.imageName(logo.url))]", row: cells.y0 + (cells.height - 1) / 2, from: cells.x0,
                to: cells.x1, alignment: .center, foreground: nil)
        }
        let rule = String(repeating: "─", count: grid.columns)
        var lines = ["╭" + rule + "╮"] + grid.lines(ansi: ansi).map { "│" + $0 + "│" } + ["╰" + rule + "╯"]
        lines += legend(scene)
        lines.append(scene.statusFields.map { "\($0.0): \($0.1)" }.joined(separator: " · "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per tap target, `[n] label (identifier)`, then the visible disabled buttons.
    static func legend(_ scene: RenderScene) -> [String] {
        var lines = scene.targets.map { target in
            "[\(target.number)] \(target.label)" + (target.identifier.map { " (\(RenderText.singleLine($0)))" } ?? "")
        }
        if lines.isEmpty { lines.append("no tap targets") }
        for node in scene.root?.flattened ?? [] where node.view.kind == .button && !node.view.isEnabled {
            let identifier = node.view.identifier.map { " (\(RenderText.singleLine($0)))" } ?? ""
            lines.append("[-] \(PlugboardApp.tapLabel(of: node.view))\(identifier) disabled")
        }
        return lines
    }

    /// Draws `node` and then its children over it.
    private static func draw(_ node: RenderScene.Node, on grid: inout CharacterGrid, scale: CellScale) {
        defer { for child in node.children { draw(child, on: &grid, scale: scale) } }
        guard let cells = scale.cells(node.frame) else { return }
        let view = node.view
        let background = view.backgroundColor.alpha > 0 ? view.backgroundColor : nil
        if background != nil || view.kind == .button { grid.fill(cells, background: background) }
        let boxed = view.kind == .button || node.role != .view || (view.kind == .container && background != nil)
        if boxed { grid.box(cells, isButton: view.kind == .button) }

        var text = content(of: view)
        if view.kind == .button, !view.isEnabled { text = "(\(text))" }
        let marker = node.tapNumber.map { "[\($0)]" } ?? ""
        text = marker + text
        guard !text.isEmpty else { return }
        var rows = cells.y0...cells.y1
        var columns = cells.x0...cells.x1
        if boxed {
            rows = cells.height < 3 ? cells.y0...cells.y0 : (cells.y0 + 1)...(cells.y1 - 1)  // else on the border
            if cells.width - 2 >= min(text.count, max(3, marker.count)) { columns = (cells.x0 + 1)...(cells.x1 - 1) }
        }
        // Buttons wrap onto the rows inside their border; labels keep to one line, as on a device.
        let lines = RenderText.lines(
            text, keep: marker.count, width: columns.count, maxLines: view.kind == .button ? rows.count : 1)
        let top = rows.lowerBound + (rows.count - lines.count) / 2
        let color: ARGBColor? = view.kind == .image ? nil : view.textColor
        for (index, line) in lines.enumerated() {
            grid.write(
                line, row: top + index, from: columns.lowerBound, to: columns.upperBound, alignment: view.alignment,
                foreground: color)
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
