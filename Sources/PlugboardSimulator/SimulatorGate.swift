import Foundation
import Hummingbird

/// The router's first middleware: every request `SimulatorAccess` refuses is answered 403 (or
/// 415) before any route runs, the WebSocket upgrade of `/live` included (a refused upgrade is
/// no upgrade). A POST must carry the token and, when it has a body, say it is JSON: a foreign
/// page can send `text/plain` without asking the browser's permission (CORS preflight), but not
/// `application/json`, and never a header of its choosing such as the token.
struct SimulatorGate<Context: RequestContext>: RouterMiddleware {
    let access: SimulatorAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let refusal = access.refusal(host: request.head.authority, origin: request.headers[.origin]) {
            return SimulatorResponse.error(refusal, status: .forbidden)
        }
        guard request.method == .post else { return try await next(request, context) }
        guard access.isToken(request.headers[SimulatorAccess.tokenHeader]) else {
            return SimulatorResponse.error(
                "a POST must carry the server's token in \(SimulatorAccess.tokenHeader): plugboard serve prints it "
                    + "when it starts (or takes it with --token)",
                status: .forbidden)
        }
        var request = request
        let body = try await request.collectBody(upTo: SimulatorResponse.maximumBody)
        let type = request.headers[.contentType]
        if body.readableBytes > 0 || type != nil, !Self.isJSON(type) {
            return SimulatorResponse.error(
                "a POST body must be JSON with Content-Type: application/json (got \(type ?? "none"))",
                status: .unsupportedMediaType)
        }
        return try await next(request, context)
    }

    /// `application/json`, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let mediaType = contentType?.split(separator: ";").first else { return false }
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
