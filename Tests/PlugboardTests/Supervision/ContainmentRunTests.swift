import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardHarness
@testable import PlugboardIsolation

/// `plugboard run` with hostile plugins, driven as an app builder drives it: the shell survives,
/// names the plugin, its library and the call in flight, comes back where the user was, goes on,
/// and ends with exit status 3.
@Suite(.serialized) struct ContainmentRunTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var screen: String
        var plugin: String
        var call: String
        var reason: String
        var testDescription: String { screen }
    }

    static let cases = [
        Case(screen: "crash", plugin: "broken_create_crash", call: "create", reason: "signal"),
        Case(screen: "abort", plugin: "broken_init_abort", call: "init", reason: "signal"),
        Case(screen: "loop", plugin: "broken_will_appear_loop", call: "will_appear", reason: "timeout"),
    ]

    @Test(arguments: cases)
    func aFailingScreenIsNamedLeftOutAndTheUserIsBackWhereTheyWere(_ hostile: Case) throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(
            ["run", "--json"], app: app, input: "push fine\npush \(hostile.screen)\nback\npush \(hostile.screen)\n")
        #expect(result.status == 3)
        #expect(result.hasNoBacktrace)
        let lines = try JSONLines(result.stdout)
        let event = try #require(lines.events.first)
        #expect(lines.events.count == 1)
        #expect(event["plugin"] as? String == hostile.plugin)
        #expect(event["call"] as? String == hostile.call)
        #expect(event["reason"] as? String == hostile.reason)
        #expect(
            (event["library"] as? String)?.hasSuffix(
                "lib\(HostileApp.screens.first { $0.id == hostile.screen }!.library).so") == true)
        #expect(event["left_out"] as? String == "plugin \"\(hostile.plugin)\"")
        #expect(event["state_url"] as? String == "app://home/fine")
        // show, push fine, the failed push (back on fine), back, the hostile screen as the error screen.
        let stacks = lines.states.map(\.state.rootStack)
        #expect(stacks == [["home"], ["home", "fine"], ["home", "fine"], ["home"], ["home", hostile.screen]])
        #expect(result.stderr.contains("plugin \"\(hostile.plugin)\""))
        #expect(result.stderr.contains("in \(hostile.call) of screen \"\(hostile.plugin)\""))
    }

    @Test func aTapActionThatCrashesBringsTheUserBackToItsScreen() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(
            ["run", "--json"], app: app, input: "push tap-crash\ntap corpus-button\nstate\n")
        #expect(result.status == 3)
        let lines = try JSONLines(result.stdout)
        let event = try #require(lines.events.first)
        #expect(event["plugin"] as? String == "broken_tap_crash")
        #expect((event["call"] as? String)?.hasPrefix("tap action of") == true)
        #expect(event["signal"] as? String == "SIGSEGV")
        // Back on the screen, now the error screen: the plugin is left out.
        #expect(lines.states.last?.state.rootStack == ["home", "tap-crash"])
    }

    @Test func aScriptWithoutJSONGetsTheEventOnStandardErrorAndGoesOn() throws {
        let app = try HostileApp.write()
        let script = try writeScript(["push crash", "push fine", "state"])
        defer { removeScript(script) }
        let result = try HostileApp.run(["run", "--script", script], app: app)
        #expect(result.status == 3)
        let event = try #require(result.errorLines.first { $0.hasPrefix("{\"call\"") })
        #expect(event.contains("\"event\":\"plugin_failed\""))
        #expect(event.contains("\"plugin\":\"broken_create_crash\""))
        #expect(result.stdout.contains("\"rootStack\" : [\n    \"home\",\n    \"fine\"\n  ]"))
    }

    @Test func pluginsThatBreakTheRulesWithoutCrashingAreRefusedNotContained() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(
            ["run", "--json"], app: app, input: "push stale\nback\npush stale\npush thread\n")
        #expect(result.status == 0)
        #expect(try JSONLines(result.stdout).events.isEmpty)
        #expect(try JSONLines(result.stdout).states.last?.state.rootStack == ["home", "stale", "thread"])
    }

    struct StartCase: CustomTestStringConvertible, Sendable {
        var library: String
        var plugin: String
        var call: String
        var testDescription: String { library }
    }

    @Test(arguments: [
        StartCase(library: "BrokenEntryInitExit", plugin: "broken_entry_init_exit", call: "exit(0) in init of library"),
        StartCase(library: "BrokenEntryInitLoop", plugin: "broken_entry_init_loop", call: "no return within 1 s"),
        StartCase(library: "BrokenGarbageFactory", plugin: "broken_garbage_factory", call: "SIGSEGV in reading the"),
    ])
    func aLibraryThatFailsWhileTheAppStartsIsLeftOut(_ start: StartCase) throws {
        let app = try HostileApp.write(extra: [.init(id: "bad", plugin: start.plugin, library: start.library)])
        let result = try HostileApp.run(["run", "--json"], app: app, input: "push bad\npush fine\n")
        #expect(result.status == 3)
        #expect(result.hasNoBacktrace)
        let lines = try JSONLines(result.stdout)
        let event = try #require(lines.events.first)
        #expect(event["plugin"] == nil)
        #expect((event["library"] as? String)?.hasSuffix("lib\(start.library).so") == true)
        #expect((event["message"] as? String)?.contains(start.call) == true)
        #expect(event["left_out"] as? String == "library \(event["library"] as? String ?? "")")
        // The app runs without it: its screen is the error screen, the others work.
        #expect(lines.states.last?.state.rootStack == ["home", "bad", "fine"])
        #expect(result.stderr.contains("error \(start.plugin): "))
        #expect(result.stderr.contains(": the library is left out for this session: it failed ("))
    }

    @Test func aRootPluginThatCrashesFallsBackToTheBuiltInMenu() throws {
        let menu = HostileApp.Screen(id: "-", plugin: "broken_placement_crash", library: "BrokenPlacementCrash")
        let app = try HostileApp.write(menu: menu)
        let result = try HostileApp.run(["run", "--json"], app: app, input: "show\n")
        #expect(result.status == 3)
        let lines = try JSONLines(result.stdout)
        #expect(lines.events.first?["plugin"] as? String == "broken_placement_crash")
        #expect((lines.events.first?["call"] as? String)?.hasPrefix("place_nav_bar") == true)
        #expect(lines.states.last?.state.root == "builtin.side_menu")
    }

    @Test func inProcessACrashStillNamesThePluginAndTheCall() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(
            ["run", "--in-process"], app: app, input: "push crash\n", environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status != 0 && result.status != 3)
        #expect(
            result.stderr.contains(#"plugboard: SIGSEGV in create of screen "broken_create_crash" (library "#))
    }

    @Test func inProcessAnExitFromPluginCodeIsNotASuccess() throws {
        let app = try HostileApp.write(
            extra: [.init(id: "bad", plugin: "broken_entry_init_exit", library: "BrokenEntryInitExit")])
        let result = try HostileApp.run(["run", "--in-process"], app: app, input: "show\n")
        #expect(result.status == CrashReporter.exitStatusForPluginExit)
        #expect(result.stderr.contains("plugboard: exit() in init (library "))
    }
}

extension ContainmentRunTests {
    @Test func aRestartKeepsTheDeviceTheUserChose() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(["run", "--json"], app: app, input: "device tablet\npush crash\n")
        #expect(result.status == 3)
        #expect(try JSONLines(result.stdout).states.last?.state.device == .tablet)
    }

    /// Routes changed in the shell are part of where the user is: the restarted engine gets
    /// them before it goes back to the state URL they wrote (`fine` pushed as `headlines`).
    @Test func aRestartKeepsTheRoutesTheUserChanged() throws {
        let app = try HostileApp.write()
        let result = try HostileApp.run(
            ["run", "--json"], app: app,
            input: "routes set headlines fine\nroutes remove fine\npush headlines\npush crash\nroutes\n")
        #expect(result.status == 3)
        let lines = try JSONLines(result.stdout)
        #expect(lines.events.count == 1)
        #expect(lines.events.first?["state_url"] as? String == "app://home/headlines")
        #expect(lines.states.last?.state.url == "app://home/headlines")
        let routes = try #require(lines.states.last?.output)
        #expect(routes.contains("headlines → fine (stack)"))
        #expect(!routes.contains { $0.hasPrefix("fine ") })
    }
}
