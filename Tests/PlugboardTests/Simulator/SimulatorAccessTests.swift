import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import PlugboardEngine
@testable import PlugboardSimulator

/// Each way another web page could drive `plugboard serve`, through the router
/// (HummingbirdTesting): refused before any route runs, the app unchanged; and the page's own
/// requests still answered.
@Suite(.serialized) struct SimulatorAccessTests {
    typealias Client = SimulatorRouterTests.Client

    /// A request's status and `{"error": …}` (nil when the body is no error).
    static func send(
        _ client: Client, _ method: HTTPRequest.Method, _ path: String, headers: HTTPFields, body: String? = nil
    ) async throws -> (status: HTTPResponse.Status, error: String?) {
        try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        {
            ($0.status, try? JSONDecoder().decode(ErrorBody.self, from: Data(buffer: $0.body)).error)
        }
    }

    /// The app is still on its home screen with nothing presented: the refused tap did nothing.
    static func expectUnchanged(_ client: Client) async throws {
        let state = try await SimulatorRouterTests.state(client, .get, "/state")
        #expect(state.state.url == "app://home" && state.state.presented.isEmpty)
    }

    static let tap = #"{"target": "nav-item:nb-epg"}"#

    @Test func aForeignOriginIsRefusedAndChangesNothing() async throws {
        try await SimulatorRouterTests.withShowcase { client in
            var headers = SimulatorRouterTests.pageHeaders(json: true)
            headers[.origin] = "http://evil.example"
            let tapped = try await Self.send(client, .post, "/tap", headers: headers, body: Self.tap)
            #expect(tapped.status == .forbidden)
            #expect(tapped.error?.contains("Origin http://evil.example") == true, "\(tapped.error ?? "")")
            let command = try await Self.send(
                client, .post, "/command", headers: headers, body: #"{"command": "menu"}"#)
            #expect(command.status == .forbidden)
            headers[.origin] = "null"  // a sandboxed frame or a file
            #expect(try await Self.send(client, .post, "/tap", headers: headers, body: Self.tap).status == .forbidden)
            try await Self.expectUnchanged(client)
        }
    }

    /// A DNS-rebinding page reaches the server under a name that is not its own: here the test
    /// client's `localhost` (port 80) while the server listens on 8080. Nothing is answered,
    /// not even the page (which carries the token).
    @Test func aForeignHostIsRefused() async throws {
        try await SimulatorRouterTests.withShowcase(port: 8080) { client in
            let headers = SimulatorRouterTests.pageHeaders(json: true)
            for (method, path) in [(HTTPRequest.Method.get, "/state"), (.get, "/render.svg"), (.post, "/tap")] {
                let reply = try await Self.send(client, method, path, headers: headers, body: Self.tap)
                #expect(reply.status == .forbidden, "\(path)")
                #expect(reply.error?.contains("Host localhost is not this server") == true, "\(reply.error ?? "")")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(!String(buffer: response.body).contains(SimulatorRouterTests.token))
            }
        }
    }

    @Test func aPostWithoutTheTokenIsRefused() async throws {
        try await SimulatorRouterTests.withShowcase { client in
            let missing: HTTPFields = [.contentType: "application/json"]
            var wrong = missing
            wrong[SimulatorAccess.tokenHeader] = "router-test-token-0123456780"
            for headers in [missing, wrong] {
                let reply = try await Self.send(client, .post, "/tap", headers: headers, body: Self.tap)
                #expect(reply.status == .forbidden)
                #expect(reply.error?.contains("X-Plugboard-Token") == true, "\(reply.error ?? "")")
            }
            #expect(try await Self.send(client, .post, "/menu", headers: [:]).status == .forbidden)
            try await Self.expectUnchanged(client)
        }
    }

    /// What a form or `fetch` with `mode: "no-cors"` can send without the browser asking first.
    @Test func aBodyThatIsNotSaidToBeJSONIsRefused() async throws {
        try await SimulatorRouterTests.withShowcase { client in
            var headers = SimulatorRouterTests.pageHeaders(json: false)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                headers[.contentType] = type
                let reply = try await Self.send(client, .post, "/tap", headers: headers, body: Self.tap)
                #expect(reply.status == .unsupportedMediaType, "\(type)")
                #expect(reply.error?.contains("application/json") == true, "\(reply.error ?? "")")
            }
            headers[.contentType] = nil
            #expect(
                try await Self.send(client, .post, "/tap", headers: headers, body: Self.tap).status
                    == .unsupportedMediaType)
            try await Self.expectUnchanged(client)
        }
    }

    @Test func aBodyCutShortIsRefused() async throws {
        try await SimulatorRouterTests.withShowcase { client in
            let headers = SimulatorRouterTests.pageHeaders(json: true)
            for (path, body) in [("/tap", #"{"target": tru"#), ("/tap", #"{"target": 3"#), ("/back", #"{"x""#)] {
                let reply = try await Self.send(client, .post, path, headers: headers, body: body)
                #expect(reply.status == .badRequest, "\(path) \(body)")
                #expect(reply.error?.hasPrefix("the body is not valid JSON: give ") == true, "\(reply.error ?? "")")
            }
            try await Self.expectUnchanged(client)
        }
    }

    /// The page's own requests: its Host and Origin, the token it carries, JSON.
    @Test func thePagesOwnRequestsAreAnswered() async throws {
        try await SimulatorRouterTests.withShowcase { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                #expect(page.contains(#"<meta name="plugboard-token" content="\#(SimulatorRouterTests.token)">"#))
                #expect(page.contains(#""X-Plugboard-Token": token"#))
            }
            var headers = SimulatorRouterTests.pageHeaders(json: true)
            headers[.origin] = "http://localhost"
            headers[.contentType] = "application/json; charset=utf-8"
            let tapped = try await client.execute(
                uri: "/tap", method: .post, headers: headers, body: ByteBuffer(string: Self.tap)
            ) { response in
                #expect(response.status == .ok)
                return try JSONDecoder().decode(ShellState.self, from: Data(buffer: response.body))
            }
            #expect(tapped.state.presented == [["epg"]])
            #expect(try await Self.send(client, .post, "/close", headers: headers, body: "{}").status == .ok)
            try await Self.expectUnchanged(client)
        }
    }

    @Test func tokensAreRandomAndGivenOnesAreChecked() {
        let token = SimulatorAccess.randomToken()
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        #expect(token != SimulatorAccess.randomToken())
        #expect(SimulatorAccess.isValidToken(token))
        #expect(!SimulatorAccess.isValidToken("short"))
        #expect(!SimulatorAccess.isValidToken("has a space in it, long enough"))
        #expect(!SimulatorAccess.isValidToken(#"quote"-and-angle<-long-enough"#))
    }
}
