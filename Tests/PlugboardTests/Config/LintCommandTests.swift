import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardHarness

/// `plugboard lint`, run as the built executable on the fixtures.
@Suite struct LintCommandTests {
    static let plugboard = Built.directory + "/plugboard"
    static let fixtures = PackageRoot.path + "/Tests/Fixtures"

    @Test func aValidAppIsCleanAndExitsZero() throws {
        let result = try run([Self.plugboard, "lint", "app"], in: Self.fixtures)
        #expect(result.status == 0)
        #expect(result.output == "ok: 6 plugins, 4 screens\n")
    }

    @Test func everyErrorIsPrintedAndTheStatusIsOne() throws {
        let result = try run([Self.plugboard, "lint", "broken/nav-bar-several-errors"], in: Self.fixtures)
        #expect(result.status == 1)
        #expect(
            result.output == """
                broken/nav-bar-several-errors/rivers.json:45:30: $[0].navigations[0].styles.state: "ontop" is not one of on_top, overlay, hidden
                broken/nav-bar-several-errors/rivers.json:49:36: $[0].navigations[0].styles.title_color: "#FFF" is not a colour as #AARRGGBB, #RRGGBB or rgba(r, g, b, a)
                2 error(s), 0 warning(s)

                """)
    }

    @Test func warningsAloneExitZero() throws {
        let result = try run([Self.plugboard, "lint", "broken/nav-item-unknown-type"], in: Self.fixtures)
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("0 error(s), 1 warning(s)\n"))
    }

    @Test func singleFilesAndJSONOutput() throws {
        let result = try run(
            [Self.plugboard, "lint", "--json", "--plugins", "real/plugins-fullscreen-example.trailing-comma.json"],
            in: Self.fixtures)
        #expect(result.status == 1)
        let diagnostics = try JSONDecoder().decode([ConfigDiagnostic].self, from: Data(result.output.utf8))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.line == 26)
        #expect(diagnostics.first?.location.column == 5)
        #expect(diagnostics.first?.location.file == "real/plugins-fullscreen-example.trailing-comma.json")

        let rivers = try run([Self.plugboard, "lint", "--rivers", "app/rivers.json"], in: Self.fixtures)
        #expect(rivers.status == 0)
        let manifest = try run(
            [Self.plugboard, "lint", "--manifest", "real/manifest-nav-bar-kan.json"], in: Self.fixtures)
        #expect(manifest.status == 0)
        #expect(manifest.output == "ok: 1 manifest\n")
    }

    @Test func userMistakesGetOneLine() throws {
        let missing = try run([Self.plugboard, "lint", "no-such-app"], in: Self.fixtures)
        #expect(missing.status != 0)
        #expect(missing.output.hasPrefix("Error: 'no-such-app' is not a folder"))
        let nothing = try run([Self.plugboard, "lint"], in: Self.fixtures)
        #expect(nothing.status != 0)
        #expect(nothing.output.hasPrefix("Error: give an app folder, --plugins FILE, --rivers FILE or --manifest FILE"))
        let unreadable = try run([Self.plugboard, "lint", "--plugins", "nope.json"], in: Self.fixtures)
        #expect(unreadable.status == 1)
        #expect(unreadable.output.hasPrefix("nope.json:1:1: $: cannot read the file: "))
    }
}

/// `lint` looks at the libraries a plugins.json names without running them.
struct LintLibraryTests {
    @Test func missingWrongMajorAndNonELFLibrariesAreErrorsAtTheirKey() throws {
        let folder = try AppFixture(
            plugins: [
                AppFixture.plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true),
                AppFixture.plugin("gone", type: "general", library: "NoSuchLibrary", screen: true),
                AppFixture.plugin("old", type: "general", library: "BrokenABIMajor", screen: true),
                AppFixture.plugin("text", type: "general", library: "notes.so", screen: true),
            ],
            screens: [AppFixture.screen("home", home: true)]
        ).write()
        try Data("not a library".utf8).write(to: folder.appendingPathComponent("notes.so"))
        let result = try runPlugboard(["lint", folder.path, "--plugin-path", Built.directory])
        #expect(result.status == 1)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("plugins.json:") }
        #expect(errors.count == 3)
        #expect(result.stdout.hasSuffix("3 error(s), 0 warning(s)\n"))
        #expect(errors.contains { $0.contains("plugin 'gone': plugin library 'NoSuchLibrary' not found") })
        #expect(errors.contains { $0.contains("plugin 'old':") && $0.contains("incompatible with host ABI") })
        #expect(errors.contains { $0.contains("plugin 'text':") && $0.contains("not a loadable shared object") })
        #expect(errors.allSatisfy { $0.contains("plugins.json:") && $0.contains(".plugin.plugboard.library") })
    }

    /// The descriptors, listed in a child process (a library whose entry exits or crashes is a
    /// diagnostic, never the end of lint), must have each manifest's plugin of its kind.
    @Test func descriptorsMustMatchTheManifests() throws {
        let folder = try AppFixture(
            plugins: [
                AppFixture.plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true),
                AppFixture.plugin("wrong.kind", type: "nav_bar", library: "TestScreenC"),
                AppFixture.plugin("someone.else", type: "general", library: "TestScreenC", screen: true),
                AppFixture.plugin("exits", type: "general", library: "BrokenEntryInitExit", screen: true),
            ],
            screens: [AppFixture.screen("home", home: true)]
        ).write()
        let result = try runPlugboard(["lint", folder.path, "--plugin-path", Built.directory])
        #expect(result.status == 1)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("plugins.json:") }
        #expect(errors.count == 3, "\(result.stdout)")
        #expect(
            errors.contains {
                $0.contains(
                    "$[1].plugin.plugboard.library: plugin 'wrong.kind': libTestScreenC.so has no nav_bar plugin 'wrong.kind' (it has: test.screen.c (screen)"
                )
            }, "\(result.stdout)")
        #expect(
            errors.contains {
                $0.contains("plugin 'someone.else': libTestScreenC.so has no screen plugin 'someone.else'")
            })
        #expect(
            errors.contains { $0.contains("plugin 'exits': libBrokenEntryInitExit.so: listing its plugins crashed") },
            "\(result.stdout)")
    }
}
