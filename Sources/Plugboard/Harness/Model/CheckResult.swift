/// How one test of the catalogue ended for one subject (clap-validator's outcomes, plus
/// `timed out`).
public enum CheckStatus: String, Sendable, Codable, CaseIterable {
    case passed, failed, crashed
    case timedOut = "timed out"
    case skipped, warning

    /// A status that makes the whole run fail (exit status 1, `FAILURE`).
    public var isFailure: Bool { self == .failed || self == .crashed || self == .timedOut }
}

/// The result of one test on one subject: what the text, JSON and JUnit reports show.
public struct CheckResult: Sendable, Codable, Equatable {
    /// The plugin id, or the library's file name for library tests.
    public var group: String
    /// The library's path.
    public var library: String
    /// The test id, e.g. `screen.lifecycle`.
    public var test: String
    public var status: CheckStatus
    /// What was expected and what happened; the signal and call for a crash; why it was skipped.
    public var message: String?
    /// The plugin call in flight when the child died or timed out.
    public var callInFlight: String?
    /// The last calls into plugin code, oldest first (crashes, time-outs, fuzz failures).
    public var calls: [String] = []
    /// The plugin's last log lines and the child's last output lines.
    public var log: [String] = []
    /// The seed the test ran with; `--seed` with the run's seed replays it.
    public var seed: UInt64
    /// Which of the `--repeat` runs (0-based).
    public var repetition: Int = 0
    /// Wall-clock seconds, for the JUnit `time` attribute; never asserted.
    public var seconds: Double = 0

    public init(
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
public struct CheckReport: Sendable, Codable {
    public var seed: UInt64
    public var strictness: Int
    public var results: [CheckResult]

    public init(seed: UInt64, strictness: Int, results: [CheckResult]) {
        self.seed = seed
        self.strictness = strictness
        self.results = results
    }

    public func count(_ status: CheckStatus) -> Int { results.count { $0.status == status } }

    /// True when nothing failed, crashed or timed out.
    public var succeeded: Bool { !results.contains { $0.status.isFailure } }

    /// `N passed, N failed, N crashed, N timed out, N skipped, N warnings`.
    public var summary: String {
        "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.crashed)) crashed, "
            + "\(count(.timedOut)) timed out, \(count(.skipped)) skipped, \(count(.warning)) warnings"
    }

    /// The groups in the order they were first reported.
    public var groups: [String] {
        var seen: Set<String> = []
        return results.map(\.group).filter { seen.insert($0).inserted }
    }
}
