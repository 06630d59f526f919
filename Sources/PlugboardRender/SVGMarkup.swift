import Foundation
import PlugboardCore

/// The pieces of SVG markup the SVG renderer writes: escaped text, numbers and colours (and
/// how well two colours contrast).
enum SVGMarkup {
    /// `text` escaped for XML character data and attribute values (&, <, >, ", '), with the
    /// characters XML 1.0 forbids (most control characters, U+FFFE, U+FFFF) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A coordinate with at most two decimals and no locale: 12, 12.5, -0.25.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// `#RRGGBB`.
    static func hex(_ color: ARGBColor) -> String {
        let hex = String(color.rawValue & 0xFF_FFFF, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// `fill="#RRGGBB"`, with `fill-opacity` when the colour is not opaque (or `stroke…`).
    static func paint(_ color: ARGBColor, _ property: String = "fill") -> String {
        var attributes = "\(property)=\"\(hex(color))\""
        if color.alpha < 255 {
            attributes += " \(property)-opacity=\"\(number(Double(color.alpha) / 255))\""
        }
        return attributes
    }

    /// `x="…" y="…" width="…" height="…"`.
    static func geometry(_ rect: Rect) -> String {
        "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(max(0, rect.width)))\" "
            + "height=\"\(number(max(0, rect.height)))\""
    }

    /// WCAG relative luminance of `color` (its alpha ignored): 0 for black, 1 for white.
    static func luminance(_ color: ARGBColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white).
    static func contrast(_ a: ARGBColor, _ b: ARGBColor) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
