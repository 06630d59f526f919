import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's work (a bridge to `NSString`
    /// and back) for the usual text that starts and ends with no whitespace.
    func trimmingWhitespaces() -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
            CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last)
        else { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }
}
