import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import PlugboardHarness

/// `plugboard serve` from the outside: the HTTP API against the real plugins, a configuration
/// error shown instead of the device, and the reload when the app's files change.
@Suite struct ServeCommandTests {
    @Test func theAPIDrivesTheRealPlugins() async throws {
        let server = try ServeProcess([Showcase.folder])
        let start = try await server.call("GET", "/state")
        #expect(start.status == 200)
        #expect(ServeProcess.state(start.body)?["visibleScreen"] as? String == "home")

        let tapped = try await server.call("POST", "/tap", json: ["target": "nav-item:nb-epg"])
        #expect(tapped.status == 200, "\(tapped.body)")
        #expect((ServeProcess.state(tapped.body)?["presented"] as? [Any])?.isEmpty == false)
        let closed = try await server.call("POST", "/command", json: ["command": "close"])
        #expect(ServeProcess.state(closed.body)?["url"] as? String == "app://home")

        let opened = try await server.call("POST", "/open", json: ["url": "app://home/shows"])
        #expect(ServeProcess.state(opened.body)?["visibleScreen"] as? String == "shows", "\(opened.body)")
        let svg = try await server.call("GET", "/render.svg")
        #expect(try XMLDocument(xmlString: svg.body).rootElement()?.name == "svg")
        #expect(svg.body.contains(#"data-screen="shows""#))
        let page = try await server.call("GET", "/")
        #expect(page.body.contains(#"<div id="device">"#) && page.body.contains("/live"))

        // Bad requests: 400 with the reason, the app unchanged.
        let badURL = try await server.call("POST", "/open", json: ["url": "app://nowhere"])
        #expect(badURL.status == 400 && badURL.body.contains("error"))
        let badTarget = try await server.call("POST", "/tap", json: ["target": 999])
        #expect(badTarget.status == 400)
        let quit = try await server.call("POST", "/command", json: ["command": "quit"])
        #expect(quit.status == 400 && quit.body.contains("Ctrl-C"))
        let noBody = try await server.call("POST", "/command")
        #expect(noBody.status == 400 && noBody.body.contains("command"))
        let after = try await server.call("GET", "/state")
        #expect(ServeProcess.state(after.body)?["url"] as? String == "app://home/shows")
    }

    /// A broken rivers.json: the error (file:line:column) instead of the app; once fixed on
    /// disk, the app comes up by itself.
    /// A port another server holds: the system's reason and what to do, not NIO's function names.
    @Test func aTakenPortSaysSoAndWhatToDo() throws {
        let first = try ServeProcess([Showcase.folder])
        let second = try runPlugboard(["serve", Showcase.folder, "--port", "\(first.port)"])
        #expect(second.status == 1)
        #expect(
            second.stderr
                == "Error: cannot serve on 127.0.0.1:\(first.port): Address already in use: another server is "
                + "listening on port \(first.port); --port chooses another (0: any free one)\n")
    }

    /// A folder that is not there ends the command at once, as `run` does, rather than serving
    /// a page that waits for it.
    @Test func aMissingFolderIsAnError() throws {
        let result = try runPlugboard(["serve", "/no/such/app", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: '/no/such/app' is not a folder\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aConfigurationErrorIsShownUntilTheFileIsFixed() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["plugins.json", "rivers.json", "settings.json"] {
            try FileManager.default.copyItem(
                at: Showcase.url.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let rivers = folder.appendingPathComponent("rivers.json")
        let good = try Data(contentsOf: rivers)
        try Data("[\n  {\"id\": \"home\",, }\n]".utf8).write(to: rivers)

        let server = try ServeProcess([folder.path])
        let broken = try await server.call("GET", "/state")
        #expect(broken.status == 400)
        #expect(broken.body.contains("rivers.json:2:"), "\(broken.body)")

        try good.write(to: rivers)
        let fixed = try await server.waitForState { status, _ in status == 200 }
        #expect(ServeProcess.state(fixed.body)?["visibleScreen"] as? String == "home")
    }

    /// The app's JSON changes while a screen is open: a new engine, the same state URL, the
    /// change visible.
    @Test func aChangedFileReloadsAtTheSameStateURL() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["plugins.json", "rivers.json", "settings.json", "feeds"] {
            try FileManager.default.copyItem(
                at: Showcase.url.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let server = try ServeProcess([folder.path])
        let opened = try await server.call("POST", "/open", json: ["url": "app://home/shows"])
        #expect(Self.title(opened.body) == "Shows", "\(opened.body)")

        let rivers = folder.appendingPathComponent("rivers.json")
        let text = try String(contentsOf: rivers, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""name": "Shows""#, with: #""name": "Series""#).utf8).write(to: rivers)
        let reloaded = try await server.waitForState { _, body in Self.title(body) == "Series" }
        #expect(ServeProcess.state(reloaded.body)?["url"] as? String == "app://home/shows")
    }

    /// A reload starts the new engine at the page's state URL: the tab bar (its own log) is told
    /// the tab of that screen, and Home is never made again.
    @Test func aReloadStartsAtThePagesStateWithItsTabSelected() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["plugins.json", "rivers.json"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: PackageRoot.path + "/Examples/Tabs/\(name)"),
                to: folder.appendingPathComponent(name))
        }
        let log = folder.appendingPathComponent("stderr")
        let server = try ServeProcess([folder.path, "--log-level", "info"], errors: log)
        let opened = try await server.call("POST", "/open", json: ["url": "app://shows"])
        #expect(ServeProcess.state(opened.body)?["url"] as? String == "app://shows", "\(opened.body)")

        let rivers = folder.appendingPathComponent("rivers.json")
        let text = try String(contentsOf: rivers, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""name": "Shows""#, with: #""name": "Series""#).utf8).write(to: rivers)
        let reloaded = try await server.waitForState { _, body in Self.title(body) == "Series" }
        #expect(ServeProcess.state(reloaded.body)?["url"] as? String == "app://shows")
        let selections = StartURLTests.selections(try String(contentsOf: log, encoding: .utf8))
        #expect(selections == ["select t-home", "select t-shows", "select t-shows"])
    }

    /// A plugin that never returns holds the request that called it for `--call-timeout`, then
    /// is left out (its screen the error screen) and the request is answered; a request made
    /// meanwhile on another connection is answered too (handlers run on the server's event
    /// loops, one of which waited for the engine), and the app goes on.
    @Test func aHangingPluginHoldsItsRequestForTheCallTimeoutOnly() async throws {
        let app = try HostileApp.write()
        defer { try? FileManager.default.removeItem(at: app) }
        let server = try ServeProcess([app.path, "--plugin-path", Built.directory, "--call-timeout", "1"])
        async let hung = server.call("POST", "/open", json: ["url": "app://home/loop"])
        async let page = server.call("GET", "/")
        let (opened, shown) = try await (hung, page)
        // The screen is shown as the error screen, its plugin left out and named.
        #expect(opened.status == 200 && ServeProcess.state(opened.body)?["url"] as? String == "app://home/loop")
        let problems = ServeProcess.state(opened.body)?["problems"] as? [String] ?? []
        #expect(
            problems.contains { $0.contains("no return within 1 s (--call-timeout) in will_appear") }, "\(problems)")
        #expect(shown.status == 200 && shown.body.contains(#"<div id="device">"#))
        let after = try await server.call("POST", "/open", json: ["url": "app://home/fine"])
        #expect(ServeProcess.state(after.body)?["visibleScreen"] as? String == "fine", "\(after.body)")
    }

    /// The bar's title in a state reply.
    static func title(_ body: String) -> String? {
        (ServeProcess.state(body)?["bar"] as? [String: Any])?["title"] as? String
    }
}
