import AppTestSupport
import Foundation
import TestSupport
import Testing

/// What an app grants its sandbox (settings.json's `sandbox`) and what a plugin asks for (its
/// manifest's `plugboard.sandbox`), as `lint` and `inspect` show them to whoever reviews the app.
@Suite struct SandboxGrantsCommandTests {
    /// An app whose screen plugin asks for the network and a folder beneath the one granted.
    static func app() throws -> URL {
        var screen = AppFixture.plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true)
        var manifest = screen["plugin"] as! [String: Any]
        var keys = manifest["plugboard"] as! [String: Any]
        keys["sandbox"] = ["network": true, "read": ["/srv/media/posters"]]
        manifest["plugboard"] = keys
        screen["plugin"] = manifest
        let plugins = [
            AppFixture.plugin("test.navbar.swift", type: "nav_bar", library: "TestSwiftPlugins"),
            AppFixture.plugin("test.root.plain", type: "menu", library: "TestSwiftPlugins"), screen,
        ]
        let screens = [
            AppFixture.screen("home", home: true, navigations: [AppFixture.navBar("bar-home")]),
            AppFixture.screen("fine", type: "test.screen.c", navigations: [AppFixture.navBar("bar-fine")]),
        ]
        let folder = try AppFixture(plugins: plugins, screens: screens).write()
        try Data(#"{"sandbox": {"read": ["/srv/media"], "memory_limit_mb": 2048, "scratch_limit_mb": 64}}"#.utf8).write(
            to: folder.appendingPathComponent("settings.json"))
        return folder
    }

    @Test func lintWarnsOfWhatIsAskedAndNotGrantedAndListsTheGrants() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(at: app) }
        let result = try runPlugboard(["lint", app.path, "--plugin-path", Built.directory])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                #"warning: $[2].plugin.plugboard.sandbox: plugin "test.screen.c" asks for the network, which settings.json's "sandbox" does not grant: it runs without"#
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("reading /srv/media/posters"), "granted beneath /srv/media")
        #expect(
            result.stdout.contains("sandbox grants: read /srv/media; memory limit 2048 MiB; scratch limit 64 MiB"),
            "\(result.stdout)")
    }

    @Test func inspectListsTheGrantsAndWhatEachPluginAsks() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(at: app) }
        let result = try runPlugboard(["inspect", app.path, "--plugin-path", Built.directory])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("    asks the sandbox for: network; read /srv/media/posters"), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix(
                "Sandbox grants:\n  read /srv/media\n  memory limit 2048 MiB\n  scratch limit 64 MiB\n"),
            "\(result.stdout)")
    }

    @Test func settingsSayWhatIsWrongWithAGrant() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"sandbox": {"network": "yes", "memory_limit_mb": 10, "scratch_limit_mb": 0, "disk": 1}}"#.utf8)
            .write(
                to: folder.appendingPathComponent("settings.json"))
        let result = try runPlugboard(["lint", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("$.sandbox.network: expected a boolean"), "\(result.stdout)")
        #expect(result.stdout.contains("$.sandbox.memory_limit_mb: must be at least 64"), "\(result.stdout)")
        #expect(result.stdout.contains("$.sandbox.scratch_limit_mb: must be at least 1"), "\(result.stdout)")
        #expect(result.stdout.contains(#"unknown sandbox grant "disk""#), "\(result.stdout)")
    }
}
