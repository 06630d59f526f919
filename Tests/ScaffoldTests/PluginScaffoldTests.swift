import Foundation
import TestSupport
import Testing

@testable import PlugboardScaffold

/// `plugboard new`: the names it derives, what it refuses, and — from the outside, as an author
/// would — that every kind in every language builds with its one command and passes
/// `plugboard check` (library and app) at the default strictness as made.
@Suite struct PluginScaffoldTests {
    @Test(arguments: [
        ("weather", "weather", "Weather", "Weather"), ("my-bar", "my_bar", "MyBar", "My Bar"),
        ("SideMenu2", "side_menu2", "SideMenu2", "Side Menu2"),
        ("HTTPServer", "http_server", "HTTPServer", "HTTP Server"),
        ("tab_bar", "tab_bar", "TabBar", "Tab Bar"),
    ])
    func namesFollowTheTypedName(name: String, snake: String, pascal: String, display: String) throws {
        let names = try ScaffoldNames(name)
        #expect(names.snake == snake)
        #expect(names.pluginID == snake)
        #expect(names.pascal == pascal)
        #expect(names.display == display)
    }

    @Test(arguments: ["", "9lives", "has space", "dot.name", "café", "../up", String(repeating: "a", count: 49)])
    func badNamesAreRefused(name: String) {
        #expect(throws: ScaffoldError.badName(name)) { try ScaffoldNames(name) }
    }

    static let combinations = PluginScaffold.Kind.allCases.flatMap { kind in
        PluginScaffold.Language.allCases.map { (kind, $0) }
    }

    /// Each of the nine has its sources, build, app and README, no placeholder is left, and the
    /// app's JSON is JSON that names the plugin.
    @Test func everyCombinationIsWholeAndLeavesNoPlaceholder() throws {
        for (kind, language) in Self.combinations {
            let scaffold = try PluginScaffold(
                kind: kind, language: language, name: "my-plugin",
                plugboardRoot: URL(fileURLWithPath: PackageRoot.path),
                executable: "/opt/plugboard")
            let files = Dictionary(uniqueKeysWithValues: try scaffold.files().map { ($0.path, $0.contents) })
            let expected: [String] =
                switch language {
                case .c: ["Makefile", "my_plugin.c"]
                case .swift: ["Package.swift", "exports.map", "Sources/MyPlugin/MyPlugin.swift"]
                case .rust: ["Cargo.toml", "src/lib.rs", "src/plugboard.rs"]
                }
            for path in expected + ["README.md", "app/plugins.json", "app/rivers.json"] {
                #expect(files[path] != nil, "\(kind) \(language): \(path)")
            }
            for (path, contents) in files {
                #expect(contents.firstRange(of: /__[A-Z][A-Z_]*__/) == nil, "\(kind) \(language): \(path)")
            }
            let plugins = try #require(files["app/plugins.json"])
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(plugins.utf8)) as? [[String: Any]])
            let ids = entries.compactMap { ($0["plugin"] as? [String: Any])?["identifier"] as? String }
            #expect(ids.contains("my_plugin"))
            #expect(try JSONSerialization.jsonObject(with: Data(try #require(files["app/rivers.json"]).utf8)) is [Any])
            #expect(
                files["README.md"]?.contains("/opt/plugboard check --plugin-path \(scaffold.library.folder) app")
                    == true)
        }
    }

    @Test func aFolderWithFilesIsNeverWrittenInto() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: mine)
        let scaffold = try PluginScaffold(
            kind: .screen, language: .c, name: "weather", plugboardRoot: URL(fileURLWithPath: PackageRoot.path))
        #expect(throws: ScaffoldError.notEmpty(folder.path)) { try scaffold.write(to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
    }

    @Test func theCommandExplainsWhatItRefuses() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let badName = try runPlugboard(["new", "--kind", "screen", "--lang", "c", "9lives"], in: folder.path)
        #expect(badName.status != 0)
        #expect(badName.stderr.contains("\"9lives\" is not a plugin name"))
        let badKind = try runPlugboard(["new", "--kind", "tab", "--lang", "c", "x"], in: folder.path)
        #expect(badKind.status != 0)
        #expect(badKind.stderr.contains("screen, nav-bar, root"))
        let noCheckout = try runPlugboard(
            ["new", "--kind", "screen", "--lang", "c", "x", "--plugboard-root", folder.path], in: folder.path)
        #expect(noCheckout.status != 0)
        #expect(noCheckout.stderr.contains("no Plugboard checkout at"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The shell commands the scaffold's README names are commands `run`'s `help` lists, and
    /// `new` finds this checkout without being told where it is.
    @Test func theReadmeNamesRealShellCommandsAndNewFindsItsCheckout() throws {
        let template = try String(contentsOfFile: PackageRoot.path + "/Templates/plugin/README.md", encoding: .utf8)
        let sentence = try #require(template.range(of: "`help` lists its commands ("))
        let named = template[sentence.upperBound...].prefix { $0 != ")" }.matches(of: /`([a-z]+)`/).map {
            String($0.output.1)
        }
        #expect(named.count >= 4)
        let help = try runPlugboard(["run", "Examples/Showcase"], input: "help\n")
        let listed = Set(
            help.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        for command in named { #expect(listed.contains(command), "\(command) is not a shell command") }

        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try runPlugboard(["new", "--kind", "screen", "--lang", "c", "x"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
    }

    /// The three kinds of one language, made by the built `plugboard new`, built with their own
    /// command (Swift packages and Rust crates share one build folder, so the SDK is compiled
    /// once), checked as a library and as an app, linted, and — for screens — tapped.
    @Test(arguments: PluginScaffold.Language.allCases)
    func everyKindBuildsAndPassesCheckAsMade(language: PluginScaffold.Language) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("build").path
        for kind in PluginScaffold.Kind.allCases {
            let name = "made-\(kind.rawValue)"
            let made = try runPlugboard(
                [
                    "new", "--kind", kind.rawValue, "--lang", language.rawValue, name, "--plugboard-root",
                    PackageRoot.path,
                ],
                in: folder.path)
            try #require(made.status == 0, "\(made.stderr)")
            let plugin = folder.appendingPathComponent(name).path
            let names = try ScaffoldNames(name)

            let build: [String]
            let libraries: String
            let file: String
            switch language {
            case .c:
                (build, libraries, file) = (["make"], plugin + "/build", "lib\(names.snake).so")
            case .swift:
                (build, libraries, file) = (
                    ["swift", "build", "--scratch-path", shared], shared + "/debug", "lib\(names.pascal).so"
                )
            case .rust:
                (build, libraries, file) = (
                    ["cargo", "build", "--offline", "--release", "--target-dir", shared], shared + "/release",
                    "lib\(names.snake).so"
                )
            }
            let built = try run(build, in: plugin)
            try #require(built.status == 0, "\(kind) \(language): \(built.output)")
            let ownWarnings = built.output.split(separator: "\n").filter {
                $0.contains("warning") && $0.contains(plugin)
            }
            #expect(ownWarnings.isEmpty, "\(kind) \(language): \(built.output)")
            if language == .c {  // the Makefile's own check, with the executable that made it
                let checked = try run(["make", "check"], in: plugin)
                #expect(checked.status == 0, "\(kind): \(checked.output)")
            }

            let library = try runPlugboard(["check", libraries + "/" + file])
            #expect(library.status == 0, "\(kind) \(language): \(library.stdout)")
            #expect(library.stdout.contains(" 0 failed, 0 crashed, 0 timed out"), "\(library.stdout)")
            #expect(library.stdout.contains(" 0 warnings"), "\(kind) \(language): \(library.stdout)")
            let app = try runPlugboard(["check", "--plugin-path", libraries, plugin + "/app"])
            #expect(app.status == 0, "\(kind) \(language): \(app.stdout)")
            let lint = try runPlugboard(["lint", "--plugin-path", libraries, plugin + "/app"])
            #expect(lint.stdout.hasPrefix("ok: "), "\(kind) \(language): \(lint.stdout)\(lint.stderr)")

            if kind == .screen {
                let tapped = try runPlugboard([
                    "render", "--plugin-path", libraries, plugin + "/app", "--steps",
                    "tap \(names.pluginID):button; tap \(names.pluginID):button",
                ])
                #expect(tapped.stdout.contains("Tapped 2 times"), "\(language): \(tapped.stdout)\(tapped.stderr)")
            }
        }
    }
}
