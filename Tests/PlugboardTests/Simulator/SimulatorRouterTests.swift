import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardSimulator

/// The simulator's routes (`buildRouter`) through HummingbirdTesting, without a port: each
/// route's status and decoded body, against the Showcase in a supervised engine.
@Suite(.serialized) struct SimulatorRouterTests {
    typealias Client = any TestClientProtocol

    /// The token of the test's server.
    static let token = "router-test-token-0123456789"

    /// What the page sends: the token, and a JSON body said to be one. HummingbirdTesting's
    /// router client names the server `localhost` (port 80), which `withShowcase` serves as.
    static func pageHeaders(json: Bool) -> HTTPFields {
        var headers: HTTPFields = [SimulatorAccess.tokenHeader: token]
        if json { headers[.contentType] = "application/json" }
        return headers
    }

    /// A route's status and body decoded as `Body`, sent as the page sends it.
    static func call<Body: Decodable>(
        _ client: Client, _ method: HTTPRequest.Method, _ path: String, json: String? = nil, as type: Body.Type
    ) async throws -> (status: HTTPResponse.Status, body: Body) {
        try await client.execute(
            uri: path, method: method, headers: pageHeaders(json: json != nil),
            body: json.map { ByteBuffer(string: $0) }
        ) { response in
            (response.status, try JSONDecoder().decode(Body.self, from: Data(buffer: response.body)))
        }
    }

    /// A route that answers the state: 200 and the state.
    static func state(_ client: Client, _ method: HTTPRequest.Method, _ path: String, json: String? = nil)
        async throws -> ShellState
    {
        let (status, state) = try await call(client, method, path, json: json, as: ShellState.self)
        #expect(status == .ok, "\(path)")
        return state
    }

    /// A route that fails: 400 and why.
    static func error(_ client: Client, _ method: HTTPRequest.Method, _ path: String, json: String? = nil)
        async throws -> String
    {
        let (status, body) = try await call(client, method, path, json: json, as: ErrorBody.self)
        #expect(status == .badRequest, "\(path)")
        return body.error
    }

    /// The Showcase's routes, served as if on `localhost:port` (80: the name the test client
    /// uses; another port makes that name a foreign Host).
    static func withShowcase(port: Int = 80, _ test: @Sendable (Client) async throws -> Void) async throws {
        let launch = EngineLaunch(folder: Showcase.url.path, searchPath: Built.searchPath)
        let session = SimulatorSession(launch: launch, executable: Built.directory + "/plugboard", callTimeout: 5)
        session.start()
        defer { session.stop() }
        let access = SimulatorAccess(token: token, port: port)
        let app = Application(router: buildRouter(session: session, access: access))
        try await app.test(.router, test)
    }

    @Test func thePageAndTheDrawing() async throws {
        try await Self.withShowcase { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let page = String(buffer: response.body)
                #expect(page.contains(#"<div id="device">"#) && page.contains("/live"))
            }
            try await client.execute(uri: "/render.svg", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                #expect(String(buffer: response.body).contains(#"data-screen="home""#))
            }
        }
    }

    @Test func eachActionIsARouteThatAnswersTheState() async throws {
        try await Self.withShowcase { client in
            #expect(try await Self.state(client, .get, "/state").state.visibleScreen == "home")
            let tapped = try await Self.state(client, .post, "/tap", json: #"{"target": "nav-item:nb-epg"}"#)
            #expect(tapped.state.presented == [["epg"]])
            #expect(try await Self.state(client, .post, "/close").state.url == "app://home")
            let menu = try await Self.state(client, .post, "/menu")
            #expect(menu.targets.contains { $0.identifier == "menu-item:m-shows" })
            let selected = try await Self.state(client, .post, "/command", json: #"{"command": "select m-home"}"#)
            #expect(selected.command == "select m-home" && selected.state.visibleScreen == "home")

            let opened = try await Self.state(client, .post, "/open", json: #"{"url": "app://home/shows"}"#)
            #expect(opened.state.visibleScreen == "shows")
            let swiped = try await Self.state(
                client, .post, "/swipe", json: #"{"direction": "back", "progress": 1, "velocity": 500}"#)
            #expect(swiped.state.rootStack == ["home"])
            _ = try await Self.state(client, .post, "/open", json: #"{"url": "app://home/shows"}"#)
            #expect(try await Self.state(client, .post, "/back").state.rootStack == ["home"])
            #expect(try await Self.error(client, .post, "/back") == "nothing to go back to")

            let tablet = try await Self.state(client, .post, "/device", json: #"{"device": "tablet"}"#)
            #expect(tablet.state.device == .tablet)
            #expect(try await Self.state(client, .get, "/state").state.device == .tablet)
        }
    }

    @Test func scriptsSendShellLines() async throws {
        try await Self.withShowcase { client in
            let pushed = try await Self.state(client, .post, "/command", json: #"{"command": "push shows"}"#)
            #expect(pushed.state.visibleScreen == "shows")
            let help = try await Self.state(client, .post, "/command", json: #"{"command": "help"}"#)
            #expect(help.help?.contains { $0.hasPrefix("swipe back|forward") } == true)
            let blank = try await Self.state(client, .post, "/command", json: ##"{"command": "# nothing"}"##)
            #expect(blank.state.visibleScreen == "shows")
            #expect(
                try await Self.error(client, .post, "/command", json: #"{"command": "quit"}"#)
                    == "the server keeps the app running: stop plugboard serve itself (Ctrl-C)")
            #expect(
                try await Self.error(client, .post, "/command", json: #"{"command": "jump"}"#)
                    == "unknown command 'jump'; type 'help' for the list")
        }
    }

    @Test func badRequestsSayWhatToGiveAndChangeNothing() async throws {
        let cases: [(path: String, json: String?, error: String)] = [
            ("/tap", #"{"target": 999}"#, "no element [999] on screen"),
            ("/tap", "{}", TapBody.expected),
            ("/open", nil, OpenBody.expected),
            ("/open", #"{"url": 7}"#, OpenBody.expected),
            ("/command", #"{"command": "back\nback"}"#, CommandBody.expected),
            ("/device", #"{"device": "watch"}"#, DeviceBody.expected),
            ("/swipe", #"{"direction": "up"}"#, SwipeGesture.expected),
            ("/back", "[]", NoBody.expected),
        ]
        try await Self.withShowcase { client in
            for (path, json, expected) in cases {
                let error = try await Self.error(client, .post, path, json: json)
                #expect(error == expected, "\(path) \(json ?? "")")
            }
            let unknownURL = try await Self.error(client, .post, "/open", json: #"{"url": "app://nowhere"}"#)
            #expect(unknownURL.contains("nowhere"), "\(unknownURL)")
            let after = try await Self.state(client, .get, "/state")
            #expect(after.state.url == "app://home")
        }
    }
}
