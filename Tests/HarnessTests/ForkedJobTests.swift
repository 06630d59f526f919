import Foundation
import Testing

@testable import PlugboardHarness

/// A job as the parent sends it to a fork server: the test's line, then the subject the parent
/// encoded once; the server gets back the job the parent had, whatever the subject.
struct ForkedJobTests {
    static let library = CheckSubject(group: "libA.so", library: "/plugins/libA.so")
    static let plugin = CheckSubject(
        group: "acme", library: "/plugins/libA.so",
        plugin: PluginUnderTest(
            id: "acme", kind: .screen,
            models: CheckModels(
                plugin: #"{"title":"A \"quoted\"\nline"}"#, screens: [.init(screen: "{}", dataSource: nil)])))

    static func job(_ subject: CheckSubject, test: String = "instance.create-models", seed: UInt64 = .max) -> CheckJob {
        CheckJob(test: test, subject: subject, seed: seed, strictness: 10, repetition: 3)
    }

    /// The bytes a server reads after `job `.
    static func message(_ job: CheckJob, seal: OutcomeSeal) throws -> ArraySlice<UInt8> {
        let bytes = try ForkedJob.Encoder(job.subject).message(job, seal: seal)
        #expect(bytes.starts(with: Array("job ".utf8)))
        return bytes.dropFirst(4)
    }

    @Test func theServerReadsTheJobAndItsSealsKey() throws {
        let seal = OutcomeSeal()
        var decoder = ForkedJob.Decoder()
        for job in [Self.job(Self.plugin), Self.job(Self.library, test: "library.loads", seed: 0)] {
            let message = decoder.decode(try Self.message(job, seal: seal))
            let decoded = try #require(message)
            let read = try decoded.job.get()
            #expect(decoded.seal.hex == seal.hex)
            #expect(read.test == job.test && read.seed == job.seed && read.strictness == 10 && read.repetition == 3)
            #expect(read.subject == job.subject)
        }
    }

    /// Each job of a subject carries its bytes again; the server decodes them once, and a new
    /// subject anew.
    @Test func aSubjectIsDecodedAgainOnlyWhenItChanges() throws {
        var decoder = ForkedJob.Decoder()
        let seal = OutcomeSeal()
        let messages = [
            decoder.decode(try Self.message(Self.job(Self.plugin, test: "a"), seal: seal)),
            decoder.decode(try Self.message(Self.job(Self.plugin, test: "b"), seal: seal)),
            decoder.decode(try Self.message(Self.job(Self.library), seal: seal)),
        ]
        let (first, second, other) = (try #require(messages[0]), try #require(messages[1]), try #require(messages[2]))
        #expect(try second.job.get().test == "b")
        #expect(try first.job.get().subject == second.job.get().subject)
        #expect(try other.job.get().subject == Self.library)
    }

    @Test func aMessageWithoutAKeyIsNoJobAndABrokenOneSaysWhy() throws {
        var decoder = ForkedJob.Decoder()
        let key = OutcomeSeal().hex
        let messages = ["not-a-key\nx 1 2 3\n{}", "\(key)\nx 1 2", "\(key)\nx one 2 3\n{}", "\(key)\nx 1 2 3\n{"].map {
            decoder.decode(ArraySlice($0.utf8))
        }
        #expect(messages[0] == nil)
        let (noLine, badLine, badSubject) = (
            try #require(messages[1]), try #require(messages[2]), try #require(messages[3])
        )
        #expect(throws: CheckFailure.self) { try noLine.job.get() }
        #expect(throws: CheckFailure.self) { try badLine.job.get() }
        #expect(throws: (any Error).self) { try badSubject.job.get() }
    }
}
