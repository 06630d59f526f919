import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Output a CI script can trust: each JSON object names its command and line, `events` and
/// `help` print what they say, load problems are in the state and fail a script, handles are
/// numbers, and `lint` says ok.
struct CIOutputTests {
    static func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Standard output and error sent to one file (`2>&1`, a CI log): a failed step's error comes
    /// after the drawings of the steps before it, never in the middle of one.
    @Test func aFailedStepsErrorFollowsTheDrawingsBeforeIt() throws {
        let script = try writeScript(["tap 1", "tap menu-item:m-shows", "back", "state"])
        defer { removeScript(script) }
        let run = try runPlugboard(["run", Showcase.folder, "--script", script], sharingOneFile: true)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "\(script):3: nothing to go back to")
        #expect(lines.filter { $0.hasPrefix("╰") }.count == 3)  // the first screen and two steps, whole
        #expect(lines.dropLast().allSatisfy { !$0.contains("nothing to go back") })
    }

    @Test func everyObjectSaysWhichCommandAndLineItAnswers() throws {
        let result = try runPlugboard(["run", Showcase.folder, "--json"], input: "tap 1\n\n# note\nevents\nhelp\n")
        #expect(result.status == 0)
        let objects = try Self.objects(result.stdout)
        #expect(objects.map { $0["command"] as? String } == ["show", "tap 1", "events", "help"])
        #expect(objects.map { $0["line"] as? Int } == [nil, 1, 4, 5])
        let events = try #require(objects[2]["events"] as? [[String: Any]])
        #expect(events.contains { $0["name"] as? String == "special_action" })
        #expect((objects[3]["help"] as? [String])?.contains { $0.hasPrefix("swipe back|forward") } == true)
        // A tap target's view is the handle a plugin sees: a number, no Swift structure.
        let target = try #require((objects[0]["targets"] as? [[String: Any]])?.first)
        #expect(target["view"] is NSNumber)
        #expect(!result.stdout.contains("rawValue"))
    }

    @Test func loadProblemsAreInTheStateAndFailAScriptUnlessAllowed() throws {
        let folder = try AppFixture(screens: [
            AppFixture.screen(
                "home", home: true,
                navigations: [
                    AppFixture.navBar(), AppFixture.menu(type: "missing_root", items: []),
                ])
        ]).write()
        let arguments = ["run", folder.path, "--plugin-path", Built.directory, "--json"]
        let failing = try runPlugboard(arguments, input: "show\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("--allow-fallbacks"))
        let state = try #require(Self.objects(failing.stdout).last?["state"] as? [String: Any])
        let problems = try #require(state["problems"] as? [String])
        #expect(problems.contains { $0.hasPrefix("error missing_root: plugin library 'NoSuchLibrary' not found") })
        #expect(problems.contains { $0.hasPrefix("fallback builtin.side_menu:") })
        #expect(try runPlugboard(arguments + ["--allow-fallbacks"], input: "show\n").status == 0)
    }

    @Test func lintSaysOkOnSuccess() throws {
        let text = try runPlugboard(["lint", Showcase.folder])
        #expect(text.status == 0 && text.stdout == "ok: 13 plugins, 15 screens\n")
        let json = try runPlugboard(["lint", Showcase.folder, "--json"])
        #expect(json.status == 0 && json.stdout == "[]\n")
    }
}
