import PlugboardCore

/// The pictures the SVG renderer draws itself, as paths: the navigation bar's context buttons
/// (back, close, menu), the device's status bar (signal, Wi-Fi, battery) and home indicator,
/// and the small picture that marks an image placeholder. Every function returns markup in
/// window coordinates; nothing depends on a font.
enum SVGGlyphs {
    /// A context button's built-in glyph.
    enum Context: String, Equatable {
        case back, close, menu

        /// The glyph a context button's text or identifier names, and the word to draw beside it
        /// (for a text such as "Back"; nil for a symbol such as "‹"). Nil when it names none.
        static func named(text: String?, identifier: String?) -> (glyph: Context, word: String?)? {
            let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
            switch trimmed {
            case "‹", "<", "❮", "〈", "←", "⟨": return (.back, nil)
            case "✕", "×", "✖", "╳", "⨯": return (.close, nil)
            case "☰", "≡", "𝌆": return (.menu, nil)
            default: break
            }
            if let glyph = Context(rawValue: trimmed.lowercased()) { return (glyph, trimmed) }
            // A bar's own identifiers ("c-nav-bar:back", "bar-close", "menu"), not the host's
            // buttons for nav items ("nav-item:…"), whose ids are the app's.
            guard trimmed.isEmpty, let identifier, !identifier.hasPrefix("nav-item:") else { return nil }
            let last = identifier.split(whereSeparator: { ":-_./".contains($0) }).last.map { $0.lowercased() }
            return last.flatMap(Context.init(rawValue:)).map { ($0, nil) }
        }

        /// How wide the glyph is at `fontSize`.
        func width(fontSize: Double) -> Double {
            switch self {
            case .back: fontSize * 0.62
            case .close: fontSize * 0.8
            case .menu: fontSize * 1.2
            }
        }

        /// The glyph centred on (`x`, `y`), stroked in `color`, sized for text of `fontSize`.
        func markup(x: Double, y: Double, fontSize: Double, color: ARGBColor) -> String {
            let n = SVGMarkup.number
            let path: String
            let stroke: Double
            switch self {
            case .back:
                let (half, height) = (width(fontSize: fontSize) / 2 - fontSize * 0.08, fontSize * 1.2)
                path = "M\(n(x + half)) \(n(y - height / 2))L\(n(x - half)) \(n(y))L\(n(x + half)) \(n(y + height / 2))"
                stroke = fontSize * 0.16
            case .close:
                let half = width(fontSize: fontSize) / 2
                path =
                    "M\(n(x - half)) \(n(y - half))L\(n(x + half)) \(n(y + half))"
                    + "M\(n(x + half)) \(n(y - half))L\(n(x - half)) \(n(y + half))"
                stroke = fontSize * 0.13
            case .menu:
                let half = width(fontSize: fontSize) / 2
                let gap = fontSize * 0.38
                path = [-gap, 0, gap].map { "M\(n(x - half)) \(n(y + $0))H\(n(x + half))" }.joined()
                stroke = fontSize * 0.13
            }
            return
                #"<path class="glyph" data-glyph="\#(rawValue)" d="\#(path)" fill="none" "#
                + #"\#(SVGMarkup.paint(color, "stroke")) stroke-width="\#(n(stroke))" "#
                + #"stroke-linecap="round" stroke-linejoin="round"/>"#
        }
    }

    /// Signal bars, Wi-Fi and a full battery, ending at `right`, centred on `y`, in `color`;
    /// `scale` 1 is an iPhone's status bar.
    static func statusIcons(right: Double, y: Double, scale: Double, color: ARGBColor) -> [String] {
        let n = SVGMarkup.number
        let fill = SVGMarkup.paint(color)
        let (batteryWidth, wifiWidth, signalWidth, gap) = (27.5 * scale, 16.4 * scale, 17 * scale, 5.5 * scale)
        var lines: [String] = []

        // Battery: an outline, the charge and the terminal.
        let battery = right - batteryWidth
        let (bodyWidth, bodyHeight) = (25 * scale, 12 * scale)
        lines.append(
            #"<rect x="\#(n(battery + 0.5 * scale))" y="\#(n(y - bodyHeight / 2))" width="\#(n(bodyWidth - scale))" "#
                + #"height="\#(n(bodyHeight))" rx="\#(n(3.8 * scale))" fill="none" "#
                + #"\#(SVGMarkup.paint(color, "stroke")) stroke-opacity="0.4" stroke-width="\#(n(scale))"/>"#)
        lines.append(
            #"<rect x="\#(n(battery + 2.5 * scale))" y="\#(n(y - bodyHeight / 2 + 2 * scale))" "#
                + #"width="\#(n(bodyWidth - 5 * scale))" height="\#(n(bodyHeight - 4 * scale))" "#
                + #"rx="\#(n(2 * scale))" \#(fill)/>"#)
        lines.append(
            #"<path d="M\#(n(battery + 26 * scale)) \#(n(y - 2 * scale))a\#(n(1.5 * scale)) \#(n(2 * scale)) 0 0 1 0 "#
                + #"\#(n(4 * scale))z" \#(fill) fill-opacity="0.4"/>"#)

        // Wi-Fi: a wedge and two rings, fanning out 45° each side of upright.
        let wifiCentre = battery - gap - wifiWidth / 2
        let bottom = y + 5.6 * scale
        let slant = 0.7071
        func point(_ radius: Double, _ side: Double) -> String {
            "\(n(wifiCentre + side * radius * slant)) \(n(bottom - radius * slant))"
        }
        var wifi = "M\(n(wifiCentre)) \(n(bottom))L\(point(3.8 * scale, -1))"
        wifi += "A\(n(3.8 * scale)) \(n(3.8 * scale)) 0 0 1 \(point(3.8 * scale, 1))Z"
        for (inner, outer) in [(5.6, 8.2), (10, 11.6)].map({ ($0.0 * scale, $0.1 * scale) }) {
            wifi += "M\(point(outer, -1))A\(n(outer)) \(n(outer)) 0 0 1 \(point(outer, 1))"
            wifi += "L\(point(inner, 1))A\(n(inner)) \(n(inner)) 0 0 0 \(point(inner, -1))Z"
        }
        lines.append(
            #"<path d="\#(wifi)" \#(fill) \#(SVGMarkup.paint(color, "stroke")) stroke-width="\#(n(0.6 * scale))" "#
                + #"stroke-linejoin="round"/>"#)

        // Signal: four bars, rising.
        let signal = wifiCentre - wifiWidth / 2 - gap - signalWidth
        let barWidth = 3 * scale
        for (index, height) in [4.0, 6.4, 8.8, 11.2].enumerated() {
            let x = signal + Double(index) * 4.65 * scale
            lines.append(
                #"<rect x="\#(n(x))" y="\#(n(y + 5.6 * scale - height * scale))" width="\#(n(barWidth))" "#
                    + #"height="\#(n(height * scale))" rx="\#(n(scale))" \#(fill)/>"#)
        }
        return lines
    }

    /// A small landscape picture (frame, hills and a sun) of width `size` centred on (`x`, `y`).
    static func picture(x: Double, y: Double, size: Double, color: String) -> String {
        let n = SVGMarkup.number
        let (width, height) = (size, size * 0.8)
        let (left, top) = (x - width / 2, y - height / 2)
        func at(_ dx: Double, _ dy: Double) -> String { "\(n(left + dx * width)) \(n(top + dy * height))" }
        let hills = "M\(at(0.1, 0.86))L\(at(0.38, 0.46))L\(at(0.56, 0.7))L\(at(0.7, 0.55))L\(at(0.9, 0.86))Z"
        return
            #"<g class="picture" fill="\#(color)"><rect x="\#(n(left))" y="\#(n(top))" width="\#(n(width))" "#
            + #"height="\#(n(height))" rx="\#(n(size * 0.14))" fill="none" stroke="\#(color)" "#
            + #"stroke-width="\#(n(max(1, size * 0.07)))"/><path d="\#(hills)"/>"#
            + #"<circle cx="\#(n(left + 0.7 * width))" cy="\#(n(top + 0.3 * height))" r="\#(n(size * 0.09))"/></g>"#
    }
}
