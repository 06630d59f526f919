import Foundation
import Testing

@testable import Plugboard

/// The readers' trimming skips Foundation when there is nothing to trim; it must trim exactly what
/// `trimmingCharacters(in: .whitespaces)` trims.
struct TrimmingTests {
    @Test(arguments: [
        "", " ", "\t", "17", " 17 ", "\t17", "17\t", "a b", "\u{00A0}17", "17\u{2003}", "\u{3000}", "\n17\n",
        "rgba( 1, 2 )", "é ", " é", "é", "\u{0B}17\u{0C}", "\u{85}x", "x\u{1680}",
        " 255", "\t 255 \t", "   ", " \u{301}a", "a \u{301}", " \u{00A0}1", "1\u{3000} ", " a b ",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.dropFirst(0).trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces))
    }
}
