import AppTestSupport
import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardHarness
@testable import PlugboardLoader
@testable import PlugboardNavigation
@testable import PlugboardRender

/// Seed 003's transitions as data, on the runtime's virtual clock: nothing here waits for real
/// time; `wait` moves the clock.
struct TransitionTests {
    /// An app on the virtual clock.
    static func launch(_ environment: PlugboardHost = PlugboardHost()) throws -> PlugboardApp {
        let app = try Seed003App.fixture().launch(environment: environment)
        app.clock.mode = .virtual
        return app
    }

    @Test func defaultsPerOperationAndTheirCurves() {
        #expect(
            TransitionSpec.defaults(for: .push)
                == TransitionSpec(duration: 350, curve: .easeInOut, direction: .fromRight))
        #expect(TransitionSpec.defaults(for: .present).direction == .fromBottom)
        for curve in TransitionSpec.Curve.allCases {
            #expect(abs(curve.value(at: 0)) < 1e-9 && abs(curve.value(at: 1) - 1) < 1e-9)
        }
        #expect(abs(TransitionSpec.Curve.linear.value(at: 0.25) - 0.25) < 1e-9)
        #expect(abs(TransitionSpec.Curve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(TransitionSpec.Curve.easeIn.value(at: 0.5) < 0.5 && TransitionSpec.Curve.easeOut.value(at: 0.5) > 0.5)
    }

    @Test func aPushSlidesInOnTheClockWithWillAtTheStartAndDidAtTheEnd() throws {
        let environment = PlugboardHost()
        let app = try Self.launch(environment)
        let count = app.events.count
        try app.transition.push("fine").start()
        let lifecycle = { app.events[count...].map(\.description).filter { $0.contains("appear") } }
        #expect(lifecycle() == ["will_disappear home", "will_appear fine"])
        #expect(messages(environment, from: "test.screen.c").contains("will_appear"))
        #expect(!messages(environment, from: "test.screen.c").contains("did_appear"))
        #expect(app.state.transition?.operation == .push)
        #expect(app.state.frames.screen?.x == 390)  // 0 ms: off at the right edge
        app.wait(175)
        #expect(app.state.frames.screen?.x == 195)  // half the time, half the way (ease-in-out)
        #expect(app.state.transition?.elapsed == 175)
        app.wait(175)
        #expect(app.state.frames.screen?.x == 0)
        #expect(app.state.transition == nil)
        #expect(
            lifecycle() == ["will_disappear home", "will_appear fine", "did_disappear home", "did_appear fine"])
        #expect(messages(environment, from: "test.screen.c").contains("did_appear"))
    }

    @Test func aPopSlidesTheScreenOutOverTheOneBelow() throws {
        let app = try Self.launch()
        try app.transition.push("fine").start()
        app.wait(1000)
        #expect(app.back())
        let tree = app.environment.views
        let leaving = try #require(tree.find(identifier: "c-button", under: app.window).flatMap { tree[$0]?.parent })
        #expect(tree.absoluteFrame(of: leaving)?.x == 0)
        app.wait(175)
        #expect(tree.absoluteFrame(of: leaving)?.x == 195)
        #expect(app.state.visibleScreen == "home")
        app.wait(175)
        #expect(tree[leaving]?.parent == nil)  // gone from the screen area at the end
    }

    @Test func aScreensOwnTransitionIsUsedAndABadOneRefused() throws {
        let app = try Self.launch()
        try app.transition.push("own").start()
        let state = try #require(app.state.transition)
        #expect(state.duration == 500 && state.curve == .linear && state.direction == .fromBottom)
        let start = try #require(app.state.frames.screen)
        app.wait(250)
        let middle = try #require(app.state.frames.screen)
        app.wait(250)
        let end = try #require(app.state.frames.screen)
        #expect(start.y == end.y + end.height)  // off at the bottom edge
        #expect(middle.y == end.y + end.height / 2)  // linear: half the time, half the way
        #expect(start.x == end.x && middle.x == end.x)
        try app.transition.push("fine").start()
        app.wait(350)
        try app.transition.present("own").start()  // its 20 s are out of range: the default present
        #expect(app.state.transition?.duration == 400)
        #expect(app.state.transition?.operation == .present)
        #expect(
            app.environment.pluginLog.contains {
                $0.message.contains("transition_for(present): a value is out of range")
            })
    }

    @Test func whileATransitionRunsStartIsBusyAndEnqueueWaits() throws {
        let app = try Self.launch()
        try app.transition.push("fine").start()
        #expect(throws: RoutingError.busy) { try app.transition.push("more").start() }
        var ended: RoutingError?? = .none
        app.transition.push("more").enqueue { ended = .some($0) }
        #expect(ended == nil)
        #expect(throws: SwipeRefusal.self) { try app.swipe(Swipe(.pop)) }
        app.wait(350)  // the push ends; the queued one starts and runs in its turn
        #expect(ended == nil)  // it ends when its movement does
        #expect(app.state.rootStack == ["home", "fine", "more"])
        #expect(app.state.transition?.screen == "more")
        app.wait(350)
        #expect(ended == .some(nil))
    }

    @Test func theInstantClockKeepsTheLifecycleAsItWas() throws {
        let app = try Seed003App.launch()
        let count = app.events.count
        try app.transition.push("fine").start()
        #expect(app.state.transition == nil)
        #expect(
            app.events[count...].map(\.description).filter { $0.contains("appear") } == [
                "will_disappear home", "did_disappear home", "will_appear fine", "did_appear fine",
            ])
    }

    @Test func theAnimatedSVGParsesAndHoldsTheKeyframes() throws {
        let app = try Self.launch()
        try app.transition.push("fine").start()
        let svg = SVGRenderer.render(app, animate: true)
        let document = try XMLDocument(xmlString: svg)
        // The pushed screen, the bar travelling with it and the shadow on its edge: the same way.
        #expect(try document.nodes(forXPath: "//*[local-name()='animateTransform']").count == 3)
        let markups = svg.split(separator: "\n").filter { $0.contains("<animateTransform") }
        for markup in markups {
            #expect(markup.contains(#"values="0 0;-390 0""#))
            #expect(markup.contains(#"dur="0.35s""#))
            #expect(markup.contains(#"keySplines="0.42 0 0.58 1""#))
        }
        #expect(!SVGRenderer.render(app).contains("animateTransform"))
    }

    @Test func theShellWaitsAndDrawsTheMiddleOfATransition() throws {
        let script = try writeScript(["clock virtual", "push shows", "tap 1", "wait 175", "state", "wait 175", "back"])
        defer { removeScript(script) }
        let result = try runPlugboard(["run", Showcase.folder, "--script", script, "--json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(":3: a transition is running (350 ms left): wait first"))

        let middle = try runPlugboard(["render", Showcase.folder, "--steps", "push shows", "--at", "175"])
        #expect(middle.status == 0)
        #expect(middle.stdout.contains("│  Shows"))  // the shows screen, half in
        let animated = try runPlugboard(
            ["render", Showcase.folder, "--steps", "push shows", "--format", "svg", "--animate"])
        #expect(animated.stdout.contains(#"<animateTransform attributeName="transform" type="translate""#))
        // Seed 003: the screen, its bar and the shadow move together; Home's bar stays, drawn.
        #expect(animated.stdout.components(separatedBy: "<animateTransform").count - 1 == 3)
        let middleSVG = try runPlugboard(
            ["render", Showcase.folder, "--steps", "push shows", "--at", "175", "--format", "svg"])
        #expect(middleSVG.stdout.contains(#"id="transition-shadow""#))
        #expect(middleSVG.stdout.contains(">Home</text>") && middleSVG.stdout.contains(">Shows</text>"))
        let refused = try runPlugboard(["render", Showcase.folder, "--at", "100"])
        #expect(refused.status != 0 && refused.stderr.contains("give --steps"))
    }

    @Test func aRouteHasItsOwnTransitionAndUnanimatedTakesNone() throws {
        var fixture = Seed003App.fixture()
        fixture.settings["routes"] = [
            "up": ["screen": "more", "transition": ["duration": 250, "curve": "ease_out", "direction": "from_top"]]
        ]
        let app = try fixture.launch()
        app.clock.mode = .virtual
        try app.transition.push("up").start()
        #expect(
            app.state.transition.map { [$0.duration, $0.curve.rawValue, $0.direction.rawValue] as [AnyHashable] }
                == [250.0, "ease_out", "from_top"])
        app.wait(250)
        try app.open(urlText: "app://home/up?fine=vu")  // present fine, unanimated
        #expect(app.state.transition == nil)
        #expect(app.state.presented == [["fine"]])
        try app.transition.dismiss("fine").start()  // with the default's time
        #expect(app.state.transition?.operation == .dismiss)
        #expect(app.state.transition?.duration == 300)
    }

    @Test func aBadRouteTransitionIsADiagnostic() throws {
        var fixture = Seed003App.fixture()
        fixture.settings["routes"] = ["up": ["screen": "more", "transition": ["duration": 99999]]]
        #expect(throws: AppConfiguration.Invalid.self) { try fixture.launch() }
    }

    @Test func aPresentedContainerSlidesInOverTheScreenBelowAndAwayWhenDismissed() throws {
        let app = try Self.launch()
        try app.transition.present("fine").start()
        let tree = app.environment.views
        let layer = try #require(app.presented.last?.layer)
        #expect(tree[layer]?.frame.y == app.device.height)  // 0 ms: below the window
        app.wait(200)
        let halfway = try #require(tree[layer]?.frame.y)
        #expect(halfway > 0 && halfway < app.device.height)
        #expect(TextRenderer.render(app).contains("Home"))  // the screen below stays in sight
        app.wait(200)
        #expect(tree[layer]?.frame.y == 0)
        #expect(app.close())
        #expect(app.state.presented.isEmpty)
        #expect(tree[layer]?.parent == app.window)  // still sliding away, drawn over home
        #expect(app.state.transition?.operation == .dismiss)
        app.wait(150)
        let leaving = try #require(tree[layer]?.frame.y)
        #expect(leaving > 0 && leaving < app.device.height)
        #expect(SVGRenderer.render(app, animate: true).contains("<animateTransform"))
        app.wait(150)
        // Out of sight at the end, kept with its screen in the cache for its next presentation.
        #expect(tree[layer] != nil && tree[layer]?.parent == nil)
        #expect(app.state.transition == nil)
        try app.transition.present("fine").start()
        #expect(app.presented.last?.layer == layer)
        #expect(tree[layer]?.parent == app.window && tree[layer]?.frame.y == app.device.height)
    }

    @Test func theBuiltInMenuSlidesInAndOut() throws {
        var fixture = StandardApp.fixture(root: nil)
        fixture.screens[0]["navigations"] = [AppFixture.navBar()]
        let app = try fixture.launch()
        app.clock.mode = .virtual
        let tree = app.environment.views
        let panel = try #require(tree.find(identifier: "side-menu:panel", under: app.window))
        let width = try #require(tree[panel]?.frame.width)
        #expect(app.menu())
        #expect(app.state.transition?.operation == .menuOpen)
        #expect(tree[panel]?.frame.x == -width)
        app.wait(250)
        #expect(tree[panel]?.frame.x == 0 && tree.isVisible(panel))
        #expect(app.menu())
        app.wait(125)
        let closing = try #require(tree[panel]?.frame.x)
        #expect(closing < 0 && closing > -width && tree.isVisible(panel))
        app.wait(125)
        #expect(!tree.isVisible(panel))
        #expect(app.state.transition == nil)
    }
}
