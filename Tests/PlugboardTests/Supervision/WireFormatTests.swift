import Foundation
import PlugboardCore
import Testing

@testable import PlugboardEngine

/// The wire format refuses what no writer makes, saying at which byte and what it expected —
/// never reading past the end, allocating for a count it was not given, or trapping.
@Suite struct WireFormatTests {
    static func bytes(_ message: some WireCodable) -> [UInt8] {
        var writer = WireWriter()
        writer.write(message)
        return writer.bytes
    }

    static func failure(_ bytes: [UInt8]) -> WireError? {
        do throws(WireError) {
            _ = try WireReader.decode(EngineCall.self, from: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func aCallIsATagAndItsValues() {
        // `select` (tag 5), "ab" (count 2, little-endian), no drawing.
        #expect(Self.bytes(EngineCall(.select("ab"))) == [5, 2, 0, 0, 0, 97, 98, 0])
        #expect(Self.bytes(EngineCall(.back, drawing: .text)) == [2, 1, 4, 0, 0, 0] + Array("text".utf8))
    }

    @Test func aCutMessageSaysWhatWasLeftToRead() {
        let whole = Self.bytes(EngineCall(.select("m-shows")))
        #expect(
            Self.failure(Array(whole.dropLast(2)))
                == WireError(offset: 1, expected: "a count of at most the 6 bytes left"))
        #expect(Self.failure([5, 7, 0]) == WireError(offset: 1, expected: "a count"))
        #expect(Self.failure([]) == WireError(offset: 0, expected: "a byte"))
    }

    @Test func bytesAfterTheMessageAreRefused() {
        #expect(
            Self.failure(Self.bytes(EngineCall(.back)) + [0])
                == WireError(offset: 2, expected: "the end of the message"))
    }

    @Test func aTagOrByteNoWriterMakesIsRefused() {
        #expect(Self.failure([24]) == WireError(offset: 0, expected: "a request's tag"))
        #expect(Self.failure([0, 2]) == WireError(offset: 1, expected: "a tap target's tag"))
        #expect(Self.failure([21, 2, 0]) == WireError(offset: 1, expected: "a Bool (0 or 1)"))
        #expect(Self.failure([6, 5, 0, 0, 0] + Array("watch".utf8) + [0]) == WireError(offset: 1, expected: "a Kind"))
        #expect(Self.failure([5, 2, 0, 0, 0, 0xC3, 0x28, 0]) == WireError(offset: 1, expected: "a string of UTF-8"))
    }

    @Test func aCountLargerThanTheMessageIsRefusedBeforeAnythingIsMade() {
        // A route of 4,294,967,295 steps in a message of 5 bytes.
        #expect(
            Self.failure([9, 0xFF, 0xFF, 0xFF, 0xFF])
                == WireError(offset: 1, expected: "a count of at most the 0 bytes left"))
    }

    @Test func aRequestNestsABoundedDepth() throws {
        #expect(
            try WireReader.decode(EngineCall.self, from: [1, 1, 2, 0]) == EngineCall(.unanimated(.unanimated(.back))))
        let deepest = [UInt8](repeating: 1, count: WireReader.maximumDepth) + [2, 0]
        #expect(Self.failure(deepest) == nil)
        // Nesting as deep as the frame limit allows would otherwise be a recursion that deep.
        #expect(
            Self.failure([UInt8](repeating: 1, count: 100_000) + [2, 0])
                == WireError(offset: WireReader.maximumDepth, expected: "a request nested at most 8 deep"))
    }

    /// Seeded random bytes and random corruptions of every request: each decodes to a call or is
    /// refused with a byte inside the message; none traps (a trap would end the test process).
    @Test func randomBytesAreReadOrRefusedNeverTrapped() {
        var random = SeededRandom(seed: 36)
        let valid = EngineProtocolTests.requests.map { Self.bytes(EngineCall($0, drawing: .svg)) }
        for round in 0..<4_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<40, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = valid[round / 2 % valid.count]
                for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                if Bool.random(using: &random) { bytes.removeLast(Int.random(in: 0...bytes.count, using: &random)) }
            }
            if let failure = Self.failure(bytes) {
                #expect((0...bytes.count).contains(failure.offset), "round \(round): \(failure)")
            }
        }
    }
}
