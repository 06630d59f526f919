import Crypto
import Foundation
import PlugboardCore

/// The seal on a check child's outcome: HMAC-SHA256 under a key the harness makes for each job
/// and hands the child on its standard input, read before any plugin is loaded — never in a
/// file, the environment or the command line, which a plugin can read. A plugin shares the
/// child's process and can write the transcript, so a `passed` line it writes itself (then
/// `exit(0)`) would otherwise be taken for the child's verdict. This stops a plugin that is
/// wrong, not one written to deceive the harness: the key is in the process the plugin runs in,
/// where such a plugin can look for it (docs/check.md, "What the harness guards against").
struct OutcomeSeal {
    private let key: SymmetricKey

    /// A new key, for one job.
    init() { key = SymmetricKey(size: .bits256) }

    /// The key the harness wrote (hex); nil when it is not one.
    init?(hex: String) {
        guard hex.count == 64, let bytes = [UInt8](hexDigits: hex) else { return nil }
        key = SymmetricKey(data: bytes)
    }

    /// The key as the child reads it.
    var hex: String { key.withUnsafeBytes { $0.hexDigits } }

    /// The seal of `text` (hex).
    func seal(_ text: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)).hexDigits
    }

    /// True when `seal` is `text`'s (compared in constant time).
    func verifies(_ text: String, seal: String) -> Bool {
        guard let code = [UInt8](hexDigits: seal) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(text.utf8), using: key)
    }
}
