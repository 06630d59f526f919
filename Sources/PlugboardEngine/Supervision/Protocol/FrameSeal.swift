import Crypto
import Foundation
import PlugboardCore

/// The seal on every frame an engine sends after its hello (#31): an HMAC-SHA256, under a key
/// the supervisor makes for each engine, of the frame's number and payload, appended to the
/// payload. The key travels as the supervisor's second frame on the engine's standard input,
/// read before any plugin is loaded — never on the command line or in the environment, which
/// a plugin can read.
///
/// A plugin shares the engine's process and can write to its reply pipe. A frame it writes
/// there is refused: it cannot seal one without the key, and a copy of an earlier frame carries
/// the wrong number. The supervisor then ends the engine and names the plugin in flight. (The
/// key is in the engine's memory, with the plugins: this stops a plugin that is wrong, not one
/// that looks for it; docs/supervision.md says what the engine does not do.)
package struct FrameSeal {
    /// The bytes a seal adds to a payload.
    package static let length = 32
    private let key: SymmetricKey
    /// The HMAC keyed once, copied for each frame: keying it (two blocks of SHA-256 and the
    /// wrapper's allocations) for every frame was a sixth of the seal's cost.
    private let keyed: HMAC<SHA256>
    /// The number of the next frame sealed or opened: both sides count the engine's frames.
    private var number: UInt64 = 0

    /// A new key, for one engine.
    package init() { self.init(key: SymmetricKey(size: .bits256)) }

    /// The key the supervisor sent; nil when it is not one.
    package init?(_ message: SessionKey) {
        guard message.key.utf8.count == 2 * Self.length, let bytes = [UInt8](hexDigits: message.key) else {
            return nil
        }
        self.init(key: SymmetricKey(data: bytes))
    }

    private init(key: SymmetricKey) {
        self.key = key
        keyed = HMAC<SHA256>(key: key)
    }

    /// The key as the supervisor sends it.
    package var message: SessionKey { SessionKey(key: key.withUnsafeBytes { $0.hexDigits }) }

    /// `payload` followed by its seal.
    package mutating func seal(_ payload: Data) -> Data {
        var sealed = payload
        code(for: payload).withUnsafeBytes { sealed.append(contentsOf: $0) }
        return sealed
    }

    /// The payload of a sealed frame; throws when the seal is not the next frame's.
    package mutating func open(_ frame: Data) throws(FrameError) -> Data {
        guard frame.count >= Self.length else { throw .unsealed(String(decoding: frame.prefix(80), as: UTF8.self)) }
        let payload = frame.prefix(frame.count - Self.length)
        // Compared in constant time (`HashedAuthenticationCode`'s `==` is).
        guard code(for: payload) == frame.suffix(Self.length) else {
            throw .unsealed(String(decoding: payload.prefix(80), as: UTF8.self))
        }
        return Data(payload)
    }

    /// The HMAC of this frame's number and `payload`; counts the frame.
    private mutating func code(for payload: Data) -> HashedAuthenticationCode<SHA256> {
        var mac = keyed
        withUnsafeBytes(of: number.bigEndian) { mac.update(data: $0) }
        mac.update(data: payload)
        number += 1
        return mac.finalize()
    }
}

/// The supervisor's second frame: the key the engine seals its frames with (hex).
package struct SessionKey: Sendable, Equatable, HandshakeMessage {
    package var key: String

    package init(key: String) { self.key = key }

    package var json: String { "{\"key\":\(JSONStringEscaping.quoted(key))}" }

    /// `{"key": "…"}` and nothing else.
    package init?(json: Data) {
        guard case .object(let members)? = (try? JSONParser.parse(json))?.value, members.count == 1,
            case .string(let key)? = members["key"]?.value
        else { return nil }
        self.key = key
    }
}
