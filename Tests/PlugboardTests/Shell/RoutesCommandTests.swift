import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The shell's `routes` command, run as an app builder runs it: list the Showcase's routes,
/// rename one, watch the state URL follow, remove it and watch the app leave the screen.
struct RoutesCommandTests {
    @Test func routesAreListedChangedAndTheStateURLFollows() throws {
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"],
            input: """
                routes
                routes set headlines news stack --duration 250 --curve ease_out --direction from_top
                routes remove news
                select m-news
                routes remove headlines
                routes remove menu
                """)
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 6: routes: 'menu' is the built-in side-menu route"))
        let lines = try ShellStateLine.decodeAll(result.stdout)
        let listed = try #require(lines[1].output)
        #expect(listed.contains("contact → contact (modal)") && listed.contains("menu → the side menu (animation)"))
        #expect(lines[2].output == ["route headlines → news (stack, 250 ms ease_out from_top)"])
        #expect(lines[3].output == ["route news removed"])
        #expect(lines[4].state.url == "app://headlines")  // news, named by the route that is left
        #expect(
            lines[5].output == [
                "route headlines removed",
                "repaired: app://headlines is no longer a state of the app (no route opens 'news' in the stack); now app://home",
            ])
        #expect(lines[5].state.rootStack == ["home"])
    }

    @Test func aMalformedRoutesCommandSaysHowToWriteIt() throws {
        for (command, why) in [
            ("routes set x", "'routes' does not take 'set x'"),
            ("routes set x news sideways", "'routes' does not take 'sideways'"),
            ("routes set x news --duration 20000", "'routes' does not take '--duration 20000'"),
            ("routes remove", "'routes' does not take 'remove'"),
        ] {
            let result = try runPlugboard(["run", Showcase.folder, "--json"], input: command + "\n")
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("line 1: \(why)"), "\(command): \(result.stderr)")
        }
    }
}
