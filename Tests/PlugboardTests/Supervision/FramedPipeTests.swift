import Foundation
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness

/// Frames over real pipes: the reader takes whole messages, and a malformed stream — garbage, a
/// truncated frame, an oversized length, another protocol version — ends it with a named
/// failure. Each test closes the writing end first, so a reader that waited for more would see
/// end of file instead of hanging.
@Suite struct FramedPipeTests {
    /// A pipe that already holds `bytes` and whose writing end is closed.
    static func reader(_ bytes: Data) throws -> FrameReader {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        try #require(EngineFrame.headerLength + bytes.count < 65536)  // fits the pipe's buffer
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        close(ends[1])
        return FrameReader(descriptor: ends[0])
    }

    @Test func wholeMessagesAreReadUntilTheEnd() throws {
        var bytes = EngineFrame.encodeHandshake(ProtocolHello())
        bytes += EngineFrame.encode(EngineCall(.tap(.number(2)), drawing: .text))
        bytes += EngineFrame.encode(EngineCall(.back))
        let reader = try Self.reader(bytes)
        try reader.handshake()
        #expect(try reader.next(EngineCall.self) == EngineCall(.tap(.number(2)), drawing: .text))
        #expect(try reader.next(EngineCall.self) == EngineCall(.back))
        #expect(try reader.next(EngineCall.self) == nil)
    }

    @Test func anotherVersionAtTheHandshakeIsRefused() throws {
        let reader = try Self.reader(EngineFrame.encodeHandshake(ProtocolHello(version: 99)))
        #expect(throws: FrameError.unsupportedVersion(theirs: 99, ours: EngineProtocol.version)) {
            try reader.handshake()
        }
        #expect(throws: FrameError.noHandshake) { try Self.reader(Data()).handshake() }
    }

    @Test func textIsNoFrame() throws {
        let reader = try Self.reader(Data("tap 2\n".utf8))
        // "tap " read as a length: far over the limit, refused before waiting for its bytes.
        #expect(throws: FrameError.oversized(length: 0x7461_7020, limit: EngineFrame.maximumLength)) {
            try reader.next()
        }
    }

    @Test func aFrameThatIsNoMessageIsNamed() throws {
        let reader = try Self.reader(Data([0, 0, 0, 5]) + Data("xxxxx".utf8))
        #expect(throws: FrameError.undecodable("byte 0: expected a request's tag: xxxxx")) {
            try reader.next(EngineCall.self)
        }
    }

    @Test func aTruncatedFrameIsNamed() throws {
        let reader = try Self.reader(Data([0, 0, 0, 100]) + Data(repeating: UInt8(ascii: "{"), count: 10))
        #expect(throws: FrameError.truncated(expected: 104, received: 14)) { try reader.next() }
        let header = try Self.reader(Data([0, 0]))
        #expect(throws: FrameError.truncated(expected: 4, received: 2)) { try header.next() }
    }

    @Test func anOversizedLengthIsRefusedFromItsHeader() throws {
        let length = EngineFrame.maximumLength + 1
        let header = withUnsafeBytes(of: UInt32(length).bigEndian) { Data($0) }
        let reader = try Self.reader(header + Data("{}".utf8))
        #expect(throws: FrameError.oversized(length: length, limit: EngineFrame.maximumLength)) { try reader.next() }
    }
}
