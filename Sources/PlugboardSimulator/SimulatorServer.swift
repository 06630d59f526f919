import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import PlugboardEngine

/// `plugboard serve`: the page, the HTTP API the page and scripts use, and the WebSocket that
/// pushes every change, on 127.0.0.1 only (the app's plugins run on this machine, for this user).
///
///   GET  /            the page
///   GET  /state       the state as one line of `run --json`
///   POST /tap         {"target": 3 | "nav-item:nb-epg"}   → the state, or 400 {"error": …}
///   POST /open        {"url": "app://home/shows"}        → the state, or 400
///   POST /command     {"command": "back"}                → the state, or 400
///   GET  /render.svg  the drawing
///   GET  /live        WebSocket: a JSON snapshot after every change
package struct SimulatorServer: Sendable {
    package let session: SimulatorSession
    package let port: Int
    /// Told the address once the server listens (port 0 picks a free one).
    package var onListening: @Sendable (String) -> Void = { _ in }

    package init(session: SimulatorSession, port: Int) {
        self.session = session
        self.port = port
    }

    package func run() async throws {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let session = session
        router.get("/") { _, _ in Self.response(SimulatorPage.html, type: "text/html; charset=utf-8") }
        router.get("/render.svg") { _, _ in Self.response(session.svg, type: "image/svg+xml") }
        router.get("/state") { _, _ in Self.answer(session.perform(.command("state"), changes: false)) }
        router.post("/tap") { request, _ in
            let body = try await Self.body(request)
            switch body["target"] {
            case let number as NSNumber: return Self.answer(session.perform(.command("tap \(number.intValue)")))
            case let identifier as String where !identifier.contains(where: \.isWhitespace):
                return Self.answer(session.perform(.command("tap \(identifier)")))
            default: return Self.failure("give {\"target\": a tap number or a view identifier}")
            }
        }
        router.post("/open") { request, _ in
            guard let url = try await Self.body(request)["url"] as? String else {
                return Self.failure("give {\"url\": \"app://…\"}")
            }
            return Self.answer(session.perform(.open(url)))
        }
        router.post("/command") { request, _ in
            guard let line = try await Self.body(request)["command"] as? String, !line.contains(where: \.isNewline)
            else { return Self.failure("give {\"command\": a shell command line}") }
            if case .quit? = try? ShellCommand.parse(line) {
                return Self.failure("the server keeps the app running: stop plugboard serve itself (Ctrl-C)")
            }
            return Self.answer(session.perform(.command(line)))
        }
        router.ws("/live") { inbound, outbound, _ in
            let (id, messages) = session.subscribe()
            defer { session.unsubscribe(id) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for try await _ in inbound {} }  // until the page goes away
                group.addTask { for await message in messages { try await outbound.write(.text(message)) } }
                try await group.next()
                group.cancelAll()
            }
        }

        var logger = Logger(label: "plugboard.serve")
        logger.logLevel = .warning
        let onListening = onListening
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "plugboard"),
            onServerRunning: { channel in
                onListening("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/")
            },
            logger: logger)
        let watcher = Task { await FileWatcher(session: session).run() }
        defer {
            watcher.cancel()
            session.stop()
        }
        try await app.runService()
    }

    // MARK: HTTP helpers

    static func body(_ request: Request) async throws -> [String: Any] {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        return (try? JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any]) ?? [:]
    }

    static func answer(_ answer: SimulatorSession.Answer) -> Response {
        switch answer {
        case .state(let json): response(json, type: "application/json")
        case .failed(let message): failure(message)
        }
    }

    static func failure(_ message: String) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: ["error": message])) ?? Data()
        return response(String(decoding: data, as: UTF8.self), type: "application/json", status: .badRequest)
    }

    static func response(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
