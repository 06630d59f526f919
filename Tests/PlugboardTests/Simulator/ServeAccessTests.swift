import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// `plugboard serve` answers its own page and its user's scripts only, seen from outside the
/// real process: what goes past the router (the WebSocket upgrade, the `Host` a browser sends
/// after DNS rebinding, connections left open) and the token it prints.
@Suite struct ServeAccessTests {
    /// A WebSocket upgrade of `/live` from `origin`: the response's head.
    static func upgrade(_ server: ServeProcess, origin: String) throws -> String {
        let connection = try RawConnection(port: server.port)
        try connection.send([
            "GET /live HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "Origin: \(origin)",
        ])
        return try connection.head()
    }

    @Test func aWebSocketFromAForeignOriginIsRefused() throws {
        let server = try ServeProcess([Showcase.folder])
        let foreign = try Self.upgrade(server, origin: "http://evil.example")
        #expect(!foreign.hasPrefix("HTTP/1.1 101"), "\(foreign)")
        #expect(foreign.hasPrefix("HTTP/1.1 4"), "\(foreign)")
        // The page's own origin is upgraded: the refusal is the Origin's doing.
        let own = try Self.upgrade(server, origin: "http://127.0.0.1:\(server.port)")
        #expect(own.hasPrefix("HTTP/1.1 101"), "\(own)")
    }

    /// DNS rebinding: the browser sends the attacker's name as `Host`.
    @Test func aForeignHostIsRefused() throws {
        let server = try ServeProcess([Showcase.folder])
        for host in ["evil.example:\(server.port)", "127.0.0.1:1", "localhost.evil.example"] {
            let connection = try RawConnection(port: server.port)
            try connection.send(["GET /state HTTP/1.1", "Host: \(host)", "Connection: close"])
            let reply = try connection.untilClosed()
            #expect(reply.hasPrefix("HTTP/1.1 403"), "\(host): \(reply)")
            #expect(reply.contains(#"{"error":"Host \#(host) is not this server"#), "\(reply)")
        }
        let own = try RawConnection(port: server.port)
        try own.send(["GET /state HTTP/1.1", "Host: localhost:\(server.port)", "Connection: close"])
        #expect(try own.untilClosed().hasPrefix("HTTP/1.1 200"))
    }

    @Test func thePrintedTokenDrivesTheAppAndNoOtherDoes() async throws {
        let server = try ServeProcess([Showcase.folder])
        #expect(server.token.count == 64)
        let forgery = (server.token.first == "0" ? "1" : "0") + server.token.dropFirst()
        let forged = try await server.call("POST", "/open", json: ["url": "app://home/shows"], token: forgery)
        #expect(forged.status == 403 && forged.body.contains("X-Plugboard-Token"), "\(forged.body)")
        let opened = try await server.call("POST", "/open", json: ["url": "app://home/shows"])
        #expect(opened.status == 200 && ServeProcess.state(opened.body)?["visibleScreen"] as? String == "shows")
    }

    @Test func aTokenGivenWithTheOptionIsTheOne() async throws {
        let server = try ServeProcess([Showcase.folder, "--token", "script-chosen-token-42"])
        #expect(server.token == "script-chosen-token-42")
        let menu = try await server.call("POST", "/menu")
        #expect(menu.status == 200, "\(menu.body)")
    }

    /// A connection that never sends a request is closed after `--idle-timeout`: the end of the
    /// connection is the signal, read as it comes (bounded by `RawConnection`'s read limit).
    @Test func aSilentConnectionIsClosed() throws {
        let server = try ServeProcess([Showcase.folder, "--call-timeout", "1", "--idle-timeout", "1.5"])
        let silent = try RawConnection(port: server.port)
        #expect(try silent.untilClosed() == "")
        // And one left open after a request (keep-alive).
        let kept = try RawConnection(port: server.port)
        try kept.send(["GET /state HTTP/1.1", "Host: 127.0.0.1:\(server.port)"])
        #expect(try kept.untilClosed().hasPrefix("HTTP/1.1 200"))
    }
}
