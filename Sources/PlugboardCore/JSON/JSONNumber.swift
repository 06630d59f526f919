/// A JSON number, kept as the exact text it was written with.
///
/// JSON does not limit the size or precision of numbers, and converting every number to `Double`
/// would silently round integers above 2^53. Keeping the text means integers up to `Int64`/`UInt64`
/// stay exact, doubles are still available, and `serialized()` writes the number back unchanged.
/// Equality compares the text, so `1` and `1.0` are different numbers.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written in the source; always valid RFC 8259 number syntax.
    package let text: String

    /// Wraps text that the caller has already checked against the JSON number grammar.
    package init(validatedText text: String) {
        self.text = text
    }

    package init(_ value: Int) {
        text = String(value)
    }

    package init(_ value: Int64) {
        text = String(value)
    }

    package init(_ value: UInt64) {
        text = String(value)
    }

    /// Returns `nil` for infinities and NaN, which JSON cannot represent.
    package init?(_ value: Double) {
        guard value.isFinite else { return nil }
        text = value.description
    }

    /// The value as `Int64`, when the text is an integer literal (no fraction or exponent) in range.
    package var int64: Int64? { Int64(text) }

    /// The value as `UInt64`, when the text is a non-negative integer literal in range.
    package var uint64: UInt64? { UInt64(text) }

    /// The value as `Int`, when the text is an integer literal in range.
    package var int: Int? { Int(text) }

    /// The nearest `Double`; numbers too large for `Double` become infinity, as with `strtod`.
    package var double: Double { Double(text) ?? .nan }

    /// Whether the text has neither a fraction nor an exponent.
    package var isIntegerLiteral: Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    package var description: String { text }
}
