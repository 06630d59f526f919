import Foundation
import PlugboardCore

/// Readers for the value formats of the UI Builder models: colours, numeric strings, URLs.
extension ConfigObject {
    /// A colour: `#AARRGGBB` (ARGB, as the nav-bar tables say), `#RRGGBB` (opaque), or the
    /// manifests' `rgba(r, g, b, a)` with a in 0…1.
    package func color(_ key: String, _ sink: DiagnosticSink) -> ARGBColor? {
        guard let text = string(key, sink) else { return nil }
        guard let color = ColorParser.parse(text) else {
            self[key]!.invalid(text, "a colour as #AARRGGBB, #RRGGBB or rgba(r, g, b, a)", sink)
            return nil
        }
        return color
    }

    /// A number written as a string ("17"), as the UI Builder writes sizes. A JSON number is
    /// accepted too. Must be finite and > 0.
    package func numericString(_ key: String, _ sink: DiagnosticSink) -> Double? {
        guard let value = value(key, required: false, sink) else { return nil }
        let number: Double?
        if let text = value.stringValue {
            number = Double(text.trimmingWhitespaces())
        } else if let json = value.numberValue {
            number = json.double
        } else {
            self[key]!.mismatch("a number in a string", sink)
            return nil
        }
        guard let number, number.isFinite, number > 0 else {
            self[key]!.invalid(value.stringValue ?? "\(value.numberValue!.text)", "a positive number", sink)
            return nil
        }
        return number
    }

    /// An absolute URL (with a scheme). An empty string means "not set".
    package func url(_ key: String, _ sink: DiagnosticSink) -> String? {
        guard let text = string(key, sink), !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
            self[key]!.invalid(text, "an absolute URL", sink)
            return nil
        }
        return text
    }

}

extension ConfigNode {
    func invalid(_ text: String, _ expected: String, _ sink: DiagnosticSink) {
        sink.error(location, "\"\(text)\" is not \(expected)")
    }
}

/// Parses the colour notations found in rivers.json and manifests.
package enum ColorParser {
    package static func parse(_ text: String) -> ARGBColor? {
        let trimmed = text.trimmingWhitespaces()
        if trimmed.utf8.first == UInt8(ascii: "#") {
            return hex(trimmed.utf8.dropFirst())
        }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("rgba("), lower.hasSuffix(")") else { return nil }
        let parts = lower.dropFirst(5).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespaces() }
        guard parts.count == 4, let alpha = Double(parts[3]), (0...1).contains(alpha) else { return nil }
        let channels = parts[0..<3].compactMap { UInt32($0) }.filter { $0 <= 255 }
        guard channels.count == 3 else { return nil }
        let a = UInt32((alpha * 255).rounded())
        return ARGBColor(a << 24 | channels[0] << 16 | channels[1] << 8 | channels[2])
    }

    /// The digits after `#`: eight (ARGB) or six (RGB, opaque) ASCII hexadecimal digits. Read as
    /// bytes, since colours are read for every screen and navigation of an app.
    private static func hex(_ digits: Substring.UTF8View) -> ARGBColor? {
        guard digits.count == 8 || digits.count == 6 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return ARGBColor(digits.count == 8 ? value : 0xFF00_0000 | value)
    }
}
