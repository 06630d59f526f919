import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Seed 003's gesture navigation with real plugins: the edge back-gesture of every pushed
/// screen, the full-screen gestures of a C screen answering plugboard.ext.gesture-navigation.
struct GestureTests {
    @Test func aPushedScreenGoesBackFromItsEdgeWithOrWithoutABar() throws {
        let app = try Seed003App.launch()
        try app.transition.push("fine").start()
        #expect(try app.swipe(Swipe(.pop, from: 5)) == .finished(target: "home"))
        #expect(app.state.rootStack == ["home"])
        // The screen hid its bar: no back button, and the gesture still goes back.
        try app.transition.push("own").start()
        try app.tap(identifier: "hide-bar")
        #expect(app.state.bar.placement == .hidden)
        #expect(try app.swipe(Swipe(.pop)) == .finished(target: "home"))
        #expect(app.state.rootStack == ["home"])
    }

    @Test func withoutTheExtensionOnlyTheEdgeStartsAGesture() throws {
        let app = try Seed003App.launch()
        #expect(throws: SwipeRefusal("nothing to go back to")) { try app.swipe(Swipe(.pop)) }
        try app.transition.push("fine").start()
        #expect(throws: SwipeRefusal.self) { try app.swipe(Swipe(.pop, from: 21)) }
        #expect(throws: SwipeRefusal.self) { try app.swipe(Swipe(.push)) }
        #expect(app.state.rootStack == ["home", "fine"])
    }

    @Test func edgeInsetsAcceptAndRefuseStarts() throws {
        let app = try Seed003App.launch(gestureData: ["edge": "50", "push": "fine"])
        try app.transition.push("swipe").start()
        #expect(throws: SwipeRefusal.self) { try app.swipe(Swipe(.pop, from: 60)) }
        #expect(throws: SwipeRefusal.self) { try app.swipe(Swipe(.push, from: 300)) }  // 390 − 50 = 340
        #expect(try app.swipe(Swipe(.push, from: 350)) == .finished(target: "fine"))
        #expect(app.back())
        #expect(try app.swipe(Swipe(.pop, from: 45)) == .finished(target: "home"))
    }

    @Test func noInsetsMeansTheWholeScreen() throws {
        let app = try Seed003App.launch()
        try app.transition.push("swipe").start()
        #expect(try app.swipe(Swipe(.pop, from: 200)) == .finished(target: "home"))
    }

    @Test func aPopGoesToAnyScreenBelowThatTheScreenNames() throws {
        let app = try Seed003App.launch(gestureData: ["pop_to": "fine"])
        try app.transition.push("fine").push("more").push("swipe").start()
        #expect(try app.swipe(Swipe(.pop, from: 100)) == .finished(target: "fine"))
        #expect(app.state.rootStack == ["home", "fine"])

        let refused = try Seed003App.launch(gestureData: ["pop_to": "nowhere"])
        try refused.transition.push("swipe").start()
        #expect(throws: SwipeRefusal.self) { try refused.swipe(Swipe(.pop, from: 100)) }
        #expect(refused.state.rootStack == ["home", "swipe"])
    }

    @Test func aPushForwardGoesToTheScreenTheScreenNamesOrNowhere() throws {
        let app = try Seed003App.launch(gestureData: ["push": "more"])
        try app.transition.push("swipe").start()
        #expect(try app.swipe(Swipe(.push)) == .finished(target: "more"))
        #expect(app.state.rootStack == ["home", "swipe", "more"])

        let none = try Seed003App.launch()
        try none.transition.push("swipe").start()
        #expect(throws: SwipeRefusal("swipe names no screen to push")) { try none.swipe(Swipe(.push)) }
    }

    @Test(arguments: [
        (0.3, 0.0, false), (0.3, 401.0, true), (0.41, 0.0, true), (0.41, -1000.0, true), (0.4, 400.0, false),
        (0.0, 900.0, true),
    ])
    func aGestureFinishesBySpeedThenProgressElseCancels(progress: Double, velocity: Double, finishes: Bool) throws {
        let app = try Seed003App.launch()
        try app.transition.push("fine").start()
        let outcome = try app.swipe(Swipe(.pop, progress: progress, velocity: velocity))
        #expect(outcome == (finishes ? .finished(target: "home") : .cancelled(target: "home")))
        #expect(app.state.rootStack == (finishes ? ["home"] : ["home", "fine"]))
    }

    @Test func aCancelledGestureLeavesStackBarsAndLifecycleAsTheyWere() throws {
        let environment = PlugboardHost()
        let app = try Seed003App.fixture().launch(environment: environment)
        try app.transition.push("own").push("fine").start()
        let before = app.state
        let eventsBefore = app.events.count
        let pluginLinesBefore = messages(environment, from: "test.screen.c").count
        #expect(try app.swipe(Swipe(.pop, progress: 0.2)) == .cancelled(target: "own"))
        let after = app.state
        #expect(after.rootStack == before.rootStack)
        #expect(after.bar == before.bar)
        #expect(after.url == before.url)
        #expect(
            app.events[eventsBefore...].map(\.description).filter { !$0.hasPrefix("gesture") } == [
                "will_disappear fine", "will_appear own", "will_disappear own", "did_disappear own",
                "will_appear fine", "did_appear fine",
            ])
        // The C plugin saw its own half in that order.
        #expect(
            messages(environment, from: "test.screen.c")[pluginLinesBefore...].filter { !$0.hasPrefix("layout") }
                == ["will_disappear", "will_appear", "did_appear"])
    }

    @Test func aFinishedGestureRunsTheLifecycleInOrder() throws {
        let app = try Seed003App.launch()
        try app.transition.push("fine").start()
        let count = app.events.count
        try app.swipe(Swipe(.pop))
        #expect(
            app.events[count...].map(\.description).filter { !$0.hasPrefix("gesture") } == [
                "will_disappear fine", "will_appear home", "did_disappear fine", "did_appear home",
            ])
    }
}
