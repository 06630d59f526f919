import Foundation
import TestSupport
import Testing

@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardNavigation
@testable import PlugboardRender

/// The shell's parser (the one translation of typed lines into engine requests), and
/// `ShellSession` driving a launched Showcase app through an engine in this process.
@Suite struct ShellCommandTests {
    // MARK: parsing

    @Test(arguments: [
        ("tap 3", ShellCommand.request(.tap(.number(3)))),
        ("tap nav-item:nb-web", .request(.tap(.identifier("nav-item:nb-web")))),
        ("  TAP   two  words ", .request(.tap(.identifier("two words")))),
        ("back", .request(.back)),
        ("close", .request(.close)),
        ("menu", .request(.menu)),
        ("select m-shows", .request(.select("m-shows"))),
        ("device phone", .request(.device(.phone))),
        ("device TABLET", .request(.device(.tablet))),
        ("show", .request(.show)),
        ("more", .request(.more)),
        ("state", .request(.state)),
        ("events", .request(.events)),
        ("help", .help),
        ("?", .help),
        ("quit", .quit),
        ("exit", .quit),
        ("\tBack\t", .request(.back)),
        ("open app://home/shows?menu=v", .request(.route([.open("app://home/shows?menu=v")]))),
        ("push show-details::42", .request(.route([.push(key: "show-details", data: "42")]))),
        ("root news", .request(.route([.root(key: "news", data: nil)]))),
        ("pop", .request(.route([.pop(1)]))),
        ("pop 2", .request(.route([.pop(2)]))),
        ("swipe back", .request(.swipe(SwipeGesture(.back)))),
        ("wait 175", .request(.wait(175))),
        ("clock virtual", .request(.clock(.virtual))),
        (
            "swipe forward --from 300 --progress 0.3 --velocity 500",
            .request(.swipe(SwipeGesture(.forward, from: 300, progress: 0.3, velocity: 500)))
        ),
        (
            "push shows + present contact + dismiss menu",
            .request(.route([.push(key: "shows", data: nil), .present("contact"), .dismiss("menu")]))
        ),
        ("back --unanimated", .request(.unanimated(.back))),
        ("tap 3 --unanimated ", .request(.unanimated(.tap(.number(3))))),
        (
            "push shows + present contact --unanimated",
            .request(.unanimated(.route([.push(key: "shows", data: nil), .present("contact")])))
        ),
    ])
    func everyCommandParses(line: String, command: ShellCommand) throws {
        #expect(try ShellCommand.parse(line) == command)
    }

    @Test(arguments: ["", "   ", "\t", "# a comment", "  #tap 3", "#"])
    func blankLinesAndCommentsAreNothing(line: String) throws {
        #expect(try ShellCommand.parse(line) == nil)
    }

    @Test func everyCommandOfTheUsageParses() throws {
        // The usage's first word of each entry is a command the parser knows.
        for (usage, _) in ShellCommand.usage {
            let words = usage.split(separator: " ")
            var line = String(words[0])
            if words.count > 1 {
                line +=
                    [
                        "device": " phone", "pop": " 2", "swipe": " back", "clock": " virtual", "wait": " 100",
                        "back": " --unanimated", "routes": " remove x", "scroll": " 30",
                    ][
                        String(words[0])] ?? " x"
            }
            #expect(try ShellCommand.parse(line) != nil, "\(usage)")
        }
        #expect(ShellCommand.usage.count == 26)
    }

    @Test(arguments: [
        ("frobnicate", ShellCommand.ParseError.unknown("frobnicate")),
        ("state --unanimated", .badArgument("state", "--unanimated")),
        ("wait 100 --unanimated", .badArgument("wait", "--unanimated")),
        ("Jump now", .unknown("jump")),
        ("tap", .missingArgument("tap")),
        ("tap   ", .missingArgument("tap")),
        ("select", .missingArgument("select")),
        ("device", .missingArgument("device")),
        ("device watch", .badArgument("device", "watch")),
        ("swipe", .missingArgument("swipe")),
        ("wait -5", .badArgument("wait", "-5")),
        ("clock fast", .badArgument("clock", "fast")),
        ("swipe up", .badArgument("swipe", "up")),
        ("swipe back --speed 3", .badArgument("swipe", "--speed")),
        ("swipe back --progress", .badArgument("swipe", "--progress")),
        ("swipe back --progress lots", .badArgument("swipe", "--progress lots")),
        ("device phone tablet", .badArgument("device", "phone tablet")),
        ("back 2", .badArgument("back", "2")),
        ("close now", .badArgument("close", "now")),
        ("menu x", .badArgument("menu", "x")),
        ("show all", .badArgument("show", "all")),
        ("state x", .badArgument("state", "x")),
        ("events x", .badArgument("events", "x")),
        ("help tap", .badArgument("help", "tap")),
        ("quit now", .badArgument("quit", "now")),
        ("back # comment", .badArgument("back", "# comment")),
    ])
    func mistakesAreParseErrors(line: String, error: ShellCommand.ParseError) {
        #expect(throws: error) { try ShellCommand.parse(line) }
    }

    @Test func parseErrorsSayWhatToDo() {
        #expect(
            ShellCommand.ParseError.unknown("jump").description == "unknown command 'jump'; type 'help' for the list")
        #expect(ShellCommand.ParseError.missingArgument("tap").description == "'tap' needs an argument; type 'help'")
        #expect(
            ShellCommand.ParseError.badArgument("device", "watch").description
                == "'device' does not take 'watch'; type 'help'")
    }

    // MARK: the session

    static func session() throws -> (ShellSession, PlugboardApp) {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        return (ShellSession(app: app), app)
    }

    /// What the session prints after a change: the screen as text.
    static func drawing(_ app: PlugboardApp) -> String { TextRenderer.render(app, terminal: nil) }

    @Test func blankLinesCommentsAndMistakesThroughTheSession() throws {
        let (session, app) = try Self.session()
        defer { app.shutdown() }
        let blank = session.run(line: "   ")
        #expect(blank.succeeded && blank.output.isEmpty && !blank.quit)
        let comment = session.run(line: "# tap 2")
        #expect(comment.succeeded && comment.output.isEmpty)
        let unknown = session.run(line: "jump")
        #expect(!unknown.succeeded)
        #expect(unknown.output == "unknown command 'jump'; type 'help' for the list")
        #expect(app.state.visibleScreen == "home")
        let quit = session.run(line: "quit")
        #expect(quit.succeeded && quit.quit)
    }

    @Test func tapsBackCloseMenuAndSelectChangeTheState() throws {
        let (session, app) = try Self.session()
        defer { app.shutdown() }
        #expect(Self.drawing(app).contains("screen: home"))

        // Tap by number: [2] is the Guide button (nb-epg): presented from the bar, close dismisses it.
        let guide = try #require(app.tapTargets.first { $0.identifier == "nav-item:nb-epg" })
        #expect(guide.number == 2)
        let tapped = session.run(line: "tap 2")
        #expect(tapped.succeeded)
        #expect(tapped.output == Self.drawing(app))
        #expect(app.state.presented == [["epg"]])
        #expect(app.state.bar.contextButton == .close)
        #expect(session.run(line: "close").succeeded)
        #expect(app.state.state == "root")
        #expect(app.state.visibleScreen == "home")

        // Tap by identifier: a URL button hands its URL to the system; the app stays where it is.
        #expect(session.run(line: "tap nav-item:nb-web").succeeded)
        #expect(app.state.visibleScreen == "home")
        #expect(app.events.last == AppEvent("open_url", "nb-web", detail: "https://showcase.example/about"))

        // The menu button opens the side menu; selecting an item makes its screen the root's content.
        let menu = session.run(line: "menu")
        #expect(menu.succeeded)
        #expect(menu.output.contains("Shows") && menu.output.contains("Movies"))
        #expect(app.tapTargets.contains { $0.identifier == "menu-item:m-shows" })
        let shows = session.run(line: "select m-shows")
        #expect(shows.succeeded)
        #expect(app.state.visibleScreen == "shows")
        #expect(shows.output.contains("title: Shows · context: menu"))
        #expect(!session.run(line: "back").succeeded)
        #expect(session.run(line: "select m-home").succeeded)
        #expect(app.state.visibleScreen == "home")
    }

    @Test func failuresSayWhyAndChangeNothing() throws {
        let (session, app) = try Self.session()
        defer { app.shutdown() }
        let before = app.state
        let cases: [(String, String)] = [
            ("tap 99", "no element [99] on screen"),
            ("back", "nothing to go back to"),
            ("close", "no presented screen to close"),
            ("select nope", "no menu item 'nope'"),
        ]
        for (line, message) in cases {
            let outcome = session.run(line: line)
            #expect(!outcome.succeeded, "\(line)")
            #expect(outcome.output == message, "\(line)")
        }
        let unknownView = session.run(line: "tap no-such-view")
        #expect(!unknownView.succeeded)
        #expect(unknownView.output.contains("no-such-view"))
        #expect(app.state.visibleScreen == before.visibleScreen)
        #expect(app.state.rootStack == before.rootStack)
        #expect(app.state.presented == before.presented)

        // Menu needs the root state with one screen.
        #expect(session.run(line: "tap nav-item:nb-epg").succeeded)
        let menu = session.run(line: "menu")
        #expect(!menu.succeeded)
        #expect(menu.output == "no menu button here (a presented screen shows its close button)")
    }

    @Test func deviceShowStateEventsAndHelp() throws {
        let (session, app) = try Self.session()
        defer { app.shutdown() }
        let phone = session.run(line: "show")
        #expect(phone.succeeded)
        #expect(phone.output == Self.drawing(app))
        let tablet = session.run(line: "device tablet")
        #expect(tablet.succeeded)
        #expect(app.state.device == .tablet)
        #expect(tablet.output.contains("device: tablet 1024×1366"))
        let width = { (text: String) in text.split(separator: "\n").first?.count ?? 0 }
        #expect(width(tablet.output) > width(phone.output))

        let state = session.run(line: "state")
        #expect(state.succeeded)
        let decoded = try JSONDecoder().decode(AppState.self, from: Data(state.output.utf8))
        #expect(decoded == app.state)
        #expect(decoded.visibleScreen == "home")
        #expect(decoded.device == .tablet)

        let events = session.run(line: "events")
        #expect(events.succeeded)
        #expect(events.output.split(separator: "\n").contains("did_appear home"))

        let help = session.run(line: "help")
        #expect(help.succeeded)
        for word in ["tap", "back", "close", "menu", "select", "device", "show", "state", "events", "help", "quit"] {
            #expect(help.output.split(separator: "\n").contains { $0.hasPrefix(word) }, "\(word)")
        }
    }
}
