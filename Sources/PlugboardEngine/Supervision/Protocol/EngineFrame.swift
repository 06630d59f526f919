import Foundation
import PlugboardCore

/// How messages travel on a pipe: each is a 4-byte big-endian length, then that many bytes: the
/// handshake's messages as JSON (the hello's shape never changes, so any two builds read each
/// other's), every later one in the wire format (`WireCodable`). A reader knows where a message
/// ends without scanning it, and a length over `maximumLength` is refused before anything is
/// allocated for it.
package enum EngineFrame {
    /// Larger than any drawing (an SVG with the app's images inlined is a few megabytes).
    package static let maximumLength = 64 << 20
    package static let headerLength = 4

    /// The frame of `message`: its length, then its bytes (sealed when `seal` is given).
    package static func encode(_ message: some WireCodable, seal: inout FrameSeal?) -> Data {
        var writer = WireWriter()
        writer.write(message)
        return frame(Data(writer.bytes), seal: &seal)
    }

    /// The unsealed frame of `message` (the supervisor's requests).
    package static func encode(_ message: some WireCodable) -> Data {
        var unsealed: FrameSeal?
        return encode(message, seal: &unsealed)
    }

    /// The frame of a handshake message (`ProtocolHello`, `SessionKey`), as its JSON.
    package static func encodeHandshake(_ message: some HandshakeMessage) -> Data {
        var unsealed: FrameSeal?
        var json = message.json
        // Not `Data(json.utf8)`: that initializer is generic, and its first use looks up a
        // conformance through every image's records (about 0.2 ms).
        let payload = json.withUTF8 { Data(bytes: $0.baseAddress!, count: $0.count) }
        return frame(payload, seal: &unsealed)
    }

    private static func frame(_ payload: Data, seal: inout FrameSeal?) -> Data {
        var payload = payload
        if seal != nil { payload = seal!.seal(payload) }
        precondition(payload.count <= maximumLength, "a message of \(payload.count) bytes is over the frame limit")
        var frame = withUnsafeBytes(of: UInt32(payload.count).bigEndian) { Data($0) }
        frame.append(payload)
        return frame
    }

    /// A frame's payload read as `type`.
    package static func decode<Message: WireCodable>(_ type: Message.Type, from payload: Data) throws(FrameError)
        -> Message
    {
        do throws(WireError) {
            return try WireReader.decode(type, from: payload)
        } catch {
            throw .undecodable("\(error): \(printable(payload.prefix(80)))")
        }
    }

    /// A handshake frame's payload read as `type`, from its JSON.
    package static func decodeHandshake<Message: HandshakeMessage>(_ type: Message.Type, from payload: Data)
        throws(FrameError) -> Message
    {
        guard let message = Message(json: payload) else { throw .undecodable(printable(payload.prefix(80))) }
        return message
    }

    /// Bytes as text for a message, each byte that is not printable ASCII as `\xNN`.
    static func printable(_ bytes: Data) -> String {
        bytes.map { (32..<127).contains($0) ? String(UnicodeScalar($0)) : "\\x" + [$0].hexDigits }.joined()
    }

    /// Writes `message` as one frame to `descriptor`, sealed when `seal` is given; false when
    /// the other side is gone.
    @discardableResult
    package static func write(_ message: some WireCodable, to descriptor: Int32, seal: inout FrameSeal?) -> Bool {
        write(frame: encode(message, seal: &seal), to: descriptor)
    }

    /// Writes `message` as one unsealed frame (the supervisor's requests).
    @discardableResult
    package static func write(_ message: some WireCodable, to descriptor: Int32) -> Bool {
        var unsealed: FrameSeal?
        return write(message, to: descriptor, seal: &unsealed)
    }

    /// Writes a handshake message as one frame of JSON.
    @discardableResult
    package static func writeHandshake(_ message: some HandshakeMessage, to descriptor: Int32) -> Bool {
        write(frame: encodeHandshake(message), to: descriptor)
    }

    private static func write(frame: Data, to descriptor: Int32) -> Bool {
        frame.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}

/// Why a stream of frames cannot be read on: the reading side ends with this, never waits on.
package enum FrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A length over the limit (or bytes that are not a frame at all: text reads as a huge length).
    case oversized(length: Int, limit: Int)
    /// The stream ended inside a frame.
    case truncated(expected: Int, received: Int)
    /// A whole frame that is not a message of this protocol (its first bytes).
    case undecodable(String)
    /// The other side speaks another version of the protocol.
    case unsupportedVersion(theirs: Int, ours: Int)
    /// The stream ended where the handshake was expected.
    case noHandshake
    /// Reading failed (`errno`).
    case unreadable(Int32)
    /// A frame without the session's seal: written by something other than the engine's own
    /// code, or out of order (its first bytes).
    case unsealed(String)

    package var description: String {
        switch self {
        case .oversized(let length, let limit): "a frame of \(length) bytes, over the limit of \(limit)"
        case .truncated(let expected, let received):
            "a truncated frame: the stream ended after \(received) of \(expected) bytes"
        case .undecodable(let start): "a frame that is not a message of this protocol: \(start)"
        case .unsupportedVersion(let theirs, let ours):
            "the other side speaks engine protocol version \(theirs); this side speaks version \(ours)"
        case .noHandshake: "the stream ended before the handshake"
        case .unreadable(let number): "the stream cannot be read: \(String(cString: strerror(number)))"
        case .unsealed(let start):
            "a frame the engine did not seal (a plugin wrote to the engine's reply pipe): \(start)"
        }
    }
}
