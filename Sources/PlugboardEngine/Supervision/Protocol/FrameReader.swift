import Foundation

/// Reads frames from a descriptor, blocking until each is whole: the engine's standard input,
/// or any pipe. The stream's end between frames is the end of the conversation (nil); an end
/// inside a frame, an oversized length or a frame that is no message is a `FrameError`, so a
/// malformed stream ends the reader instead of leaving it waiting.
package final class FrameReader {
    private let descriptor: Int32
    private var buffer = FrameBuffer()
    private var chunk = [UInt8](repeating: 0, count: 65536)

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next frame's payload; nil at the end of the stream.
    package func next() throws(FrameError) -> Data? {
        while true {
            if let payload = try buffer.next() { return payload }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .unreadable(errno) }
            if count == 0 {
                try buffer.finish()
                return nil
            }
            buffer.append(chunk[..<count])
        }
    }

    /// The next message; nil at the end of the stream.
    package func next<Message: WireCodable>(_ type: Message.Type) throws(FrameError) -> Message? {
        guard let payload = try next() else { return nil }
        return try EngineFrame.decode(type, from: payload)
    }

    /// The next handshake message (JSON); nil at the end of the stream.
    package func nextHandshake<Message: HandshakeMessage>(_ type: Message.Type) throws(FrameError) -> Message? {
        guard let payload = try next() else { return nil }
        return try EngineFrame.decodeHandshake(type, from: payload)
    }

    /// Reads the other side's `ProtocolHello` and refuses another version.
    package func handshake() throws(FrameError) {
        guard let hello = try nextHandshake(ProtocolHello.self) else { throw .noHandshake }
        try hello.check()
    }
}
