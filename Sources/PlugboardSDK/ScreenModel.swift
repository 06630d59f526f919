import Foundation

/// Reading the JSON models a plugin is created with. The host hands models over as JSON text
/// (no Swift type crosses the ABI); these helpers turn them into dictionaries and values.
public enum ScreenModel {
    /// The JSON object in `text`, or an empty dictionary when it is not one.
    public static func object(_ text: String?) -> [String: Any] {
        guard let text, let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// A UI Builder colour: `#AARRGGBB`, `#RRGGBB` or `rgba(r, g, b, a)`, as 0xAARRGGBB.
    /// (The host has the same rules for the `nav_bar` model; screens parse their own styles.)
    public static func color(_ text: String?) -> UInt32? {
        guard let text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16) {
            switch text.count - 1 {
            case 8: return value
            case 6: return 0xFF00_0000 | value
            default: return nil
            }
        }
        let lower = text.lowercased()
        guard lower.hasPrefix("rgba("), lower.hasSuffix(")") else { return nil }
        let parts = lower.dropFirst(5).dropLast().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 4, let alpha = Double(parts[3]), (0...1).contains(alpha) else { return nil }
        let rgb = parts[0..<3].compactMap { UInt32($0) }.filter { $0 <= 255 }
        guard rgb.count == 3 else { return nil }
        return UInt32((alpha * 255).rounded()) << 24 | rgb[0] << 16 | rgb[1] << 8 | rgb[2]
    }
}
