import AppTestSupport
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation

/// Composed transitions on the virtual clock (seed 004's `transition…start()` and `enqueue`):
/// the steps run in order and never cut each other short, each may be unanimated, and the
/// completion hears once how the whole ended. Every request can be unanimated too.
struct ComposedTransitionTests {
    /// The lifecycle events recorded since `count`.
    static func lifecycle(_ app: PlugboardApp, since count: Int) -> [String] {
        app.events[count...].map(\.description).filter { $0.contains("appear") }
    }

    @Test func aPresentComposedAfterAPushWaitsForItsEnd() throws {
        let app = try TransitionTests.launch()
        let count = app.events.count
        var ended: RoutingError?? = .none
        try app.transition.push("fine").present("more").start { ended = .some($0) }
        #expect(app.state.transition?.operation == .push)
        app.wait(175)
        #expect(app.state.transition?.operation == .push)  // not cut short by the present
        #expect(app.state.frames.screen?.x == 195)
        #expect(throws: RoutingError.busy) { try app.transition.push("own").start() }
        app.wait(175)
        #expect(app.state.transition?.operation == .present)
        #expect(app.state.transition?.screen == "more")
        #expect(ended == nil)
        app.wait(400)
        #expect(app.state.transition == nil)
        #expect(ended == .some(nil))
        #expect(app.state.rootStack == ["home", "fine"])
        #expect(app.state.visibleScreen == "more")
        #expect(
            Self.lifecycle(app, since: count) == [
                "will_disappear home", "will_appear fine", "did_disappear home", "did_appear fine",
                "will_disappear fine", "will_appear more", "did_disappear fine", "did_appear more",
            ])
    }

    /// A URL's diff is several changes (push fine, then present more): in a transition each runs
    /// on its own, the next once the movement before has ended, and the whole completes once.
    @Test func aURLsUpdatesRunOneAfterAnotherAndNeverCutEachOtherShort() throws {
        let app = try TransitionTests.launch()
        let count = app.events.count
        var ended: RoutingError?? = .none
        try app.transition.open(try RouteURL.parse("app://home/fine?more=v")).start { ended = .some($0) }
        #expect(app.state.transition?.operation == .push)
        app.wait(175)
        #expect(app.state.transition?.operation == .push && app.state.frames.screen?.x == 195)
        app.wait(175)
        #expect(app.state.transition?.operation == .present)
        #expect(ended == nil)
        app.wait(400)
        #expect(ended == .some(nil) && app.stateURL.description == "app://home/fine?more=v")
        #expect(
            Self.lifecycle(app, since: count) == [
                "will_disappear home", "will_appear fine", "did_disappear home", "did_appear fine",
                "will_disappear fine", "will_appear more", "did_disappear fine", "did_appear more",
            ])
        #expect(app.events.last { $0.name == "route" }?.subject == "app://home/fine?more=v")
    }

    @Test func anEnqueuedTransitionWaitsForEveryStepOfTheOneBefore() throws {
        let app = try TransitionTests.launch()
        var order: [String] = []
        try app.transition.push("fine").push("more").start { _ in order.append("first") }
        app.transition.push("own").enqueue { _ in order.append("second") }
        app.wait(350)
        #expect(app.state.transition?.screen == "more")
        app.wait(350)
        #expect(order == ["first"])
        #expect(app.state.transition?.screen == "own")
        app.wait(1000)
        #expect(order == ["first", "second"])
        #expect(app.state.rootStack == ["home", "fine", "more", "own"])
    }

    @Test func unanimatedStepsTakeNoTimeBetweenAnimatedOnes() throws {
        let app = try TransitionTests.launch()
        let count = app.events.count
        var ended: RoutingError?? = .none
        try app.transition.push("fine", animated: false).push("more").present("own", animated: false).start {
            ended = .some($0)
        }
        // The first push took no time: the second runs now.
        #expect(app.state.transition?.operation == .push)
        #expect(app.state.transition?.screen == "more")
        app.wait(350)
        #expect(app.state.transition == nil)  // the present took no time either
        #expect(app.state.visibleScreen == "own")
        #expect(ended == .some(nil))
        #expect(
            Self.lifecycle(app, since: count) == [
                "will_disappear home", "did_disappear home", "will_appear fine", "did_appear fine",
                "will_disappear fine", "will_appear more", "did_disappear fine", "did_appear more",
                "will_disappear more", "did_disappear more", "will_appear own", "did_appear own",
            ])
    }

    /// Each operation of a transition, and each request, unanimated: no movement, the whole
    /// lifecycle before it returns.
    @Test func everyOperationAndRequestUnanimated() throws {
        let app = try TransitionTests.launch()
        func instant(_ what: String, _ change: () throws -> Void) throws {
            let count = app.events.count
            try change()
            #expect(app.state.transition == nil, "\(what)")
            let events = Self.lifecycle(app, since: count)
            #expect(events.filter { $0.hasPrefix("will_") }.count == events.filter { $0.hasPrefix("did_") }.count)
            #expect(!events.isEmpty, "\(what)")
        }
        try instant("push") { try app.transition.push("fine", animated: false).start() }
        try instant("pop") { try app.transition.pop(animated: false).start() }
        try instant("root") { try app.transition.root("more", animated: false).start() }
        try instant("present") { try app.transition.present("own", animated: false).start() }
        try instant("dismiss") { try app.transition.dismiss("own", animated: false).start() }
        try instant("open") {
            try app.transition.open(try RouteURL.parse("\(app.settings.scheme)://more/fine"), animated: false).start()
        }
        try instant("back") { #expect(app.perform(.back, animated: false)) }
        try instant("open request") {
            #expect(
                app.perform(
                    .open(NavigationRequest(.screen("own"), origin: .link, presentation: .present)), animated: false)
            )
        }
        try instant("close") { #expect(app.perform(.close, animated: false)) }
        #expect(app.state.rootStack == ["more"])
        app.wait(1000)
        #expect(app.state.rootStack == ["more"])
    }

    /// From the outside: the shell's actions ending in `--unanimated` take no time on the virtual
    /// clock, where the same action without it must be waited for.
    @Test func theShellsUnanimatedActionsNeedNoWait() throws {
        let script = try writeScript([
            "clock virtual", "push shows --unanimated", "back --unanimated", "push news + present contact --unanimated",
            "close --unanimated", "back --unanimated", "push shows", "back",
        ])
        defer { removeScript(script) }
        let result = try runPlugboard(["run", Showcase.folder, "--script", script])
        #expect(result.status == 1)  // the last back comes while the animated push still moves
        let failures = result.stderr.split(separator: "\n").filter { $0.contains("script.txt:") }
        #expect(failures.count == 1, "\(result.stderr)")
        #expect(failures.first?.hasSuffix(":8: a transition is running (350 ms left): wait first") == true)
    }

    @Test func aLaterStepsFailureGoesToTheCompletionAndStopsTheRest() throws {
        let app = try TransitionTests.launch()
        var ended: [RoutingError?] = []
        try app.transition.push("fine").pop(5).push("more").start { ended.append($0) }
        #expect(ended.isEmpty)
        app.wait(350)
        #expect(ended.count == 1)
        #expect(ended.first??.description.contains("cannot pop 5 of 2 screens") == true)
        #expect(app.state.rootStack == ["home", "fine"])
    }

    @Test func aRefusedStartRunsNothingAndNeverCompletes() throws {
        let app = try TransitionTests.launch()
        var called = false
        #expect(throws: RoutingError.self) {
            try app.transition.push("nowhere").push("fine").start { _ in called = true }
        }
        app.wait(1000)
        #expect(!called)
        #expect(app.state.rootStack == ["home"])
    }
}
