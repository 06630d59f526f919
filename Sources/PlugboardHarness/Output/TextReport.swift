import PlugboardCore

/// The human report: results grouped by plugin, failures with what happened, then the summary
/// line and SUCCESS or FAILURE (pluginval's last line, which scripts grep for).
///
/// What a plugin wrote (its ids, its strings in a message, its calls and log lines) and what a
/// file is named are printed with their control characters escaped (`\u{A}`): a plugin cannot
/// add a line that reads as a result, nor move the cursor, on the terminal or in a CI log.
package struct TextReport {
    package var report: CheckReport
    /// ANSI colours (on a terminal).
    package var colour: Bool
    /// How to run the same check again, for replay hints (e.g. `plugboard check Examples/Showcase`).
    package var command: String

    package init(report: CheckReport, colour: Bool, command: String) {
        self.report = report
        self.colour = colour
        self.command = command
    }

    package var text: String {
        var lines = ["plugboard check: seed \(report.seed), strictness \(report.strictness)"]
        for group in report.groups {
            let results = report.results.filter { $0.group == group }
            let library = results.first.map { CheckRunner.fileName($0.library) } ?? ""
            lines.append("")
            let heading = group == library ? group : "\(group) (\(library))"
            lines.append(paint(heading.escapingControlCharacters, "1"))
            for result in Self.mergingSkips(results) { lines += describe(result) }
        }
        lines.append("")
        lines.append(report.summary)
        lines.append(report.succeeded ? paint("SUCCESS", "1;32") : paint("FAILURE", "1;31"))
        return lines.joined(separator: "\n")
    }

    /// The results with the tests skipped for one reason in one result, named together
    /// (`skipped    a, b, c: why`): a reason is said once, not once per test.
    static func mergingSkips(_ results: [CheckResult]) -> [CheckResult] {
        var merged: [CheckResult] = []
        var skipIndex: [String: Int] = [:]
        for result in results {
            guard result.status == .skipped, let message = result.message else {
                merged.append(result)
                continue
            }
            let key = "\(result.repetition) \(message)"
            if let index = skipIndex[key] {
                merged[index].test += ", " + result.test
            } else {
                skipIndex[key] = merged.count
                merged.append(result)
            }
        }
        return merged
    }

    /// One line per result, with indented details for what needs explaining.
    package func describe(_ result: CheckResult) -> [String] {
        let status = paint(
            result.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0), code(result.status))
        let repetition = report.results.contains { $0.repetition > 0 } ? " #\(result.repetition + 1)" : ""
        let tests = result.test.components(separatedBy: ", ")
        let message = (result.message ?? "").escapingControlCharacters
        guard tests.count == 1 else {  // skips merged by mergingSkips: the reason, then the tests
            let names = Self.wrapped(tests, width: 88).map { "             " + $0 }
            return ["  \(status) \(tests.count) tests\(repetition): \(message)"] + names
        }
        var lines = ["  \(status) \(result.test)\(repetition)" + (result.message == nil ? "" : ": \(message)")]
        guard result.status.isFailure else { return lines }
        if !result.calls.isEmpty {
            lines.append("             calls, oldest first:")
            lines += result.calls.map { "               \($0.escapingControlCharacters)" }
        }
        if !result.log.isEmpty {
            lines.append("             last log lines:")
            lines += result.log.map { "               \($0.escapingControlCharacters)" }
        }
        if Catalogue.test(result.test)?.isRandom == true {
            lines.append(
                "             seed \(result.seed); replay: \(command) --seed \(report.seed) --only \(result.test) --plugin \(result.group.escapingControlCharacters)"
                    + " --strictness \(report.strictness)")
        }
        return lines
    }

    /// `words` joined by ", " into lines of at most `width` characters (a longer word alone).
    static func wrapped(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        for word in words {
            if let last = lines.last, last.count + 2 + word.count <= width {
                lines[lines.count - 1] = last + ", " + word
            } else {
                if !lines.isEmpty { lines[lines.count - 1] += "," }
                lines.append(word)
            }
        }
        return lines
    }

    private func code(_ status: CheckStatus) -> String {
        switch status {
        case .passed: "32"
        case .failed, .crashed, .timedOut: "31"
        case .skipped: "2"
        case .warning: "33"
        }
    }

    private func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
}
