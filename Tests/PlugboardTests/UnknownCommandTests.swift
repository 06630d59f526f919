import TestSupport
import Testing

/// `plugboard` with a first argument that names no command, as a user mistypes one.
@Suite struct UnknownCommandTests {
    static let commands =
        "Commands: run, render, call, inspect, lint, check, route, new, serve. See 'plugboard --help'."

    @Test func aMisspeltCommandIsNamedWithTheOneItLikelyMeant() throws {
        let run = try runPlugboard(["chekc", "Examples/Showcase"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "Error: 'chekc' is not a plugboard command; did you mean 'check'?\n\(Self.commands)\n")
    }

    @Test func aWordFarFromEveryCommandGetsNoGuess() throws {
        let run = try runPlugboard(["frobnicate"])
        #expect(run.status == 64)
        #expect(run.stderr == "Error: 'frobnicate' is not a plugboard command\n\(Self.commands)\n")
    }

    @Test func helpAndOptionsAreNotCommandsToGuess() throws {
        #expect(try runPlugboard(["help"]).stdout.contains("USAGE: plugboard <subcommand>"))
        #expect(try runPlugboard(["--version"]).status == 0)
        #expect(try runPlugboard(["render", "--help"]).status == 0)
    }
}
