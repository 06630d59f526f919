/// How one test of the catalogue ended for one subject (clap-validator's outcomes, plus
/// `timed out`).
package enum CheckStatus: String, Sendable, Codable, CaseIterable {
    case passed, failed, crashed
    case timedOut = "timed out"
    case skipped, warning

    /// A status that makes the whole run fail (exit status 1, `FAILURE`).
    package var isFailure: Bool { self == .failed || self == .crashed || self == .timedOut }
}

/// The result of one test on one subject: what the text, JSON and JUnit reports show.
package struct CheckResult: Sendable, Codable, Equatable {
    /// The plugin id, or the library's file name for library tests.
    package var group: String
    /// The library's path.
    package var library: String
    /// The test id, e.g. `screen.lifecycle`.
    package var test: String
    package var status: CheckStatus
    /// What was expected and what happened; the signal and call for a crash; why it was skipped.
    package var message: String?
    /// The plugin call in flight when the child died or timed out.
    package var callInFlight: String?
    /// The last calls into plugin code, oldest first (crashes, time-outs, fuzz failures).
    package var calls: [String] = []
    /// The plugin's last log lines and the child's last output lines.
    package var log: [String] = []
    /// The seed the test ran with; `--seed` with the run's seed replays it.
    package var seed: UInt64
    /// Which of the `--repeat` runs (0-based).
    package var repetition: Int = 0
    /// Wall-clock seconds, for the JUnit `time` attribute; never asserted.
    package var seconds: Double = 0

    package init(
        group: String, library: String, test: String, status: CheckStatus, message: String? = nil, seed: UInt64
    ) {
        self.group = group
        self.library = library
        self.test = test
        self.status = status
        self.message = message
        self.seed = seed
    }
}

/// What a run of the catalogue produced, with the options a replay needs.
package struct CheckReport: Sendable, Codable {
    package var seed: UInt64
    package var strictness: Int
    package var results: [CheckResult]

    package init(seed: UInt64, strictness: Int, results: [CheckResult]) {
        self.seed = seed
        self.strictness = strictness
        self.results = results
    }

    package func count(_ status: CheckStatus) -> Int { results.count { $0.status == status } }

    /// True when nothing failed, crashed or timed out.
    package var succeeded: Bool { !results.contains { $0.status.isFailure } }

    /// `N passed, N failed, N crashed, N timed out, N skipped, N warnings` (`1 warning`).
    package var summary: String {
        "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.crashed)) crashed, "
            + "\(count(.timedOut)) timed out, \(count(.skipped)) skipped, \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s")"
    }

    /// The groups in the order they were first reported.
    package var groups: [String] {
        var seen: Set<String> = []
        return results.map(\.group).filter { seen.insert($0).inserted }
    }
}
