import Foundation
import TestSupport
import Testing

@testable import PlugboardEngine

/// The request path's bugs as an app builder found them: ordinary shell commands and URLs on the
/// Showcase, through the real `plugboard` and its plugins.
@Suite struct RequestPathCommandTests {
    static func states(_ commands: [String], _ arguments: [String] = []) throws -> (CommandResult, [ShellStateLine]) {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"] + arguments, input: commands.joined(separator: "\n") + "\n")
        return (result, try ShellStateLine.decodeAll(result.stdout))
    }

    @Test func presentContactPresentHomeCloseCloseEndsAtHome() throws {
        let (result, lines) = try Self.states(["present contact", "present home", "close", "close"])
        #expect(result.status == 0, "\(result.stderr)")
        try #require(lines.count == 5)
        #expect(lines[2].state.presented == [["contact"], ["home"]])
        #expect(lines[2].state.rootStack == ["home"])
        #expect(lines[4].state.rootStack == ["home"])
        #expect(lines[4].state.visibleScreen == "home")
        #expect(lines[4].state.url == "app://home")
    }

    @Test func aLinkPresentingHomeOverContactReopensAndClosesBackToHome() throws {
        let (result, lines) = try Self.states(["open app://home?contact=v&home=v", "close", "close"])
        #expect(result.status == 0, "\(result.stderr)")
        try #require(lines.count == 4)
        #expect(lines[1].state.url == "app://home?contact=v&home=v")
        #expect(lines[3].state.url == "app://home")
        #expect(lines[3].state.rootStack == ["home"])
    }

    @Test func aURLPartTheAppCannotReachFailsTheRunWithItsName() throws {
        let result = try runPlugboard(["run", Showcase.folder, "--open", "app://home/shows?menu=v"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("menu=v: the side menu opens only over a lone root screen"))
    }
}

/// The engine's `open` (the simulator's address field, `--open`, a restarted engine) and the
/// shell's `open` are one path, with one rule while a transition runs.
@Suite struct EngineOpenTests {
    @Test func openIsRefusedWhileATransitionRunsWhicheverWayItCame() throws {
        let engine = try AppEngine(launch: EngineLaunch(folder: Showcase.folder, searchPath: Built.searchPath))
        defer { engine.shutdown() }
        #expect(engine.handle(.clock(.virtual)).succeeded)
        #expect(engine.handle(.route([.push(key: "shows", data: nil)])).succeeded)
        let direct = engine.handle(.open("app://home?contact=v"))
        let shell = engine.handle(try #require(try Self.request("open app://home?contact=v")))
        #expect(!direct.succeeded && !shell.succeeded)
        #expect(direct.text == shell.text)
        #expect(direct.text.contains("a transition is running"))
        #expect(engine.handle(.wait(1_000)).succeeded)
        #expect(engine.handle(.open("app://home?contact=v")).succeeded)
    }

    static func request(_ line: String) throws -> EngineRequest? {
        guard case .request(let request)? = try ShellCommand.parse(line) else { return nil }
        return request
    }
}
