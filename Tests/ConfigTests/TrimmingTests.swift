import Foundation
import Testing

@testable import PlugboardConfig

/// The readers' trimming skips Foundation when the text ends in ASCII; it must trim exactly what
/// `trimmingCharacters(in:)` trims with `.whitespaces` and `.whitespacesAndNewlines`.
struct TrimmingTests {
    @Test(arguments: [
        "", " ", "\t", "17", " 17 ", "\t17", "17\t", "a b", "\u{00A0}17", "17\u{2003}", "\u{3000}", "\n17\n",
        "rgba( 1, 2 )", "é ", " é", "é", "\u{0B}17\u{0C}", "\u{85}x", "x\u{1680}",
        " \t\r\n x \n", "\n\u{2028}x", "x \u{301}", " \u{301}x", "\r\n", " \u{85} ", "x\u{0B}\u{0C}\r",
        " 255", "\t 255 \t", "   ", " \u{301}a", "a \u{301}", " \u{00A0}1", "1\u{3000} ", " a b ",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.dropFirst(0).trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(
            text.dropFirst(0).trimmingWhitespacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
