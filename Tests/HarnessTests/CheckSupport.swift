import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Runs `plugboard check` with `arguments` and the JSON format, and decodes its report.
func runCheck(_ arguments: [String]) throws -> (status: Int32, report: CheckReport, stderr: String) {
    let result = try runPlugboard(["check", "--format", "json"] + arguments)
    guard let report = try? JSONDecoder().decode(CheckReport.self, from: Data(result.stdout.utf8)) else {
        Issue.record(
            "plugboard check printed no JSON report: \(result.stdout.prefix(500)) \(result.stderr.prefix(500))")
        throw CheckFailure("no report")
    }
    return (result.status, report, result.stderr)
}

extension CheckReport {
    /// The results that are neither passed nor skipped, by test id.
    var notPassed: [String: CheckStatus] {
        Dictionary(
            results.filter { $0.status != .passed && $0.status != .skipped }.map { ($0.test, $0.status) },
            uniquingKeysWith: { first, _ in first })
    }

    func result(_ test: String) -> CheckResult? { results.first { $0.test == test } }
}

extension CheckResult {
    /// The result without its wall-clock time, which no two runs share.
    var untimed: CheckResult {
        var result = self
        result.seconds = 0
        return result
    }
}
