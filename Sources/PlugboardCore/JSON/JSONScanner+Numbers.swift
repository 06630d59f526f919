/// Number literals, checked against the RFC 8259 grammar and kept as text.
///
/// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?` — so no leading zeros, no `+`, no bare
/// `.` or exponent, no `NaN` or `Infinity`. Conversion to `Int64`/`Double` is left to `JSONNumber`,
/// which does it only when asked; the text itself is only made when the number is read.
extension JSONScanner {
    /// Checks the number at `index` and leaves `index` after it.
    package mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < end, Self.isDigit(bytes[index]) else {
            throw syntaxError(expected: "a digit after \"-\"", at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end && Self.isDigit(bytes[index]) {
                index = start
                throw syntaxError(expected: "a number without leading zeros", at: start)
            }
        } else {
            skipDigits()
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < end, Self.isDigit(bytes[index]) else {
                throw syntaxError(expected: "a digit after \".\"", at: index)
            }
            skipDigits()
        }
        if index < end && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < end, Self.isDigit(bytes[index]) else {
                throw syntaxError(expected: "a digit in the exponent", at: index)
            }
            skipDigits()
        }
    }

    @inline(__always)
    private mutating func skipDigits() {
        while index < end && Self.isDigit(bytes[index]) {
            index += 1
        }
    }

    @inline(__always)
    package static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
