import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's work (a character set and a
    /// bridge to `NSString` and back) for the usual text that starts and ends with an ASCII
    /// character other than a space or a tab: the only ASCII members of `.whitespaces`.
    func trimmingWhitespaces() -> String {
        guard let first = utf8.first, let last = utf8.last, Self.isKept(first) && Self.isKept(last) else {
            return trimmingCharacters(in: .whitespaces)
        }
        return String(self)
    }

    /// Whether `byte` is an ASCII character that `.whitespaces` does not contain.
    private static func isKept(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
    }
}
