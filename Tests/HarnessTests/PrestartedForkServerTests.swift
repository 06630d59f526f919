import CSandbox
import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// `plugboard check` starts the process that forks its fork servers before main
/// (`pb_check_prestart`), and the harness takes that one instead of starting another; with
/// PLUGBOARD_NO_CHECK_PRESTART it starts one from main, as before. Either way the report is the
/// same (the corpus's verdicts through the prestarted process: `ForkServerTests`).
struct PrestartedForkServerTests {
    /// The fork servers' process of a running `plugboard check` (the child running
    /// `__check-child --serve`) and where its output goes: a file in memory when it was started
    /// before main, a file in the check's workspace when main started it. The check runs one
    /// test of a plugin that hangs in `will_appear`, so it is still running while it is looked at.
    static func server(environment: [String: String]) throws -> (output: String, report: CheckReport) {
        let run = try RunningPlugboard(
            [
                "check", "--format", "json", "--seed", "5", "--timeout", "3", "--only", "screen.lifecycle",
                Built.library("BrokenWillAppearLoop"),
            ], environment: environment)
        let (process, output) = (run.process, run.output)
        var serverOutput = ""
        for _ in 0..<500 where serverOutput.isEmpty && process.isRunning {
            let server = childProcesses(of: process.processIdentifier).first { pid in
                let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
                return line.split(separator: 0).dropFirst().map { String(decoding: $0, as: UTF8.self) }
                    == ["__check-child", "--serve"]
            }
            if let server {
                serverOutput =
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server)/fd/1")) ?? ""
            } else {
                usleep(10_000)
            }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (serverOutput, try JSONDecoder().decode(CheckReport.self, from: printed))
    }

    @Test func aCheckTakesTheProcessStartedBeforeMain() throws {
        let prestarted = try Self.server(environment: [:])
        let started = try Self.server(environment: ["PLUGBOARD_NO_CHECK_PRESTART": "1"])
        #expect(prestarted.output.hasPrefix("/memfd:fork-server.output"), "\(prestarted.output)")
        #expect(started.output.hasSuffix("/fork-server.output"), "\(started.output)")
        #expect(!prestarted.report.results.isEmpty)
        #expect(prestarted.report.results.map(\.untimed) == started.report.results.map(\.untimed))
        #expect(prestarted.report.results.allSatisfy { $0.status == .timedOut }, "\(prestarted.report.results)")
    }

    /// The constructor's test: a `check` that will use a fork server, and nothing else.
    @Test(arguments: [
        (["check", "app"], true), (["check", "a.so", "--jobs", "1"], true), (["check", "a.so", "--", "--list"], true),
        (["check", "--in-process", "app"], false), (["check", "app", "--no-fork-server"], false),
        (["check", "--list"], false), (["check", "--help"], false), (["check", "-h"], false),
        (["check", "--version"], false), (["run", "app"], false), (["inspect", "a.so"], false), ([], false),
    ])
    func aServerIsStartedWhereACheckWillUseOne(arguments: [String], wanted: Bool) {
        let argv = (["plugboard"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        #expect((pb_check_server_wanted(Int32(argv.count), argv) == 1) == wanted)
    }
}
