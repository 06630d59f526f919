import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import PlugboardEngine

/// The simulator's routes, on 127.0.0.1 only (the app's plugins run on this machine, for this
/// user). Each user action is a route with a typed body, turned into one `EngineRequest`;
/// `/command` is for scripts, and goes through the shell's own translation (`ShellCommand`).
///
///   GET  /            the page
///   GET  /state       the state as one line of `run --json` (`ShellState`)
///   POST /tap         {"target": 3 | "nav-item:nb-epg"}   → the state, or 400 {"error": …}
///   POST /open        {"url": "app://home/shows"}        → the state, or 400
///   POST /back, /close, /menu                           → the state, or 400
///   POST /device      {"device": "tablet"}               → the state, or 400
///   POST /swipe       {"direction": "back", "progress": 0.5, "velocity": 300}  → the state, or 400
///   POST /command     {"command": "back"}                → the state, or 400
///   GET  /render.svg  the drawing
///   GET  /live        WebSocket: a JSON snapshot after every change
package func buildRouter(session: SimulatorSession) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.get("/") { _, _ in SimulatorResponse.text(SimulatorPage.html, type: "text/html; charset=utf-8") }
    router.get("/render.svg") { _, _ in SimulatorResponse.text(session.svg, type: "image/svg+xml") }
    router.get("/state") { _, _ in SimulatorResponse.answer(session.perform(.state, changes: false)) }
    router.post("/tap") { request, _ in
        try await SimulatorResponse.decoding(TapBody.self, request) { session.perform(.tap($0.target)) }
    }
    router.post("/open") { request, _ in
        try await SimulatorResponse.decoding(OpenBody.self, request) { session.perform(.open($0.url)) }
    }
    for (path, action) in [("/back", EngineRequest.back), ("/close", .close), ("/menu", .menu)] {
        router.post(RouterPath(path)) { _, _ in SimulatorResponse.answer(session.perform(action)) }
    }
    router.post("/device") { request, _ in
        try await SimulatorResponse.decoding(DeviceBody.self, request) { session.perform(.device($0.device)) }
    }
    router.post("/swipe") { request, _ in
        try await SimulatorResponse.decoding(SwipeGesture.self, request) { session.perform(.swipe($0)) }
    }
    router.post("/command") { request, _ in
        try await SimulatorResponse.decoding(CommandBody.self, request) { body in
            guard !body.command.contains(where: \.isNewline) else { return .failed(CommandBody.expected) }
            return command(body.command, session: session)
        }
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
    return router
}

/// A shell line from a script, translated by the shell: a request, `help` (the state with the
/// commands), or `quit`, which the server refuses. The state answered names the line, as
/// `run --json` does.
private func command(_ line: String, session: SimulatorSession) -> SimulatorSession.Answer {
    let command: ShellCommand?
    do throws(ShellCommand.ParseError) {
        command = try ShellCommand.parse(line)
    } catch {
        return .failed(error.description)
    }
    let answer: SimulatorSession.Answer
    switch command {
    case .request(let request)?: answer = session.perform(request)
    case .quit?: return .failed("the server keeps the app running: stop plugboard serve itself (Ctrl-C)")
    case .help?, nil: answer = session.perform(.state, changes: false)
    }
    guard case .state(var state) = answer else { return answer }
    state.command = line.trimmingCharacters(in: .whitespaces)
    if command == .help { state.help = ShellSession.helpLines }
    return .state(state)
}

/// The simulator's responses: JSON bodies (`ShellState`, `ErrorBody`) and the page's text,
/// never cached (every answer is the app's state now).
enum SimulatorResponse {
    /// Decodes the request's JSON body as `Body` (400 with `Body.expected` when it is not one),
    /// then answers what `perform` does with it.
    static func decoding<Body: SimulatorRequestBody>(
        _ type: Body.Type, _ request: Request, _ perform: (Body) -> SimulatorSession.Answer
    ) async throws -> Response {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        guard let body = try? JSONDecoder().decode(type, from: Data(buffer: buffer)) else {
            return json(ErrorBody(error: Body.expected), status: .badRequest)
        }
        return answer(perform(body))
    }

    static func answer(_ answer: SimulatorSession.Answer) -> Response {
        switch answer {
        case .state(let state): json(state)
        case .failed(let message): json(ErrorBody(error: message), status: .badRequest)
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        text(ShellSession.json(value, pretty: false), type: "application/json", status: status)
    }

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
