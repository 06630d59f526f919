import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `plugboard serve` as a child process on a free loopback port, and HTTP calls to it (from
/// several tasks at once: everything it holds is set when it starts).
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let address: URL
    /// The token the server printed, which every POST carries.
    let token: String
    private let output = Pipe()

    /// Starts `plugboard serve ARGUMENTS --port 0` and waits for its `serving … at URL token:
    /// TOKEN` line. Its standard error goes to `errors` when given.
    init(_ arguments: [String], errors: URL? = nil) throws {
        process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        process.standardOutput = output
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }  // the server ended before listening
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /(http:\/\/127\.0\.0\.1:[0-9]+\/) token: ([0-9A-Za-z._~-]+)\n/),
            let url = URL(string: String(match.1))
        else {
            process.terminate()
            throw ServeError("plugboard serve did not start: \(text)")
        }
        address = url
        token = String(match.2)
    }

    /// The port it listens on.
    var port: Int { address.port ?? 0 }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct ServeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A request's status and body; a POST carries `token` (by default the one printed).
    func call(_ method: String, _ path: String, json: [String: Any]? = nil, token: String? = nil) async throws -> (
        status: Int, body: String
    ) {
        var request = URLRequest(url: address.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = method
        if method == "POST" { request.setValue(token ?? self.token, forHTTPHeaderField: "X-Plugboard-Token") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The `state` object of a state reply.
    static func state(_ body: String) -> [String: Any]? {
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return object?["state"] as? [String: Any]
    }

    /// Asks `GET /state` until `condition` holds (the server reloads on its own after a file
    /// changes): a wait for an event, bounded so a broken reload fails instead of hanging.
    func waitForState(_ condition: (Int, String) -> Bool) async throws -> (status: Int, body: String) {
        for _ in 0..<300 {
            let reply = try await call("GET", "/state")
            if condition(reply.status, reply.body) { return reply }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServeError("the condition never held")
    }
}
