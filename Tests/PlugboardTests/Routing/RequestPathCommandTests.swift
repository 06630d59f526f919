import Foundation
import TestSupport
import Testing

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
