import Foundation
import Testing

@testable import PlugboardHarness

/// The transcript a test process writes reads back as it was written, whatever its texts hold:
/// an outcome whose message has a newline (its JSON writes it `\n`, and its seal is over that
/// text) is the child's, not a forgery, and calls and log lines keep their newlines and
/// backslashes.
struct ChildTranscriptTests {
    @Test func linesReadBackAsTheyWereWritten() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transcript-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let transcript = try ChildTranscript(path: file.path)
        let seal = OutcomeSeal()
        let message = "version \"1.0.0\nbeta\" is not a semantic version (C:\\path, a \\n that is text)"
        let encoded = try JSONEncoder().encode(ChildOutcome(status: .failed, message: message))
        let outcome = String(decoding: encoded, as: UTF8.self)
        transcript.write(">", "init of screen \"a\\nb\"\nsecond line")
        transcript.write("L", "acme warning: ends with a backslash \\")
        transcript.write("<")
        transcript.write("=", seal.seal(outcome) + " " + outcome)

        let parsed = ParsedTranscript(try String(contentsOf: file, encoding: .utf8), seal: seal)
        #expect(parsed.forgedOutcomes == 0)
        #expect(parsed.outcome?.status == .failed)
        #expect(parsed.outcome?.message == message)
        #expect(parsed.calls == ["init of screen \"a\\nb\"\nsecond line"])
        #expect(parsed.openCalls.isEmpty)
        #expect(parsed.log == ["acme warning: ends with a backslash \\"])
    }
}
