import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// `render`, `inspect` and `call` with hostile plugins: the same containment as `run`.
@Suite(.serialized) struct ContainmentCommandTests {
    @Test func renderDrawsTheErrorScreenWhereAPluginFailedAndExitsThree() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(["render", "--url", "app://home/crash"], app: app)
        #expect(result.status == 3)
        #expect(result.hasNoBacktrace)
        #expect(result.stderr.contains(#"plugin "broken_create_crash""#))
        #expect(result.stderr.contains(#"SIGSEGV in create of screen "broken_create_crash""#))
        #expect(result.stdout.contains("screen: crash"))
        #expect(result.stdout.contains("This screen could not be shown"))
        #expect(result.stdout.contains("plugin 'broken_create_crash'"))
    }

    @Test func renderStepsGoOnAfterAFailure() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(["render", "--steps", "push loop; push fine", "--format", "svg"], app: app)
        #expect(result.status == 3)
        #expect(result.stderr.contains("no return within 1 s (--call-timeout) in will_appear"))
        #expect(result.stdout.hasPrefix("<svg") || result.stdout.hasPrefix("<?xml"))
    }

    struct ProbeCase: CustomTestStringConvertible, Sendable {
        var library: String
        var says: String
        var testDescription: String { library }
    }

    @Test(arguments: [
        ProbeCase(library: "BrokenCreateCrash", says: #"SIGSEGV in create of screen "broken_create_crash""#),
        ProbeCase(library: "BrokenInitAbort", says: #"SIGABRT in init of screen "broken_init_abort""#),
        ProbeCase(library: "BrokenEntryInitExit", says: "exit(0) in init of library"),
        ProbeCase(library: "BrokenEntryInitLoop", says: "no return within 1 s (--call-timeout) in init of library"),
        ProbeCase(library: "BrokenGarbageFactory", says: "SIGSEGV in reading the plugboard.factory.screen factory"),
    ])
    func aProbeThatFailsIsNamedAndRememberedUntilTheFileChanges(_ probe: ProbeCase) throws {
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let copy = cache.appendingPathComponent("lib\(probe.library).so")
        try FileManager.default.copyItem(atPath: Built.library(probe.library), toPath: copy.path)
        let environment = ["XDG_CACHE_HOME": cache.path]
        let inspect = { (extra: [String]) in
            try runPlugboard(["inspect", copy.path, "--call-timeout", "1"] + extra, environment: environment)
        }
        let first = try inspect([])
        #expect(first.status == 3)
        #expect(first.hasNoBacktrace)
        #expect(first.stderr.contains(probe.says))
        // The same file again: named at once, not run.
        let second = try inspect([])
        #expect(second.status == 3)
        #expect(second.stderr.contains("not probed: an earlier probe of this same file failed (\(probe.says)"))
        // A changed file is probed again, and so is the same file with --rescan.
        let handle = try FileHandle(forWritingTo: copy)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(try inspect([]).stderr.contains("not probed") == false)
        #expect(try inspect(["--rescan"]).stderr.contains("not probed") == false)
    }

    @Test func aWorkingLibraryIsProbedAsBefore() throws {
        let cache = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        let result = try runPlugboard(
            ["inspect", Built.library("TestScreenC")], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("test.screen.c"))
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("plugboard").path))
    }

    @Test func inspectOfAnAppWithHostilePluginsSurvives() throws {
        let app = try HostileApp.write(
            extra: [.init(id: "bad", plugin: "broken_garbage_factory", library: "BrokenGarbageFactory")])
        let result = try HostileApp.run(["inspect"], app: app)
        #expect(result.status == 3)
        #expect(result.stdout.contains("broken_create_crash"))
        #expect(result.stderr.contains("libBrokenGarbageFactory.so failed: SIGSEGV"))
    }
}
