import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import PlugboardEngine

/// The simulator's routes, on 127.0.0.1 only (the app's plugins run on this machine, for this
/// user), for its own page and this user's scripts only: `SimulatorGate` refuses, before any
/// route, a foreign `Host` or `Origin` (403), a POST without `access`'s token (403) and a POST
/// body that is not `application/json` (415). Each user action is a route with a typed body,
/// turned into one `EngineRequest`; `/command` is for scripts, and goes through the shell's own
/// translation (`ShellCommand`).
///
///   GET  /            the page, with the token in it
///   GET  /state       the state as one line of `run --json` (`ShellState`)
///   POST /tap         {"target": 3 | "nav-item:nb-epg"}   → the state, or 400 {"error": …}
///   POST /open        {"url": "app://home/shows"}        → the state, or 400
///   POST /back, /close, /menu  no body or {}           → the state, or 400
///   POST /device      {"device": "tablet"}               → the state, or 400
///   POST /swipe       {"direction": "back", "progress": 0.5, "velocity": 300}  → the state, or 400
///   POST /command     {"command": "back"}                → the state, or 400
///   GET  /render.svg  the drawing
///   GET  /live        WebSocket: a JSON snapshot after every change
package func buildRouter(session: SimulatorSession, access: SimulatorAccess) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.add(middleware: SimulatorGate(access: access))
    let page = SimulatorPage.html(token: access.token)
    router.get("/") { _, _ in SimulatorResponse.text(page, type: "text/html; charset=utf-8") }
    router.get("/render.svg") { _, _ in SimulatorResponse.text(session.svg, type: "image/svg+xml") }
    router.get("/state") { _, _ in SimulatorResponse.answer(session.perform(.state, changes: false)) }
    router.post("/tap") { request, _ in
        try await SimulatorResponse.decoding(TapBody.self, request) { session.perform(.tap($0.target)) }
    }
    router.post("/open") { request, _ in
        try await SimulatorResponse.decoding(OpenBody.self, request) { session.perform(.open($0.url)) }
    }
    for (path, action) in [("/back", EngineRequest.back), ("/close", .close), ("/menu", .menu)] {
        router.post(RouterPath(path)) { request, _ in
            try await SimulatorResponse.decoding(NoBody.self, request) { _ in session.perform(action) }
        }
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
    guard case .state(var state, _) = answer else { return answer }
    state.command = line.trimmingCharacters(in: .whitespaces)
    if command == .help { state.help = ShellSession.helpLines }
    return .state(state, json: nil)
}

/// The simulator's responses: JSON bodies (`ShellState`, `ErrorBody`) and the page's text,
/// never cached (every answer is the app's state now).
enum SimulatorResponse {
    /// The largest request body read (a shell line or a URL is far smaller).
    static let maximumBody = 1 << 20

    /// Decodes the request's JSON body as `Body`, then answers what `perform` does with it; 400
    /// with `Body.expected` when it is not one, and saying so when it is not JSON at all (cut
    /// short, say): the whole body must parse, nothing is guessed from a part of it. A body is
    /// parsed once; only one that is not a `Body` is parsed again, to say which mistake it is.
    static func decoding<Body: SimulatorRequestBody>(
        _ type: Body.Type, _ request: Request, _ perform: (Body) -> SimulatorSession.Answer
    ) async throws -> Response {
        let data = Data(buffer: try await request.body.collect(upTo: maximumBody))
        if data.isEmpty, let empty = Body.empty { return answer(perform(empty)) }
        if let body = try? JSONDecoder().decode(type, from: data) { return answer(perform(body)) }
        guard data.isEmpty || (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else {
            return error("the body is not valid JSON: \(Body.expected)", status: .badRequest)
        }
        return error(Body.expected, status: .badRequest)
    }

    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        json(ErrorBody(error: message), status: status)
    }

    static func answer(_ answer: SimulatorSession.Answer) -> Response {
        switch answer {
        case .state(_, let json?): text(json, type: "application/json")
        case .state(let state, nil): json(state)
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
