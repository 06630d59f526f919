import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardLoader
@testable import PlugboardSimulator

/// The session behind the page, with a real supervised engine: every change reaches the pages
/// as a snapshot, and a plugin that crashes is named on the page while the app goes on.
@Suite struct SimulatorSessionTests {
    static func session(_ folder: URL) -> SimulatorSession {
        let launch = EngineLaunch(
            folder: folder.path, pluginsFile: nil, riversFile: nil,
            searchPath: LibrarySearchPath([Built.directory], allowsUnsafeFiles: false), device: nil)
        return SimulatorSession(launch: launch, executable: Built.directory + "/plugboard", callTimeout: 5)
    }

    static func object(_ message: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
    }

    @Test func everyChangeIsPushedAndACrashingPluginIsNamedWhileTheAppGoesOn() async throws {
        let folder = try HostileApp.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Self.session(folder)
        session.start()
        defer { session.stop() }
        let (id, messages) = session.subscribe()
        defer { session.unsubscribe(id) }
        var iterator = messages.makeAsyncIterator()

        let first = try Self.object(try #require(await iterator.next()))
        #expect(first["url"] as? String == "app://home")
        #expect((first["svg"] as? String)?.contains("<svg") == true)
        #expect(first["engine"] as? Int == 1)

        guard case .state = session.perform(.route([.push(key: "fine", data: nil)])) else {
            Issue.record("push fine failed")
            return
        }
        let pushed = try Self.object(try #require(await iterator.next()))
        #expect(pushed["url"] as? String == "app://home/fine")
        #expect((pushed["revision"] as? Int ?? 0) > (first["revision"] as? Int ?? 0))
        #expect((pushed["log"] as? [String])?.contains { $0.hasPrefix("did_appear fine") } == true)

        _ = session.perform(.route([.open("app://home/crash")]))
        let crashed = try Self.object(try #require(await iterator.next()))
        let failures = try #require(crashed["failures"] as? [String])
        #expect(failures.contains { $0.contains("broken_create_crash") && $0.contains("SIGSEGV") }, "\(failures)")
        #expect((crashed["svg"] as? String)?.contains("<svg") == true)  // never a dead page
    }

    @Test func theAnimationOfATransitionIsSentWithItsDuration() async throws {
        let session = Self.session(Showcase.url)
        session.start()
        defer { session.stop() }
        let (id, messages) = session.subscribe()
        defer { session.unsubscribe(id) }
        var iterator = messages.makeAsyncIterator()
        _ = try #require(await iterator.next())  // the page as it connects
        guard case .state = session.perform(.route([.push(key: "shows", data: nil)])) else {
            Issue.record("push shows failed")
            return
        }
        let pushed = try Self.object(try #require(await iterator.next()))
        let animations = try #require(pushed["animations"] as? [[String: Any]])
        let animation = try #require(animations.first)
        #expect(animations.count == 1 && animation["milliseconds"] as? Int == 350)
        #expect((animation["svg"] as? String)?.contains("<animateTransform") == true)
        #expect(pushed["url"] as? String == "app://home/shows")
    }

    /// With no page listening (a script on the API, CI) a change is made at once, unanimated,
    /// and not drawn; the SVG is drawn when asked for, and a page that connects then gets the
    /// app as it is, with nothing left moving.
    @Test func aChangeWithNoPageListeningIsDrawnWhenAskedFor() async throws {
        let session = Self.session(Showcase.url)
        session.start()
        defer { session.stop() }
        #expect(!session.svg.contains("Shows"))
        guard case .state(let pushed, _) = session.perform(.route([.push(key: "shows", data: nil)])) else {
            Issue.record("push shows failed")
            return
        }
        #expect(pushed.state.transition == nil && pushed.state.rootStack == ["home", "shows"], "pushed at once")
        #expect(session.svg.contains("Shows"), "drawn when asked for")
        guard case .state = session.perform(.back) else {
            Issue.record("back failed")
            return
        }
        let (id, messages) = session.subscribe()
        defer { session.unsubscribe(id) }
        var iterator = messages.makeAsyncIterator()
        let connected = try Self.object(try #require(await iterator.next()))
        #expect(connected["url"] as? String == "app://home")
        #expect((connected["svg"] as? String)?.contains("Shows") == false, "the drawing after the back")
        #expect((connected["animations"] as? [Any])?.isEmpty == true)
    }

    /// A composed transition (`push news + present contact`) plays as two movements in turn,
    /// and the app is left at its end, with nothing moving.
    @Test func aComposedTransitionPlaysEachMovementInTurn() async throws {
        let session = Self.session(Showcase.url)
        session.start()
        defer { session.stop() }
        let (id, messages) = session.subscribe()
        defer { session.unsubscribe(id) }
        var iterator = messages.makeAsyncIterator()
        _ = await iterator.next()  // the snapshot a new listener gets
        guard case .state = session.perform(.route([.push(key: "news", data: nil), .present("contact")]))
        else {
            Issue.record("push news + present contact failed")
            return
        }
        let composed = try Self.object(try #require(await iterator.next()))
        let animations = try #require(composed["animations"] as? [[String: Any]])
        #expect(animations.map { $0["milliseconds"] as? Int } == [350, 400])
        #expect(animations.allSatisfy { ($0["svg"] as? String)?.contains("<animateTransform") == true })
        #expect(composed["url"] as? String == "app://home/news?contact=v")
        let state = try #require((composed["state"] as? [String: Any])?["state"] as? [String: Any])
        #expect(state["transition"] == nil)
    }

    /// A changed settings.json reloads the app with its new routes: the page stays at the state
    /// URL, or at the part of it the new routes still open, and the log says what was left out.
    /// Routes changed from the page outlive the reload.
    @Test func aReloadedSettingsFileKeepsWhatTheNewRoutesStillOpen() async throws {
        var fixture = Seed003App.fixture()
        fixture.settings["routes"] = ["sheet": ["screen": "more", "type": "animation"]]
        let folder = try fixture.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = Self.session(folder)
        session.start()
        defer { session.stop() }
        _ = session.perform(.unanimated(.route([.open("app://home/fine?sheet=v")])))
        _ = session.perform(.routes([.init(key: "headlines", screenID: "fine")]))
        guard case .state(let opened, _) = session.perform(.state, changes: false) else {
            Issue.record("state failed")
            return
        }
        #expect(opened.state.url == "app://home/fine?sheet=v")

        fixture.settings["routes"] = nil
        let settings = try JSONSerialization.data(withJSONObject: fixture.settings)
        try settings.write(to: folder.appendingPathComponent("settings.json"))
        session.start()  // what the file watcher does
        let (id, messages) = session.subscribe()
        defer { session.unsubscribe(id) }
        var iterator = messages.makeAsyncIterator()
        let reloaded = try Self.object(try #require(await iterator.next()))
        #expect(reloaded["engine"] as? Int == 2)
        #expect(reloaded["url"] as? String == "app://home/fine")
        #expect(
            (reloaded["log"] as? [String])?.contains(
                "cannot reopen app://home/fine?sheet=v: no route 'sheet'; starting at app://home/fine") == true)
        // The route set from the page before the reload still opens its screen.
        guard case .state(let rooted, _) = session.perform(.unanimated(.route([.root(key: "headlines", data: nil)])))
        else {
            Issue.record("root headlines failed after the reload")
            return
        }
        #expect(rooted.state.rootStack == ["fine"])
    }
}
