import Foundation
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardNavigation

/// `plugboard run`, run as the built executable on the Showcase app with scripts and standard input.
@Suite struct ShellRunCommandTests {
    /// Text-mode output split into the drawings (from `╭` to the status line) and the other lines.
    struct Transcript {
        var drawings: [TextDrawing] = []
        var other: [String] = []

        init(_ output: String) {
            var current: [String]?
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("╭") { current = [] }
                if current != nil {
                    current!.append(line)
                    if line.hasPrefix("screen: ") {
                        drawings.append(TextDrawing(current!.joined(separator: "\n") + "\n"))
                        current = nil
                    }
                } else if !line.isEmpty {
                    other.append(line)
                }
            }
        }

        /// Each drawing's visible screen, from its status line.
        var screens: [String] {
            drawings.map { drawing in
                let field = drawing.statusLine.components(separatedBy: " · ").first ?? ""
                return String(field.dropFirst("screen: ".count))
            }
        }
    }

    @Test func aScriptDrivesTheShowcaseAndPrintsEachDrawing() throws {
        let script = try writeScript([
            "# the Showcase, driven from a script",
            "",
            "show",
            "tap nav-item:nb-epg",
            "close",
            "menu",
            "select m-shows",
            "select m-home",
            "device tablet",
            "state",
            "events",
            "help",
            "quit",
            "tap 99",  // after quit: not run
        ])
        defer { removeScript(script) }
        let result = try runPlugboard(["run", Showcase.folder, "--script", script])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let transcript = Transcript(result.stdout)
        #expect(transcript.screens == ["home", "home", "epg", "home", "home", "shows", "home", "home"])
        let drawings = transcript.drawings
        try #require(drawings.count == 8)

        // The first drawing: the bar's title and its numbered buttons, and the legend.
        let home = drawings[0]
        #expect(home.gridText.contains("Home"))
        #expect(home.gridText.contains("[2]") && home.gridText.contains("Guide"))
        #expect(home.gridText.contains("[4]Live"))
        #expect(home.footer.contains("[2] Guide (nav-item:nb-epg)"))
        #expect(home.footer.contains("[3] Website (nav-item:nb-web)"))
        #expect(home.footer.contains("[4] Live (nav-item:nb-live)"))
        #expect(home.statusLine.contains("title: Home · context: menu"))
        #expect(drawings[1].output == home.output)  // show draws the same again

        // The guide is presented with a close button; close returns home.
        #expect(drawings[2].gridText.contains("TV Guide"))
        #expect(drawings[2].statusLine.contains("context: close"))
        #expect(drawings[2].statusLine.contains("state: presentation"))
        #expect(drawings[3].output == home.output)

        // The menu opens the side menu's panel over home; its rows are tap targets.
        let menu = drawings[4]
        for row in ["Shows", "Movies", "News", "Kids", "About", "Contact Us", "Settings"] {
            #expect(menu.gridText.contains(row), "\(row)")
        }
        #expect(menu.footer.contains("[6] Shows (menu-item:m-shows)"))
        #expect(!home.gridText.contains("Movies"))

        // Shows, the root's content now, has its own bar and keeps the menu button.
        #expect(drawings[5].statusLine.contains("title: Shows · context: menu"))
        #expect(drawings[5].footer.contains("[2] Feed (nav-item:sb-feed)"))
        #expect(drawings[6].output == home.output)

        // The tablet drawing is wider and says so.
        #expect(drawings[7].columns > home.columns)
        #expect(drawings[7].statusLine.contains("device: tablet 1024×1366"))

        // state (pretty JSON), then events, then help.
        let other = transcript.other
        let open = try #require(other.firstIndex(of: "{"))
        let close = try #require(other.firstIndex(of: "}"))
        let state = try JSONDecoder().decode(
            AppState.self, from: Data(other[open...close].joined(separator: "\n").utf8))
        #expect(state.visibleScreen == "home")
        #expect(state.device == .tablet)
        #expect(state.rootStack == ["home"])
        #expect(state.presented.isEmpty)
        let rest = other[(close + 1)...]
        #expect(rest.contains("did_appear home"))
        #expect(rest.contains("did_appear epg"))
        #expect(rest.contains("did_appear shows"))
        #expect(rest.contains { $0.hasPrefix("tap N|ID ") })
        #expect(rest.contains { $0.hasPrefix("quit ") })
        #expect(rest.last?.hasPrefix("quit ") == true)  // nothing after help: quit stopped the run
    }

    /// Issue 11's walk, as a person would take it: a menu item, a cell, its details, back; a bar
    /// button's screen, close, and again from the cache — each screen with the data it was opened with.
    @Test func menuCellDetailsBackAndACachedBarScreen() throws {
        let steps = [
            "menu", "select m-shows", "tap cell:1:0", "back", "tap nav-item:sb-feed", "close", "tap nav-item:sb-feed",
        ]
        let script = try writeScript(steps)
        defer { removeScript(script) }
        let json = try runPlugboard(["run", Showcase.folder, "--json", "--script", script])
        #expect(json.status == 0, "\(json.stderr)")
        let states = try ShellStateLine.decodeAll(json.stdout).map(\.state)
        try #require(states.count == steps.count + 1)
        #expect(states[2].rootStack == ["shows"] && states[2].bar.contextButton == .menu)
        #expect(states[3].rootStack == ["shows", "show-details"] && states[3].bar.contextButton == .back)
        #expect(states[4].visibleScreen == "shows")
        #expect(states[5].presented == [["applicaster_feed:sb-feed"]] && states[5].bar.contextButton == .close)
        #expect(states[6].state == "root")
        #expect(states[7].presented == [["applicaster_feed:sb-feed"]])
        #expect(states[7].cache.hits == states[5].cache.hits + 1, "the feed screen came back from the cache")
        #expect(states[7].cache.keys.contains { $0.hasPrefix("show-details @ ") && $0.contains("Harbour Lights") })

        let details = try runPlugboard(["render", Showcase.folder, "--steps", "menu; select m-shows; tap cell:1:0"])
        #expect(details.status == 0)
        #expect(details.stdout.contains("Harbour Lights"))
        #expect(details.stdout.contains("A fishing town keeps its secrets"))
    }

    @Test func aLiveDrawerIsDrawnOverTheScreenItWasOpenedOn() throws {
        let drawing = try runPlugboard(["render", Showcase.folder, "--steps", "tap nav-item:nb-live"])
        #expect(drawing.status == 0)
        #expect(drawing.stdout.contains("Harbour Lights"), "home, above the drawer")
        #expect(drawing.stdout.contains("Now streaming"), "the drawer")
        let svg = ParsedSVG(
            try runPlugboard(["render", Showcase.folder, "--format", "svg", "--steps", "tap nav-item:nb-live"]).stdout)
        #expect(svg.elements.contains { $0.attributes["id"] == "root:content" })
        #expect(svg.elements.contains { $0.attributes["id"] == "drawer:content" })
    }

    @Test func aURLButtonIsPrintedAndHandedToTheOpenURLCommand() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("opened.txt").path
        let script = try writeScript(["tap nav-item:nb-web"])
        defer { removeScript(script) }
        let result = try runPlugboard([
            "run", Showcase.folder, "--script", script, "--open-url-command", "printf '%s' > '\(record)'",
        ])
        #expect(result.status == 0)
        #expect(result.stderr == "open URL https://showcase.example/about\n")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "https://showcase.example/about")
    }

    @Test func jsonPrintsOneStatePerCommand() throws {
        let script = try writeScript([
            "tap nav-item:nb-epg",
            "close",
            "tap nav-item:nb-web",
            "# comments and blank lines print nothing",
            "",
            "tap nav-item:nb-live",
            "close",
            "menu",
            "select m-shows",
            "state",
            "help",
        ])
        defer { removeScript(script) }
        let result = try runPlugboard(["run", Showcase.folder, "--json", "--script", script])
        #expect(result.status == 0)
        #expect(result.stderr == "open URL https://showcase.example/about\n")  // the URL button's, for the system
        let lines = try ShellStateLine.decodeAll(result.stdout)
        // The start, then one line for each of the nine commands.
        try #require(lines.count == 10)
        let screens = lines.map(\.state.visibleScreen)
        #expect(
            screens == [
                "home", "epg", "home", "home", "live_drawer:nb-live", "home", "home", "shows", "shows", "shows",
            ])
        #expect(
            lines.map(\.state.state) == [
                "root", "presentation", "root", "root", "presentation", "root", "root", "root", "root", "root",
            ])
        #expect(
            lines.map(\.state.bar.contextButton) == [
                .menu, .close, .menu, .menu, .close, .menu, .menu, .menu, .menu, .menu,
            ])
        #expect(lines[1].state.presented == [["epg"]])
        #expect(lines[7].state.rootStack == ["shows"])
        #expect(lines[0].state.bar.navigationButtons.map(\.id) == ["nb-epg", "nb-web", "nb-live"])
        #expect(lines[7].state.bar.navigationButtons.map(\.id) == ["sb-feed", "sb-mates", "sb-cast"])

        // Targets: numbered from 1; the open menu adds its rows.
        for line in lines { #expect(line.targets.map(\.number) == Array(1...line.targets.count)) }
        #expect(lines[0].targets.first { $0.number == 2 }?.identifier == "nav-item:nb-epg")
        #expect(!lines[5].targets.contains { $0.identifier == "menu-item:m-shows" })
        #expect(lines[6].targets.contains { $0.identifier == "menu-item:m-shows" && $0.label == "Shows" })
        #expect(lines[6].targets.contains { $0.identifier == "menu-item:m-movies" && $0.label == "Movies" })
        #expect(lines[7].targets.first { $0.number == 2 }?.label == "Feed")

        // Each line is one JSON object on one line.
        for line in result.stdout.split(separator: "\n") { #expect(line.hasPrefix("{") && line.hasSuffix("}")) }
    }

    @Test(arguments: [
        (["show", "tap 99"], 2, "no element [99] on screen"),
        (["# at home there is nothing to go back to", "back"], 2, "nothing to go back to"),
        (["", "close"], 2, "no presented screen to close"),
        (["show", "", "jump"], 3, "unknown command 'jump'; type 'help' for the list"),
        (["select nope"], 1, "no menu item 'nope'"),
        (["tap nav-item:nb-epg", "menu"], 2, "no menu button here (a presented screen shows its close button)"),
        (["tap no-such-view"], 1, "no view named 'no-such-view' on screen"),
        (["device watch"], 1, "'device' does not take 'watch'; type 'help'"),
        (["tap"], 1, "'tap' needs an argument; type 'help'"),
    ])
    func aFailingStepStopsTheScriptWithItsFileAndLine(lines: [String], number: Int, message: String) throws {
        // The line after the failing one would present the guide.
        let script = try writeScript(lines + ["tap nav-item:nb-epg", "state"])
        defer { removeScript(script) }
        for json in [false, true] {
            let result = try runPlugboard(["run", Showcase.folder, "--script", script] + (json ? ["--json"] : []))
            #expect(result.status == 1)
            #expect(result.stderr == "\(script):\(number): \(message)\n")
            #expect(!result.stdout.contains("web:nb-web"))
            #expect(!result.stdout.contains("\"visibleScreen\" : "))
            #expect(result.hasNoBacktrace)
            if json {
                let commands = lines[..<(number - 1)].filter { (try? ShellCommand.parse($0)) != nil }.count
                #expect(try ShellStateLine.decodeAll(result.stdout).count == 1 + commands)
            }
        }
    }

    @Test func scriptLinesEndingInCRLFAreNumberedOnce() throws {
        let script = try writeScript("show\r\n# a comment\r\n\r\nback\r\ntap nav-item:nb-epg\r\n", name: "crlf.txt")
        defer { removeScript(script) }
        let result = try runPlugboard(["run", Showcase.folder, "--script", script])
        #expect(result.status == 1)
        #expect(result.stderr == "\(script):4: nothing to go back to\n")
    }

    @Test func standardInputIsReadWhenThereIsNoScript() throws {
        let result = try runPlugboard(["run", Showcase.folder], input: "tap nav-item:nb-epg\n# comment\nclose\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(Transcript(result.stdout).screens == ["home", "epg", "home"])

        let json = try runPlugboard(["run", Showcase.folder, "--json"], input: "menu\nselect m-news\n")
        #expect(json.status == 0)
        #expect(try ShellStateLine.decodeAll(json.stdout).map(\.state.visibleScreen) == ["home", "home", "news"])

        let quit = try runPlugboard(["run", Showcase.folder], input: "quit\ntap nav-item:nb-web\n")
        #expect(quit.status == 0)
        #expect(Transcript(quit.stdout).screens == ["home"])

        let empty = try runPlugboard(["run", Showcase.folder])
        #expect(empty.status == 0)
        #expect(Transcript(empty.stdout).screens == ["home"])
    }

    @Test func aFailingStepOnStandardInputExitsNonZero() throws {
        let result = try runPlugboard(["run", Showcase.folder], input: "show\nback\ntap nav-item:nb-web\n")
        #expect(result.status == 1)
        #expect(result.stderr == "line 2: nothing to go back to\n")
        #expect(Transcript(result.stdout).screens == ["home", "home"])

        let unknown = try runPlugboard(["run", Showcase.folder, "--json"], input: "frobnicate\nstate\n")
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "line 1: unknown command 'frobnicate'; type 'help' for the list\n")
        #expect(try ShellStateLine.decodeAll(unknown.stdout).count == 1)
    }

    @Test func theDeviceOptionAndSingleFiles() throws {
        let tablet = try runPlugboard(["run", Showcase.folder, "--device", "tablet", "--json"])
        #expect(tablet.status == 0)
        #expect(try ShellStateLine.decodeAll(tablet.stdout).first?.state.device == .tablet)

        let files = try runPlugboard(
            [
                "run", "--plugins", Showcase.folder + "/plugins.json", "--rivers", Showcase.folder + "/rivers.json",
                "--json",
            ], input: "tap nav-item:nb-live\n")
        #expect(files.status == 0)
        #expect(files.stderr == "")
        let lines = try ShellStateLine.decodeAll(files.stdout)
        #expect(lines.map(\.state.visibleScreen) == ["home", "live_drawer:nb-live"])
        #expect(lines.first?.state.bar.plugin == "general_nav_bar")
    }

    // MARK: user mistakes: one line, a non-zero status, no backtrace

    @Test func aMissingFolderIsOneLine() throws {
        for command in ["run", "render", "inspect"] {
            let result = try runPlugboard([command, "no-such-app"])
            #expect(result.status != 0, "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(result.errorLines.count == 1, "\(command): \(result.stderr)")
            #expect(result.hasNoBacktrace)
            if command != "inspect" {  // inspect takes a name that is not a folder for a library
                #expect(result.stderr == "Error: 'no-such-app' is not a folder\n", "\(command)")
            }
        }
        let file = try runPlugboard(["run", "README.md"])
        #expect(file.status != 0)
        #expect(file.stderr == "Error: 'README.md' is not a folder\n")
    }

    @Test func aBrokenRiversFileGivesItsDiagnostics() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Showcase.url.appendingPathComponent("plugins.json"), to: folder.appendingPathComponent("plugins.json"))
        try Data("[\n  {\"id\": \"home\",\n   \"name\": }\n]\n".utf8).write(
            to: folder.appendingPathComponent("rivers.json"))
        for command in [["run"], ["render"], ["render", "--format", "svg"], ["inspect"]] {
            let result = try runPlugboard(command + [folder.path], input: "show\n")
            #expect(result.status == 1, "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(
                result.stderr
                    == "Error: \(folder.path)/rivers.json:3:12: $: invalid JSON: expected a value but found \"}\"\n",
                "\(command)")
            #expect(result.hasNoBacktrace)
        }
    }

    @Test func everyDiagnosticOfABrokenAppIsListed() throws {
        let result = try runPlugboard(
            ["run", "broken/nav-bar-several-errors"], in: PackageRoot.path + "/Tests/Fixtures")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(
                #"broken/nav-bar-several-errors/rivers.json:45:30: $[0].navigations[0].styles.state: "ontop" is not one of on_top, overlay, hidden"#
            ))
        #expect(result.stderr.contains("broken/nav-bar-several-errors/rivers.json:49:36: "))
        #expect(result.hasNoBacktrace)
    }

    @Test func aBrokenSettingsFileIsAnError() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["plugins.json", "rivers.json"] {
            try FileManager.default.copyItem(
                at: Showcase.url.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        try Data(#"{"device": "watch"}"#.utf8).write(to: folder.appendingPathComponent("settings.json"))
        let result = try runPlugboard(["run", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: \(folder.path)/settings.json:1:12: $.device: \"watch\" is not one of phone, tablet\n")
    }

    @Test func argumentMistakesAreClear() throws {
        let half = try runPlugboard(["run", "--plugins", Showcase.folder + "/plugins.json"])
        #expect(half.status != 0)
        #expect(half.errorLines.first == "Error: give an app folder, or both --plugins FILE and --rivers FILE")
        #expect(half.hasNoBacktrace)

        let nothing = try runPlugboard(["run"])
        #expect(nothing.status != 0)
        #expect(nothing.errorLines.first == "Error: give an app folder, or both --plugins FILE and --rivers FILE")

        let script = try runPlugboard(["run", Showcase.folder, "--script", "/nonexistent/script.txt"])
        #expect(script.status != 0)
        #expect(script.stdout == "")
        #expect(script.stderr == "Error: cannot read the script '/nonexistent/script.txt'\n")

        let device = try runPlugboard(["run", Showcase.folder, "--device", "watch"])
        #expect(device.status != 0)
        #expect(device.errorLines.first?.hasPrefix("Error: The value 'watch' is invalid for '--device") == true)

        let option = try runPlugboard(["run", Showcase.folder, "--bogus"])
        #expect(option.status != 0)
        #expect(option.errorLines.first == "Error: Unknown option '--bogus'")

        let subcommand = try runPlugboard(["frobnicate"])
        #expect(subcommand.status != 0)
        #expect(subcommand.errorLines.first?.hasPrefix("Error: ") == true)
        for result in [script, device, option, subcommand] { #expect(result.hasNoBacktrace) }
    }
}
