import Foundation
import TestSupport
import Testing

@_spi(Layers) @testable import PlugboardCore
@testable import PlugboardEngine

/// A deep link starts where it points (`--open`, `--restore`, `render --url`, the simulator's
/// reload, a supervisor's restart): the first screens made are the ones the URL names, and the
/// root is told the selection of what it shows, by the root plugin's own record.
@Suite struct StartURLTests {
    static func engine(at url: String, folder: String = Showcase.folder) throws -> AppEngine {
        var launch = EngineLaunch(folder: folder, searchPath: Built.searchPath)
        launch.startURL = url
        return try AppEngine(launch: launch)
    }

    static let lifecycle: Set = ["will_appear", "did_appear", "will_disappear", "did_disappear"]

    @Test func aDeepLinkMakesAndShowsOnlyTheScreensItNames() throws {
        let engine = try Self.engine(at: "app://news/article::42")
        defer { engine.shutdown() }
        let app = try #require(engine.app)
        #expect(engine.ready.startFailure == nil)
        #expect(engine.ready.stateURL == "app://news/article::42")
        #expect(
            app.events.filter { Self.lifecycle.contains($0.name) }.map(\.description) == [
                "will_appear article", "did_appear article",
            ])
        #expect(app.cache.statistics.keys.map { String($0.prefix { $0 != " " }) }.sorted() == ["article", "news"])
    }

    @Test func aScreenBeneathTheOneShownIsMadeButNeverShown() throws {
        let engine = try Self.engine(at: "app://home/shows?contact=v")
        defer { engine.shutdown() }
        let app = try #require(engine.app)
        #expect(engine.ready.stateURL == "app://home/shows?contact=v")
        #expect(
            app.events.filter { Self.lifecycle.contains($0.name) }.map(\.description) == [
                "will_appear contact", "did_appear contact",
            ])
        #expect(app.invariantViolations() == [])
    }

    @Test func aStartURLTheAppCannotReachStartsAtHomeAndSaysWhy() throws {
        let engine = try Self.engine(at: "app://home/nowhere")
        defer { engine.shutdown() }
        #expect(engine.ready.stateURL == "app://home")
        #expect(engine.ready.startFailure == "no screen route 'nowhere'")
    }

    @Test func runOpenStartsThereAndFailsWhenItCannot() throws {
        let opened = try runPlugboard(["run", Showcase.folder, "--open", "app://news/article::42"], input: "events\n")
        #expect(opened.status == 0, "\(opened.stderr)")
        let shown = opened.stdout.split(separator: "\n").filter {
            $0.hasPrefix("will_appear") || $0.hasPrefix("did_appear")
        }
        #expect(shown == ["will_appear article", "did_appear article"])

        let refused = try runPlugboard(["run", Showcase.folder, "--open", "app://home/nowhere"], input: "show\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("app://home/nowhere: no screen route 'nowhere'"), "\(refused.stderr)")
    }

    // MARK: the tab bar's own record of `select_item`

    /// The `select ITEM` lines the tab bar plugin logged (at info level, on standard error).
    static func selections(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains("plugin=tab_bar") }.compactMap { line in
            line.range(of: "] select ").map { "select " + line[$0.upperBound...] }
        }
    }

    static let tabs = PackageRoot.path + "/Examples/Tabs"

    @Test func theTabBarIsToldTheTabOfEveryLinkWhicheverWayItCame() throws {
        let info = ["--log-level", "info"]
        let started = try runPlugboard(["run", Self.tabs, "--open", "app://shows"] + info, input: "show\n")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(Self.selections(started.stderr) == ["select t-shows"])

        let opened = try runPlugboard(["run", Self.tabs] + info, input: "open app://epg\npush shows\n")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(Self.selections(opened.stderr) == ["select t-home", "select t-epg"])

        let rendered = try runPlugboard(["render", Self.tabs, "--url", "app://epg"] + info)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(Self.selections(rendered.stderr) == ["select t-epg"])

        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFile = folder.appendingPathComponent("state").path
        try Data("app://shows\n".utf8).write(to: URL(fileURLWithPath: stateFile))
        let restored = try runPlugboard(
            ["run", Self.tabs, "--state-file", stateFile, "--restore"] + info, input: "show\n")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(Self.selections(restored.stderr) == ["select t-shows"])
    }

    /// A supervised engine that restarts after a plugin crashed comes back where the user was,
    /// having made only that state's screens.
    @Test func aRestartedEngineStartsAtTheLastStateURL() throws {
        let folder = try HostileApp.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        var launch = EngineLaunch(folder: folder.path, searchPath: Built.searchPath)
        launch.startURL = "app://home/fine"
        let supervisor = Supervisor(executable: Built.directory + "/plugboard", launch: launch, callTimeout: 10)
        defer { supervisor.stop() }
        #expect(try supervisor.start().stateURL == "app://home/fine")
        #expect(supervisor.perform(.route([.open("app://tap-crash")])).stateURL == "app://tap-crash")
        let reply = supervisor.perform(.tap(.identifier("corpus-button")))
        #expect(reply.failures.map(\.call?.plugin) == ["broken_tap_crash"])
        #expect(reply.stateURL == "app://tap-crash")
        // The new engine's events: only the screen it came back to was made and shown.
        let opened = reply.events.filter { $0.name == "open" || Self.lifecycle.contains($0.name) }
        #expect(opened.allSatisfy { $0.subject == "tap-crash" }, "\(reply.events)")
        #expect(opened.contains { $0.name == "did_appear" }, "\(reply.events)")
    }
}
