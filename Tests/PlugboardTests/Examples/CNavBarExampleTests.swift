import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardHarness
@testable import PlugboardNavigation
@testable import PlugboardRender

/// `Examples/c-nav-bar`: an out-of-tree navigation-bar plugin in C. Each test builds it with
/// `make OUT=<temporary folder>` as its author would (pkg-config flags, `-Werror`), then drives
/// it from the outside with the built `plugboard` command: `check` on the library and on the
/// example app, and `run --script … --json` through a navigation, asserting what the bar shows
/// (its title label, context button and the host's navigation buttons) and what it logs.
@Suite struct CNavBarExampleTests {
    static let example = PackageRoot.path + "/Examples/c-nav-bar"
    static let app = example + "/app"
    static let libraryName = "libexample_c_nav_bar.so"
    static let pluginID = "example.c.nav_bar"

    /// Builds the example into a fresh temporary folder and returns the folder; the caller
    /// removes it.
    func build() throws -> URL {
        let out = try makeTemporaryDirectory()
        let make = try run(["make", "-C", Self.example, "OUT=\(out.path)"])
        try #require(make.status == 0, "\(make.output)")
        #expect(make.output.contains("-Werror"), "\(make.output)")
        #expect(make.output.contains("-pedantic"), "\(make.output)")
        #expect(!make.output.contains("warning"), "\(make.output)")
        try #require(FileManager.default.fileExists(atPath: out.path + "/" + Self.libraryName))
        return out
    }

    /// The result lines of a `plugboard check` text report: test id -> result word.
    func results(_ report: String) -> [String: String] {
        var results: [String: String] = [:]
        for line in report.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2,
                ["passed", "failed", "crashed", "skipped", "warning", "timed"].contains(String(words[0]))
            else { continue }
            let id = words[0] == "timed" && words.count >= 3 ? words[2] : words[1]
            results[String(id.split(separator: ":")[0]), default: ""] = String(words[0])
        }
        return results
    }

    @Test func theLibraryAndTheAppPassCheckAtTheDefaultStrictness() throws {
        let out = try build()
        defer { try? FileManager.default.removeItem(at: out) }

        let library = try runPlugboard(["check", out.path + "/" + Self.libraryName])
        #expect(library.status == 0, "\(library.stdout)\(library.stderr)")
        #expect(library.stdout.contains("strictness 5"), "\(library.stdout)")
        #expect(library.stdout.contains(" 0 failed, 0 crashed, 0 timed out"), "\(library.stdout)")
        #expect(library.stdout.hasSuffix("SUCCESS\n"), "\(library.stdout)")
        let libraryResults = results(library.stdout)
        for id in [
            "instance.create-no-host-calls", "instance.view-calls-accepted", "instance.destroy-releases-views",
            "nav-bar.customize-combinations", "nav-bar.applies-customization", "nav-bar.context-buttons",
            "nav-bar.navigation-buttons", "nav-bar.update-title",
        ] {
            #expect(libraryResults[id] == "passed", "\(id): \(library.stdout)")
        }

        let app = try runPlugboard(["check", Self.app, "--plugin-path", out.path])
        #expect(app.status == 0, "\(app.stdout)\(app.stderr)")
        #expect(app.stdout.contains(" 0 failed, 0 crashed, 0 timed out"), "\(app.stdout)")
        #expect(app.stdout.contains(" 0 warnings"), "\(app.stdout)")
        #expect(app.stdout.contains("\(Self.pluginID) (\(Self.libraryName))"), "\(app.stdout)")
        #expect(results(app.stdout)["descriptors.describe-manifests"] == "passed", "\(app.stdout)")
        #expect(app.stdout.hasSuffix("SUCCESS\n"), "\(app.stdout)")
    }

    /// One line of `plugboard run --json`.
    struct Line: Decodable {
        var command: String?
        var state: AppState
        var targets: [TapTarget]

        /// The bar's tappable views by identifier (`c-nav-bar:…` are the plugin's own,
        /// `nav-item:…` the host's navigation buttons), with their text.
        var bar: [String: String] {
            var found: [String: String] = [:]
            for target in targets {
                guard let id = target.identifier, id.hasPrefix("c-nav-bar:") || id.hasPrefix("nav-item:") else {
                    continue
                }
                found[id] = target.label
            }
            return found
        }

        /// The navigation buttons the state lists (every `nav-item:` view under the bar view).
        var buttons: [String: Bool] {
            Dictionary(uniqueKeysWithValues: state.bar.navigationButtons.map { ($0.id, $0.enabled) })
        }
    }

    /// The messages the example bar logged, in order, from the stderr of `--log-level info`
    /// (`… info plugboard: plugin=example.c.nav_bar [Plugboard] bar 1: init`).
    func barLog(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("plugin=\(Self.pluginID) "), let start = line.firstMatch(of: #/bar \d+: /#) else {
                return nil
            }
            return String(line[start.range.lowerBound...])
        }
    }

    /// True when `expected` appears in `log` in this order (other lines may come between).
    func appearsInOrder(_ expected: [String], in log: [String]) -> Bool {
        var rest = log[...]
        for line in expected {
            guard let index = rest.firstIndex(of: line) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    @Test func theBarFollowsTheUserThroughTheApp() throws {
        let out = try build()
        defer { try? FileManager.default.removeItem(at: out) }
        let commands = [
            "tap cell:1:0",  // Home's connected cell pushes Shows, which has its own bar model
            "tap c-nav-bar:back",  // the bar's back button: button_pressed(BACK)
            "push shows",
            "tap c-nav-bar:title",  // the home button (configuration_json.home_button)
            "tap nav-item:cb-contact",  // the host's button presents Contact Us, with a second bar
            "tap c-nav-bar:close",  // the second bar's close button
            "tap nav-item:cb-contact",  // Contact Us again, from the cache: the same container and bar
            "tap c-nav-bar:close",
            "tap c-nav-bar:menu",  // the menu button: the side menu's special action
        ]
        let script = try writeScript(commands)
        defer { removeScript(script) }
        let result = try runPlugboard([
            "run", Self.app, "--plugin-path", out.path, "--script", script, "--json", "--log-level", "info",
        ])
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.hasNoBacktrace)
        let lines = try result.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Line.self, from: Data($0.utf8))
        }
        try #require(lines.count == commands.count + 1, "\(result.stdout)")
        #expect(lines.map(\.command) == ["show"] + commands)

        // Home: the menu button (the side menu answers special-action), the title, and Home's
        // two nav items as the host's buttons, sized and placed by the bar.
        let home: [String: String] = [
            "c-nav-bar:menu": "Menu", "c-nav-bar:title": "Home", "nav-item:cb-shows": "Shows",
            "nav-item:cb-contact": "Contact",
        ]
        // Shows, pushed: the back button, its title, and its own bar model's one nav item.
        let shows: [String: String] = [
            "c-nav-bar:back": "Back", "c-nav-bar:title": "Shows", "nav-item:cb-help": "Help",
        ]
        // Contact Us, presented: the close button and Home's model (it has none), whose Contact
        // button is disabled there (it targets the visible screen), so it is no tap target.
        let contact: [String: String] = [
            "c-nav-bar:close": "Close", "c-nav-bar:title": "Contact Us", "nav-item:cb-shows": "Shows",
        ]
        let expected: [(bar: [String: String], context: ContextButton, stack: [String], url: String)] = [
            (home, .menu, ["home"], "app://home"),
            (shows, .back, ["home", "shows"], ""),  // the cell's data source is in the URL
            (home, .menu, ["home"], "app://home"),
            (shows, .back, ["home", "shows"], "app://home/shows"),
            (home, .menu, ["home"], "app://home"),
            (contact, .close, ["home"], "app://home?contact=v"),
            (home, .menu, ["home"], "app://home"),
            (contact, .close, ["home"], "app://home?contact=v"),
            (home, .menu, ["home"], "app://home"),
            (home, .menu, ["home"], "app://home?menu=v"),
        ]
        for (line, want) in zip(lines, expected) {
            let step = line.command ?? "?"
            #expect(line.state.bar.plugin == Self.pluginID, "\(step)")
            #expect(line.bar == want.bar, "\(step)")
            #expect(line.state.bar.contextButton == want.context, "\(step)")
            #expect(line.state.rootStack == want.stack, "\(step)")
            if !want.url.isEmpty { #expect(line.state.url == want.url, "\(step)") }
            // The title label shows what the host gave update_title.
            #expect(line.bar["c-nav-bar:title"] == line.state.bar.title, "\(step)")
            #expect(line.state.problems.isEmpty, "\(step): \(line.state.problems)")
        }
        #expect(lines[0].buttons == ["cb-shows": true, "cb-contact": true])
        #expect(lines[1].buttons == ["cb-help": true])
        #expect(lines[5].buttons == ["cb-shows": true, "cb-contact": false])
        #expect(lines[5].state.presented == [["contact"]])
        #expect(lines[6].state.presented.isEmpty)

        // The bar's own log: the host's call order, the buttons remade for another bar model,
        // its taps reported to the host, and a second bar for the presented screen, kept with it
        // in the screen cache when it closes and destroyed at shutdown.
        let log = barLog(result.stderr)
        #expect(
            appearsInOrder(
                [
                    "bar 1: buttons: cb-shows, cb-contact", "bar 1: init", "bar 1: customize home (Home)",
                    "bar 1: title Home", "bar 1: context menu",
                    "bar 1: customize shows (Shows)", "bar 1: buttons: cb-help", "bar 1: title Shows",
                    "bar 1: context back", "bar 1: tap back",
                    "bar 1: customize home (Home)", "bar 1: buttons: cb-shows, cb-contact", "bar 1: title Home",
                    "bar 1: customize shows (Shows)", "bar 1: tap home", "bar 1: customize home (Home)",
                    "bar 2: init", "bar 2: customize contact (Contact Us)", "bar 2: title Contact Us",
                    "bar 2: context close", "bar 2: tap close", "bar 2: tap close",
                    "bar 1: tap menu", "bar 1: destroy", "bar 2: destroy",
                ], in: log), "\(log)")
        #expect(log.filter { $0.hasSuffix(": init") } == ["bar 1: init", "bar 2: init"], "\(log)")
        // No view call of the bar was refused (the host logs those as warnings under its id).
        let complaints = result.stderr.split(separator: "\n").filter {
            $0.contains("plugin=\(Self.pluginID) ") && ($0.contains(" warning ") || $0.contains(" error "))
        }
        #expect(complaints.isEmpty, "\(complaints)")
    }
}
