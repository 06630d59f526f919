import Foundation

/// JUnit XML as CI systems read it: a testsuite per plugin, a testcase per test; `failure` for
/// failed, `error` for crashed and timed out, `skipped` for skipped. Warnings pass, with the
/// warning in `system-out`.
package struct JUnitReport {
    package var report: CheckReport

    package init(report: CheckReport) { self.report = report }

    package var xml: String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let failures = report.count(.failed)
        let errors = report.count(.crashed) + report.count(.timedOut)
        lines.append(
            #"<testsuites name="plugboard check" tests="\#(report.results.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(report.count(.skipped))">"#
        )
        for group in report.groups {
            let results = report.results.filter { $0.group == group }
            let time = results.reduce(0) { $0 + $1.seconds }
            lines.append(
                #"  <testsuite name="\#(escape(group))" tests="\#(results.count)" failures="\#(results.count { $0.status == .failed })" errors="\#(results.count { $0.status == .crashed || $0.status == .timedOut })" skipped="\#(results.count { $0.status == .skipped })" time="\#(format(time))">"#
            )
            lines.append(
                #"    <properties><property name="seed" value="\#(report.seed)"/><property name="strictness" value="\#(report.strictness)"/><property name="library" value="\#(escape(results.first?.library ?? ""))"/></properties>"#
            )
            for result in results { lines += testcase(result) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func testcase(_ result: CheckResult) -> [String] {
        let name = result.repetition > 0 ? "\(result.test) #\(result.repetition + 1)" : result.test
        let open =
            #"    <testcase classname="\#(escape(result.group))" name="\#(escape(name))" time="\#(format(result.seconds))""#
        let message = escape(result.message ?? result.status.rawValue)
        let details = escape(
            ([result.callInFlight.map { "call in flight: \($0)" }].compactMap { $0 } + result.calls + result.log)
                .joined(separator: "\n"))
        switch result.status {
        case .passed: return [open + "/>"]
        case .warning: return [open + ">", "      <system-out>warning: \(message)</system-out>", "    </testcase>"]
        case .skipped: return [open + ">", #"      <skipped message="\#(message)"/>"#, "    </testcase>"]
        case .failed:
            return [
                open + ">", #"      <failure message="\#(message)" type="failed">\#(details)</failure>"#,
                "    </testcase>",
            ]
        case .crashed, .timedOut:
            let type = result.status == .crashed ? "crashed" : "timed out"
            return [
                open + ">", #"      <error message="\#(message)" type="\#(type)">\#(details)</error>"#,
                "    </testcase>",
            ]
        }
    }

    private func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// XML text and attribute escaping; control characters XML 1.0 forbids become U+FFFD.
    func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
