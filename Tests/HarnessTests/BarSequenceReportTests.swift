import Foundation
import TestSupport
import Testing

/// The report an author reads when a bar fails the walk through screens: a golden of the text
/// report for three broken bars (stale buttons, painted once, a model string kept past its
/// model), the real executable's output. Re-record with `PLUGBOARD_RECORD_GOLDENS=1`.
struct BarSequenceReportTests {
    static let golden = PackageRoot.path + "/Tests/Fixtures/check/bar-sequence-broken-bars.txt"

    @Test func theReportOfBrokenBarsNamesTheStepAndWhatTheBarShows() throws {
        let libraries = ["BrokenStaleNavButtons", "BrokenPaintsOnce", "BrokenStaleModelString"].map(Built.library)
        let result = try runPlugboard(
            ["check"] + libraries + ["--only", "nav-bar.screen-sequence", "--seed", "1"])
        #expect(result.status == 1)
        if ProcessInfo.processInfo.environment["PLUGBOARD_RECORD_GOLDENS"] == "1" {
            try result.stdout.write(toFile: Self.golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: Self.golden, encoding: .utf8)
        #expect(result.stdout == expected)
    }
}
