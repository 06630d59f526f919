import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness
@testable import PlugboardIsolation

/// The one child-process runner (the harness's checks and the supervisor's engines): how a
/// child ended — its exit status, the signal that killed it by name, or the watchdog's time-out
/// for a child that never ends — and its pipes and output file.
@Suite struct ChildProcessTests {
    static func shell(_ script: String, output: ChildProcess.Output = .inherited) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], output: output, error: .withOutput)
    }

    @Test func anExitStatusIsReported() throws {
        #expect(try Self.shell("exit 7").wait() == .exited(7))
        #expect(try Self.shell("true").finish(within: 60) == .exited(0))
        #expect(ChildProcess.Ending.exited(7).description == "exit(7)")
    }

    @Test func aSignalDeathIsNamed() throws {
        let ending = try Self.shell("kill -SEGV $$").wait()
        #expect(ending == .signaled(SIGSEGV))
        #expect(ending.description == "SIGSEGV")
    }

    @Test func aChildThatNeverEndsIsKilledByTheWatchdog() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["infinity"])
        #expect(child.wait(timeout: 0) == nil)
        #expect(child.finish(within: 0.2) == .timedOut(seconds: 0.2))
        #expect(child.wait() == .timedOut(seconds: 0.2))
        #expect(ChildProcess.Ending.timedOut(seconds: 2).description == "no end within 2 s")
    }

    @Test func pipesCarryInputAndOutput() throws {
        let child = try ChildProcess(executable: "/bin/cat", arguments: [], input: .pipe, output: .pipe)
        let input = try #require(child.input)
        let output = try #require(child.output)
        _ = Data("through the child\n".utf8).withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        child.closeInput()
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 256)
        while case let count = read(output, &chunk, chunk.count), count > 0 { received += chunk[..<count] }
        #expect(String(decoding: received, as: UTF8.self) == "through the child\n")
        #expect(child.wait() == .exited(0))
    }

    @Test func outputAndErrorGoToOneFile() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("output").path
        #expect(try Self.shell("echo out; echo err >&2", output: .file(path)).wait() == .exited(0))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "out\nerr\n")
    }

    @Test func aMissingExecutableIsAnError() {
        #expect(throws: (any Error).self) { try ChildProcess(executable: "/nonexistent/plugboard", arguments: []) }
    }
}
