import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Tests forked from a library's fork server must end exactly as tests in fresh processes do —
/// the same results, messages, calls in flight and plugin log lines — for every plugin of the
/// corpus: crashes, `exit()`, hangs, threads of its own. Where forking is unsafe the harness
/// falls back to fresh processes and says so.
struct ForkServerTests {
    /// Every library of the corpus (`corpusPlugins` in Package.swift).
    static let libraries =
        CheckCorpusTests.cases.map(\.library) + ["BrokenFuzzCrash", "BrokenStaleHost", "BrokenConstructorThread"]

    /// For a library whose tests hang: a short time limit, and one hanging test of them (each
    /// costs the whole limit, twice). The others keep the default and run in full.
    static func limits(_ library: String) -> [String] {
        guard let corpus = CheckCorpusTests.cases.first(where: { $0.library == library }) else { return [] }
        let hanging = corpus.expected.filter { $0.value == .timedOut }.keys.sorted()
        guard let kept = hanging.first else { return [] }
        return ["--timeout", "3"] + hanging.filter { $0 != kept }.flatMap { ["--skip", $0] }
    }

    @Test(arguments: libraries)
    func forkedTestsEndAsFreshProcessesDo(_ library: String) throws {
        let arguments = [Built.library(library), "--seed", "7"] + Self.limits(library)
        let forked = try runCheck(arguments)
        let fresh = try runCheck(arguments + ["--no-fork-server"])
        #expect(forked.status == fresh.status)
        #expect(forked.report.results.count == fresh.report.results.count)
        for (forked, fresh) in zip(forked.report.results, fresh.report.results) {
            #expect(forked.comparable == fresh.comparable)
        }
        let expectsFallback = library == "BrokenConstructorThread"
        #expect(forked.stderr.contains("no fork server") == expectsFallback, "\(forked.stderr)")
        #expect(!fresh.stderr.contains("no fork server"), "the user turned it off: nothing to explain")
    }

    /// Tests run several at a time (`--jobs`), each worker with a server of its own: the report
    /// is the one a single worker makes, in the same order, for a whole app.
    @Test func workersChangeNoResultOfAnApp() throws {
        let arguments = [Showcase.url.path, "--seed", "3", "--jobs"]
        let (oneStatus, one, _) = try runCheck(arguments + ["1"])
        let (threeStatus, three, _) = try runCheck(arguments + ["3"])
        #expect(oneStatus == 0 && threeStatus == 0)
        #expect(one.results.map(\.comparable) == three.results.map(\.comparable))
    }

    /// The libraries' servers are forked from one process, and the other workers' servers are
    /// copies the first one forks before its first job: the executable starts once a check, and
    /// each library loads once.
    @Test func otherWorkersServeFromCopiesOfTheFirstServer() throws {
        var options = CheckOptions()
        options.seed = 1
        options.workers = 3
        let runner = try CheckRunner(options: options, executable: Built.directory + "/plugboard")
        let report = runner.check(libraries: [Built.library("SideMenu"), Built.library("TabBar")])
        #expect(report.results.count > 40)
        #expect(report.results.allSatisfy { !$0.status.isFailure }, "\(report.results.filter { $0.status.isFailure })")
        #expect(runner.forkServerStarts == 1)
        #expect(runner.forkServerFallbacks.isEmpty)
    }

    @Test func aConstructorThreadMeansFreshProcessesSaidOnce() throws {
        let (status, report, stderr) = try runCheck([Built.library("BrokenConstructorThread"), "--only", "library.*"])
        #expect(status == 0, "\(stderr)")
        #expect(report.notPassed.isEmpty)
        let fallbacks = stderr.split(separator: "\n").filter { $0.contains("no fork server") }
        #expect(
            fallbacks == [
                "plugboard check: libBrokenConstructorThread.so: each test in a fresh process (no fork server: a constructor of the library started 1 thread(s))"
            ])
    }
}

extension CheckResult {
    /// The result without what differs between any two runs: its time, and the numbers of the
    /// views the harness made (random handles, `view#17132595213`).
    fileprivate var comparable: CheckResult {
        func anyView(_ text: String) -> String { text.replacing(/view#[0-9]+/, with: "view#N") }
        var result = untimed
        result.message = message.map(anyView)
        result.callInFlight = callInFlight.map(anyView)
        result.calls = calls.map(anyView)
        result.log = log.map(anyView)
        return result
    }
}
