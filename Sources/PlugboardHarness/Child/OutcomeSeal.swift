import Crypto
import Foundation

/// The seal on a check child's outcome: HMAC-SHA256 under a key the harness makes for each job
/// and hands the child on its standard input, read before any plugin is loaded — never in a
/// file, the environment or the command line, which a plugin can read. A plugin shares the
/// child's process and can write the transcript, so a `passed` line it writes itself (then
/// `exit(0)`) would otherwise be taken for the child's verdict; it cannot seal one.
struct OutcomeSeal {
    private let key: SymmetricKey

    /// A new key, for one job.
    init() { key = SymmetricKey(size: .bits256) }

    /// The key the harness wrote (hex); nil when it is not one.
    init?(hex: String) {
        guard hex.count == 64, let bytes = Self.bytes(ofHex: hex) else { return nil }
        key = SymmetricKey(data: bytes)
    }

    /// The key as the child reads it.
    var hex: String { key.withUnsafeBytes { Self.hex($0) } }

    /// The seal of `text` (hex).
    func seal(_ text: String) -> String {
        Self.hex(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)))
    }

    /// True when `seal` is `text`'s (compared in constant time).
    func verifies(_ text: String, seal: String) -> Bool {
        guard let code = Self.bytes(ofHex: seal) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(text.utf8), using: key)
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    private static func bytes(ofHex hex: String) -> [UInt8]? {
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
