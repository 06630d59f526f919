import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's work (a character set and a
    /// bridge to `NSString` and back) for the usual text: ASCII spaces and tabs (the only ASCII
    /// members of `.whitespaces`) are dropped byte by byte, and when the text left starts and ends
    /// with ASCII, nothing else can be trimmed. Only other text goes to Foundation: the parts of
    /// an `rgba(r, g, b, a)` colour, " 255", took it on every colour before.
    func trimmingWhitespaces() -> String {
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end && Self.isASCIIWhitespace(utf8[start]) { start = utf8.index(after: start) }
        while start < end && Self.isASCIIWhitespace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        guard start < end else { return "" }
        guard utf8[start] < 0x80 && utf8[utf8.index(before: end)] < 0x80 else {
            return trimmingCharacters(in: .whitespaces)
        }
        return String(self[start..<end])
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
