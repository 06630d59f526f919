import Foundation
import PlugboardCore
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardIsolation

/// Both ends of the protocol with real processes: the built engine ends with a named failure on
/// a request it cannot read, and the supervisor refuses an engine that speaks another version or
/// writes garbage, instead of waiting for it.
@Suite struct EngineHandshakeTests {
    /// `plugboard __engine`, with pipes to both ends; it is given its launch after the handshake.
    static func engine(in folder: URL) throws -> (ChildProcess, FrameReader) {
        let recorder = folder.appendingPathComponent("recorder").path
        _ = try FlightRecorder(creatingAt: recorder)
        let child = try ChildProcess(
            executable: Built.directory + "/plugboard", arguments: ["__engine", "--recorder", recorder],
            input: .pipe, output: .pipe)
        let replies = FrameReader(descriptor: try #require(child.output))
        try replies.handshake()  // the engine speaks first
        return (child, replies)
    }

    /// The internal processes read their own arguments (not swift-argument-parser): arguments
    /// this executable would never write end at once with the usage, not in a wait for frames.
    @Test(arguments: [
        (["__engine"], "__engine --recorder PATH [--scratch PATH]"),
        (["__engine", "--recorder"], "__engine --recorder PATH [--scratch PATH]"),
        (["__engine", "--launch", "{}", "--recorder", "/dev/null"], "__engine --recorder PATH [--scratch PATH]"),
        (["__check-child", "job"], "__check-child JOB TRANSCRIPT | __check-child --serve"),
        (["__check-child", "--serve", "job"], "__check-child JOB TRANSCRIPT | __check-child --serve"),
    ])
    func anInternalProcessWithWrongArgumentsEndsWithItsUsage(arguments: [String], usage: String) throws {
        let result = try runPlugboard(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "plugboard: internal use only; usage: plugboard \(usage)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func theEngineEndsOnGarbageSayingWhy() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (engine, replies) = try Self.engine(in: folder)
        let requests = try #require(engine.input)
        var seal = FrameSeal()
        #expect(EngineFrame.writeHandshake(ProtocolHello(), to: requests))
        #expect(EngineFrame.writeHandshake(seal.message, to: requests))
        #expect(EngineFrame.write(EngineLaunch.probe, to: requests))
        guard case .ready? = try Self.next(replies, &seal) else {
            Issue.record("no ready message")
            return
        }
        #expect(EngineFrame.write(EngineCall(.exports), to: requests))
        guard case .reply(let reply)? = try Self.next(replies, &seal) else {
            Issue.record("no reply")
            return
        }
        #expect(reply == .failed("no app is loaded"))

        _ = Data("tap 2\n".utf8).withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
        engine.closeInput()
        // "tap " read as a length: a named failure, the last message, then the end.
        let why = FrameError.oversized(length: 0x7461_7020, limit: EngineFrame.maximumLength)
        #expect(try Self.next(replies, &seal) == .fatal("the engine cannot read its supervisor: \(why)"))
        #expect(try Self.next(replies, &seal) == nil)
        #expect(engine.wait() == .exited(EngineChild.protocolFailureStatus))
    }

    /// The engine's next message, its seal opened; nil at the end of the stream.
    static func next(_ replies: FrameReader, _ seal: inout FrameSeal) throws -> EngineMessage? {
        guard let frame = try replies.next() else { return nil }
        return try EngineFrame.decode(EngineMessage.self, from: seal.open(frame))
    }

    /// A supervisor may start its engine before it knows it needs one (`Supervisor.prestartEngine`):
    /// an engine whose input ends before the supervisor's hello was not needed, and ends at once
    /// without a word; one whose input ends after the hello but before its launch says so.
    @Test func anEngineNotSpokenToEndsWithoutAWord() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for spoken in [false, true] {
            let recorder = folder.appendingPathComponent("recorder").path
            _ = try FlightRecorder(creatingAt: recorder)
            let errors = folder.appendingPathComponent("stderr").path
            let script = "exec \"$0\" __engine --recorder \"$1\" 2>\"$2\""
            let engine = try ChildProcess(
                executable: "/bin/sh", arguments: ["-c", script, Built.directory + "/plugboard", recorder, errors],
                input: .pipe, output: .pipe)
            let replies = FrameReader(descriptor: try #require(engine.output))
            try replies.handshake()
            if spoken {
                let requests = try #require(engine.input)
                #expect(EngineFrame.writeHandshake(ProtocolHello(), to: requests))
                #expect(EngineFrame.writeHandshake(FrameSeal().message, to: requests))
            }
            engine.closeInput()
            let ending = engine.wait()
            let said = try String(contentsOfFile: errors, encoding: .utf8)
            if spoken {
                #expect(ending == .exited(EngineChild.protocolFailureStatus))
                #expect(said.contains("no launch after the session key"), "\(said)")
            } else {
                #expect(ending == .exited(0))
                #expect(try replies.next() == nil)
                #expect(said.isEmpty, "\(said)")
            }
        }
    }

    @Test func theEngineRefusesASupervisorOfAnotherVersion() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (engine, replies) = try Self.engine(in: folder)
        #expect(EngineFrame.writeHandshake(ProtocolHello(version: 99), to: try #require(engine.input)))
        guard case .fatal(let why)? = try replies.next(EngineMessage.self) else {
            Issue.record("no fatal message")
            return
        }
        #expect(why.contains("version 99") && why.contains("version \(EngineProtocol.version)"), "\(why)")
        #expect(engine.wait() == .exited(EngineChild.protocolFailureStatus))
    }

    /// An "engine" that writes `python` (a Python expression of bytes) and then waits for its input to end.
    static func fakeEngine(writing python: String, in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("fake-engine")
        try Data(
            """
            #!/usr/bin/env python3
            import sys
            sys.stdout.buffer.write(\(python))
            sys.stdout.buffer.flush()
            sys.stdin.buffer.read()

            """.utf8
        ).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test(arguments: [
        (
            #"len(b'{"version":99}').to_bytes(4, "big") + b'{"version":99}'"#,
            "the other side speaks engine protocol version 99; this side speaks version \(EngineProtocol.version)"
        ),
        (#"b"hello, supervisor\n""#, "over the limit of \(EngineFrame.maximumLength)"),
        (#"b"\x00\x00\x00\x02{}""#, "a frame that is not a message of this protocol: {}"),
        // A right hello, then a message without the session's seal (what a plugin could write).
        (
            #"(lambda h, m: len(h).to_bytes(4, "big") + h + len(m).to_bytes(4, "big") + m)"#
                + #"(b'{"version":\#(EngineProtocol.version)}', b'{"fatal":{"_0":"forged"}}')"#,
            #"a frame the engine did not seal (a plugin wrote to the engine's reply pipe): {"fatal":{"_0":"forged"}}"#
        ),
    ])
    func theSupervisorRefusesAnEngineItCannotRead(writes python: String, says: String) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let supervisor = Supervisor(
            executable: try Self.fakeEngine(writing: python, in: folder), launch: .probe, callTimeout: 5)
        defer { supervisor.stop() }
        #expect {
            _ = try supervisor.start()
        } throws: { error in
            "\(error)".contains(says)
        }
    }

    /// An engine that seals a ready message (with the key the supervisor sent), then answers the
    /// first request with a frame it did not seal, as a plugin thread writing to the reply pipe
    /// outside any call would: with no call in flight, the failure is traced to the library the
    /// engine said it mapped last, which is left out.
    @Test func anUnsealedFrameWithNoCallInFlightIsTracedToTheLibraryMappedLast() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("sealing-engine")
        var readyMessage = EngineReady(startup: [], stateURL: "")
        readyMessage.lastLibrary = "/plugins/libEvil.so"
        var writer = WireWriter()
        writer.write(EngineMessage.ready(readyMessage))
        let ready = writer.bytes.hexDigits
        try Data(
            """
            #!/usr/bin/env python3
            import hashlib, hmac, json, sys
            def frame(payload): return len(payload).to_bytes(4, "big") + payload
            def read_frame():
                length = int.from_bytes(sys.stdin.buffer.read(4), "big")
                return sys.stdin.buffer.read(length)
            out = sys.stdout.buffer
            out.write(frame(b'{"version":\(EngineProtocol.version)}'))
            out.flush()
            read_frame()  # the supervisor's hello
            key = bytes.fromhex(json.loads(read_frame())["key"])
            read_frame()  # the launch
            ready = bytes.fromhex("\(ready)")
            seal = hmac.new(key, (0).to_bytes(8, "big") + ready, hashlib.sha256).digest()
            out.write(frame(ready + seal))
            out.flush()
            read_frame()  # the first request
            out.write(frame(b"a reply a plugin wrote"))
            out.flush()
            sys.stdin.buffer.read()

            """.utf8
        ).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let supervisor = Supervisor(executable: script.path, launch: .probe, callTimeout: 5)
        defer { supervisor.stop() }
        _ = try supervisor.start()
        let reply = supervisor.perform(.exports, drawing: nil)
        let failure = try #require(reply.failures.first)
        #expect(failure.tampering == .unsealedFrame)
        #expect(failure.leftOut == "library /plugins/libEvil.so", "\(failure)")
    }
}
