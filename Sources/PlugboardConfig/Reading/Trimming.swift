import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's work (a character set and a
    /// bridge to `NSString` and back) when the text ends in ASCII characters either way.
    package func trimmingWhitespaces() -> String {
        trimming(.whitespaces) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation's work when the text
    /// ends in ASCII characters either way.
    package func trimmingWhitespacesAndNewlines() -> String {
        // Space, tab, LF, vertical tab, form feed and CR: the ASCII members of the set.
        trimming(.whitespacesAndNewlines) { $0 == UInt8(ascii: " ") || (0x09...0x0D).contains($0) }
    }

    /// Strips the ASCII members of `set` (`isMember`) from both ends, byte by byte. When an end
    /// is then a non-ASCII character, which may be Unicode white space, Foundation decides.
    private func trimming(_ set: CharacterSet, _ isMember: (UInt8) -> Bool) -> String {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end && isMember(bytes[start]) { bytes.formIndex(after: &start) }
        while start < end && isMember(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        if start < end && (bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80) {
            return trimmingCharacters(in: set)
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
