import AppTestSupport
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// A C plugin routes through `plugboard.host.routing` (ABI 1.4, plugboard/routing.h): by URL and
/// by composed transition, started or queued, animated or not. Its log (TestRoutingC) says each
/// call's answer and each completion, with its outcome and the thread it ran on.
struct PluginRoutingTests {
    /// The Seed003 app with the router screen as the root, on the instant or the virtual clock.
    static func launch(virtual: Bool) throws -> PlugboardApp {
        var fixture = Seed003App.fixture()
        fixture.plugins.append(
            AppFixture.plugin("test.routing", type: "general", library: "TestRoutingC", screen: true))
        fixture.screens.append(AppFixture.screen("router", type: "test.routing", navigations: [AppFixture.navBar()]))
        let app = try fixture.launch()
        try app.transition.root("router").start()
        if virtual { app.clock.mode = .virtual }
        return app
    }

    /// What a router (by default the C one) logged itself, not the host's refusals logged under
    /// its name.
    static func log(_ app: PlugboardApp, of plugin: String = "test.routing") -> [String] {
        messages(app.environment, from: plugin).filter { !$0.contains(" refused: ") }
    }

    @Test func aComposedTransitionRunsStepByStepAndCompletesOnTheMainThread() throws {
        let app = try Self.launch(virtual: true)
        try app.tap(identifier: "route-compose")
        #expect(Self.log(app) == ["route-compose accepted"])
        #expect(app.state.transition?.operation == .push)
        app.wait(350)
        #expect(app.state.transition?.operation == .present)  // the push was not cut short
        #expect(Self.log(app) == ["route-compose accepted"])
        app.wait(400)
        #expect(Self.log(app) == ["route-compose accepted", "completion route-compose: ran (main thread)"])
        #expect(app.state.rootStack == ["router", "fine"])
        #expect(app.state.presented == [["more"]])
        // The object went, with its data, to the screen the last data-taking step pushed.
        #expect(messages(app.environment, from: "test.screen.c").contains(#"attributes object={"from":"router"}"#))
    }

    @Test func aURLIsTheShellsDiffAndCompletesBeforeTheCallReturnsOnTheInstantClock() throws {
        let app = try Self.launch(virtual: false)
        try app.tap(identifier: "route-url")
        #expect(Self.log(app) == ["completion route-url: ran (main thread)", "route-url accepted"])
        #expect(app.state.rootStack == ["home", "fine"])
        #expect(app.state.presented == [["more"]])
        #expect(app.stateURL.description == "app://home/fine?more=v")
    }

    @Test func aLaterStepsFailureIsTheCompletionsAndAFirstStepsTheCallsAnswer() throws {
        let virtual = try Self.launch(virtual: true)
        try virtual.tap(identifier: "route-fail-later")
        #expect(Self.log(virtual) == ["route-fail-later accepted"])
        virtual.wait(350)
        #expect(
            Self.log(virtual).last
                == "completion route-fail-later: failed: step 2 of 3: cannot pop 9 of 2 screens (the root stays) (main thread)"
        )
        #expect(virtual.state.rootStack == ["router", "fine"])  // step 1 stays, step 3 never ran

        let instant = try Self.launch(virtual: false)
        try instant.tap(identifier: "route-fail-later")
        #expect(Self.log(instant) == ["route-fail-later refused"])  // it failed before the call returned
        #expect(
            instant.environment.refusedCalls(since: 0).contains {
                $0.call == "run_transition" && $0.reason.hasPrefix("step 2 of 3: cannot pop 9")
            })
    }

    @Test func aMalformedStepIsRefusedAndChangesNothing() throws {
        let app = try Self.launch(virtual: false)
        try app.tap(identifier: "route-bad")
        #expect(Self.log(app) == ["route-bad refused"])
        #expect(
            app.environment.refusedCalls(since: 0).contains {
                $0.call == "run_transition" && $0.reason == "step 1: pop 0 screens (at least 1)"
            })
        #expect(app.state.rootStack == ["router"])
    }

    @Test func anEnqueuedTransitionWaitsForTheRunningOne() throws {
        let app = try Self.launch(virtual: true)
        try app.transition.push("fine").start()
        try app.tap(identifier: "route-enqueue")
        #expect(Self.log(app) == ["route-enqueue accepted"])
        #expect(app.state.transition?.screen == "fine")
        app.wait(350)
        #expect(app.state.transition?.screen == "own")  // its turn
        app.wait(1000)
        #expect(Self.log(app).last == "completion route-enqueue: ran (main thread)")
        #expect(app.state.rootStack == ["router", "fine", "own"])
    }

    @Test func everyOperationUnanimatedTakesNoTime() throws {
        let app = try Self.launch(virtual: true)
        try app.tap(identifier: "route-unanimated")
        #expect(Self.log(app) == ["completion route-unanimated: ran (main thread)", "route-unanimated accepted"])
        #expect(app.state.transition == nil)
        #expect(app.state.rootStack == ["home"])
        #expect(app.invariantViolations() == [])
    }

    /// The Swift SDK's `Router` wraps the extension: the composed transition, its object and
    /// completion, and a malformed step refused (its completion never called, and released).
    @Test func aSwiftScreenRoutesThroughTheSDK() throws {
        var fixture = Seed003App.fixture()
        fixture.plugins.append(
            AppFixture.plugin("test.routing.swift", type: "general", library: "TestSwiftRouting", screen: true))
        fixture.screens.append(
            AppFixture.screen("swift-router", type: "test.routing.swift", navigations: [AppFixture.navBar()]))
        let app = try fixture.launch()
        try app.transition.root("swift-router").start()
        app.clock.mode = .virtual
        try app.tap(identifier: "swift-route")
        let log = { Self.log(app, of: "test.routing.swift") }
        #expect(log() == ["accepted", "pop 0 refused"])
        app.wait(350)
        #expect(log() == ["accepted", "pop 0 refused", "completion: ran"])
        #expect(app.state.rootStack == ["swift-router", "fine"])
        #expect(app.state.presented == [["more"]])
        #expect(messages(app.environment, from: "test.screen.c").contains(#"attributes object={"from":"swift"}"#))
        #expect(messages(app.environment, from: "test.screen.c").contains("attributes data=7"))
        app.clock.mode = .instant
        try app.open(urlText: "app://swift-router")
        try app.tap(identifier: "swift-routes")
        #expect(log().suffix(3) == ["set accepted", "menu refused", "listed alias: fine stack 100.0 ms"])
        #expect(app.routes.route("alias")?.transition?.direction == .fade)
    }

    /// The harness answers the extension as an app does (each tap's transition recorded and
    /// completed at once), so a plugin that needs it is checked whole, and the one malformed
    /// call of the router (its `route-bad` button) is what fails.
    @Test func checkRunsAPluginThatRoutesAndNamesItsMalformedCall() throws {
        let result = try runPlugboard(["check", Built.library("TestRoutingC"), "--strictness", "10"])
        #expect(result.status == 1)
        let failed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  failed") }
        #expect(failed.count == 2, "\(result.stdout)")
        #expect(failed.allSatisfy { $0.contains("run_transition by test.routing: step 1: pop 0 screens") })
        #expect(failed.first?.contains("screen.taps") == true && failed.last?.contains("screen.navigation") == true)
        #expect(result.stdout.contains("0 crashed, 0 timed out") && result.stdout.contains("0 warnings"))
    }

    @Test func aTransitionLeftWhenTheAppShutsDownIsCancelledBeforeItsCallerIsDestroyed() throws {
        let app = try Self.launch(virtual: true)
        try app.tap(identifier: "route-compose")
        app.shutdown()
        #expect(
            Self.log(app) == [
                "route-compose accepted",
                "completion route-compose: cancelled: the app shut down with 1 of its steps not run (main thread)",
                "destroy",
            ])
    }

    // MARK: plugboard.host.routes (ABI 1.5)

    /// The C plugin sets two routes (one with its own transition), lists them, and a change
    /// naming `menu` is refused whole, as is one from inside the list's visitor.
    @Test func aPluginSetsListsAndIsRefusedRoutes() throws {
        let app = try Self.launch(virtual: false)
        try app.tap(identifier: "routes-set")
        #expect(
            app.routes.route("shortcut")?.transition == TransitionSpec(duration: 200, curve: .easeOut, direction: .fade)
        )
        #expect(app.routes.route("sheet")?.kind == .modal)
        try app.tap(identifier: "routes-list")
        let listed = Self.log(app).filter { $0.hasPrefix("route ") }
        #expect(listed.count == app.routes.sorted.count)
        #expect(
            listed.contains("route shortcut -> fine kind 0 200 ms") && listed.contains("route sheet -> more kind 1"))
        #expect(listed.contains("route menu -> (menu) kind 2"))
        #expect(Self.log(app).contains("routes-list: \(app.routes.sorted.count) routes"))
        try app.tap(identifier: "routes-bad")
        #expect(Self.log(app).last == "routes-bad refused")
        #expect(app.routes.route("fine-too") == nil)  // all or none
        #expect(
            app.environment.refusedCalls(since: 0).contains {
                $0.call == "update_routes" && $0.reason == "'menu' is the built-in side-menu route"
            })
        try app.tap(identifier: "routes-nested")
        #expect(Self.log(app).suffix(2) == ["nested update refused", "routes-nested accepted"])
        #expect(app.routes.route("nested") == nil)
        try app.open(urlText: "app://router/shortcut?sheet=v")
        #expect(app.state.rootStack == ["router", "fine"] && app.state.presented == [["more"]])

    }

    /// Removing the route of the calling screen itself: the app leaves it during the call (the
    /// root it was becomes home) and the plugin is told `accepted` afterwards.
    @Test func aPluginThatRemovesItsOwnRouteIsLeftDuringTheCall() throws {
        let app = try Self.launch(virtual: false)
        #expect(app.state.rootStack == ["router"])
        try app.tap(identifier: "routes-remove-own")
        #expect(Self.log(app).last == "routes-remove-own accepted")
        #expect(app.state.rootStack == ["home"])
        #expect(
            app.events.last
                == AppEvent(
                    "routes", "repaired",
                    detail:
                        "app://router is no longer a state of the app (no route opens 'router' in the stack); now app://home"
                ))
    }
}
