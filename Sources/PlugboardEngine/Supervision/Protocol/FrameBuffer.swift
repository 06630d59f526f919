import Foundation

/// The bytes read so far from a stream of frames, cut into frames as they complete: the reading
/// half of `EngineFrame`, for a reader that reads when it chooses (the supervisor polls between
/// reads to watch the engine; `FrameReader` blocks).
package struct FrameBuffer {
    private var bytes: [UInt8] = []

    package init() {}

    package mutating func append(_ more: some Sequence<UInt8>) { bytes.append(contentsOf: more) }

    /// The next whole frame's payload; nil while it is incomplete. Throws as soon as a header
    /// names a length over the limit, without waiting for its bytes.
    package mutating func next() throws(FrameError) -> Data? {
        guard let length = try pendingLength, bytes.count >= EngineFrame.headerLength + length else { return nil }
        let payload = Data(bytes[EngineFrame.headerLength..<(EngineFrame.headerLength + length)])
        bytes.removeFirst(EngineFrame.headerLength + length)
        return payload
    }

    /// At the end of the stream: throws when it ended inside a frame.
    package func finish() throws(FrameError) {
        guard !bytes.isEmpty else { return }
        let expected = (try pendingLength).map { EngineFrame.headerLength + $0 } ?? EngineFrame.headerLength
        throw .truncated(expected: expected, received: bytes.count)
    }

    /// The length the buffered header names; nil before the header is whole.
    private var pendingLength: Int? {
        get throws(FrameError) {
            guard bytes.count >= EngineFrame.headerLength else { return nil }
            let length = bytes[0..<EngineFrame.headerLength].reduce(0) { $0 << 8 | Int($1) }
            guard length <= EngineFrame.maximumLength else {
                throw .oversized(length: length, limit: EngineFrame.maximumLength)
            }
            return length
        }
    }
}
