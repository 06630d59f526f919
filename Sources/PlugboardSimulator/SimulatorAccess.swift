import HTTPTypes
import Hummingbird
import PlugboardCore
import Synchronization

/// Who may talk to `plugboard serve`: its own page and the scripts its user runs, never another
/// web page. A page from anywhere can make the browser send requests to 127.0.0.1, so the server
/// checks three things a foreign page cannot fake:
///
/// - `Host` (every request, the WebSocket upgrade too): `127.0.0.1:PORT` or `localhost:PORT`. A
///   DNS-rebinding page reaches the server under its own name (`evil.example:PORT`), so this is
///   what keeps `GET /`, `/state` and `/render.svg` from being read by it; they carry no token.
/// - `Origin`, when there is one (browsers send it on every POST and WebSocket upgrade): the
///   server's own origin only.
/// - The token, on every POST (`X-Plugboard-Token`): made at start, embedded in the page (which
///   only a request with the right `Host` gets, and only the same origin can read), printed for
///   scripts. A header, not a cookie: a foreign page can neither read it nor make the browser
///   send it.
///
/// The port is only known once the server listens (port 0 picks one), so it is set then; until
/// it is, every request is refused.
package final class SimulatorAccess: Sendable {
    /// The header every POST carries the token in.
    package static let tokenHeader = HTTPField.Name("X-Plugboard-Token")!

    package let token: String
    private let listeningPort: Mutex<Int?>

    package init(token: String = SimulatorAccess.randomToken(), port: Int? = nil) {
        self.token = token
        self.listeningPort = Mutex(port)
    }

    /// 32 random bytes in hex: not guessable, and safe in a header and in HTML.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexDigits
    }

    /// Whether `text` can be a token given with `--token`: long enough not to be guessed, and
    /// only characters that need no escaping in a header or in the page.
    package static func isValidToken(_ text: String) -> Bool {
        text.count >= 16 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }
    }

    /// The port the server listens on, once it does.
    package var port: Int? { listeningPort.withLock { $0 } }

    package func listening(on port: Int) {
        listeningPort.withLock { $0 = port }
    }

    /// The `Host` values of this server: both loopback names, with the port (without it only on
    /// port 80, where HTTP leaves it out).
    var hosts: Set<String> {
        guard let port else { return [] }
        let names = ["127.0.0.1", "localhost"]
        return Set(names.map { "\($0):\(port)" } + (port == 80 ? names : []))
    }

    /// This server's origins: the page's own, under either name.
    var origins: Set<String> { Set(hosts.map { "http://\($0)" }) }

    /// Why a request with this `Host` and `Origin` (nil: none sent) is refused; nil: it is not.
    func refusal(host: String?, origin: String?) -> String? {
        guard let host, hosts.contains(host.lowercased()) else {
            let allowed = hosts.sorted().joined(separator: " or ")
            return "Host \(host ?? "(none)") is not this server: plugboard serve answers \(allowed) only"
        }
        if let origin, !origins.contains(origin.lowercased()) {
            return "Origin \(origin) is not this server's page: plugboard serve answers its own page only"
        }
        return nil
    }

    /// Whether `given` is the token, compared in constant time (no timing tells how much of it
    /// was right).
    func isToken(_ given: String?) -> Bool {
        guard let given else { return false }
        let expected = Array(token.utf8)
        let bytes = Array(given.utf8)
        guard bytes.count == expected.count else { return false }
        return zip(bytes, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
