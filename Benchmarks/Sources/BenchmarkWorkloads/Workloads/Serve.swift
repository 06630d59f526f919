import Foundation
import Glibc
import PlugboardEngine

/// The simulator's API as a script uses it: `POST /tap` on the Guide button and `POST /close`
/// to a running `plugboard serve` (no page open, so each change is made at once), each answered
/// with the state, against the same two engine requests to a supervised engine in this process
/// (what the server asks its engine for them, without HTTP and the server).
enum Serve {
    static let token = "plugboard-bench-token-0123456789"

    static func make(_ context: BenchContext) throws -> Comparison {
        let server = try ServeProcess(executable: context.plugboard, folder: context.showcase.path, token: token)
        let client = try HTTPClient(port: server.port, token: token)
        let supervisor = Supervisor(
            executable: context.plugboard,
            launch: {
                var launch = EngineLaunch(folder: context.showcase.path, searchPath: context.searchPath)
                launch.includesState = true  // as the server's engine: every reply carries the state
                return launch
            }(), callTimeout: 5)
        _ = try supervisor.start()
        var comparison = Comparison(
            name: "serve-tap", summary: "POST /tap (the Guide) and POST /close to plugboard serve, no page open",
            subject: { count in
                withExtendedLifetime(server) {}  // the server runs as long as this is measured
                for _ in 0..<count {
                    try client.post("/tap", #"{"target":"\#(Tap.button)"}"#)
                    try client.post("/close", "")
                }
            },
            baselineName: "the same tap and close to a supervised engine",
            baseline: { count in
                for _ in 0..<count {
                    _ = supervisor.perform(.unanimated(.tap(.identifier(Tap.button))))
                    _ = supervisor.perform(.unanimated(.close))
                }
            },
            goal: .ratio(atMost: 1.5))
        comparison.note = "the server's engine and this one both supervised; HTTP on one kept-alive connection"
        return comparison
    }
}

/// `plugboard serve FOLDER --port 0`, running until this object goes or the bench exits; its
/// port read from the line it prints.
final class ServeProcess {
    private let process = Process()
    /// Kept open: the server writes to it, and a closed pipe would end it with SIGPIPE.
    private let output = Pipe()
    let port: Int

    /// Every server still running, stopped at exit: a server outliving the bench would hold its
    /// port and an engine process.
    nonisolated(unsafe) private static var running: [Process] = []
    private static let stopAtExit: Void = { atexit { ServeProcess.running.forEach { $0.terminate() } } }()

    init(executable: String, folder: String, token: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve", folder, "--port", "0", "--token", token]
        let pipe = output
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        Self.stopAtExit
        try process.run()
        Self.running.append(process)
        // "serving FOLDER at http://127.0.0.1:PORT token: TOKEN"
        var line = Data()
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
            let port = address.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) })
        else {
            process.terminate()
            throw BenchError("plugboard serve printed no address: \(text)")
        }
        self.port = port
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        Self.running.removeAll { $0 === process }
    }
}

/// A blocking HTTP/1.1 client on one kept-alive connection: what a script's requests cost, with
/// nothing of a client library's own machinery (Foundation's URLSession on Linux runs each
/// request through libcurl on another thread). Bodies are read by their Content-Length.
final class HTTPClient {
    private let socket: Int32
    private let port: Int
    private let token: String

    init(port: Int, token: String) throws {
        self.port = port
        self.token = token
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BenchError("cannot connect to 127.0.0.1:\(port)") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(socket) }

    /// POSTs `body` (JSON, or empty) to `path`; throws unless the answer is 200.
    @discardableResult
    func post(_ path: String, _ body: String) throws -> String {
        var request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Plugboard-Token: \(token)\r\n"
        if !body.isEmpty { request += "Content-Type: application/json\r\n" }
        request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            guard wrote > 0 else { throw BenchError("POST \(path): the connection closed") }
            sent += wrote
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = Self.headerEnd(received) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").lazy.compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                if received.count >= end + 4 + length {
                    guard head.hasPrefix("HTTP/1.1 200") else {
                        throw BenchError("POST \(path): \(head.prefix { $0 != "\r" })")
                    }
                    return String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw BenchError("POST \(path): the connection closed") }
            received += buffer[..<count]
        }
    }

    /// Where the header ends (the index of its blank line's "\r\n\r\n"), if it has.
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
