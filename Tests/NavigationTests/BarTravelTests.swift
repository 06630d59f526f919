import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Seed 003 (XZNavigationController): during a transition each screen's bar travels with its
/// screen — the incoming bar slides in with a pushed screen over the outgoing one, which stays;
/// a popped screen takes its bar away over the one beneath — with a shadow on the moving edge;
/// a presented container's bar moves with its layer. Checked at 0, ½ and the full duration in
/// the Showcase, whose side menu places the bar itself.
struct BarTravelTests {
    static func app() throws -> PlugboardApp {
        let app = try ShowcaseTests.launch(ShowcaseTests.showcase)
        app.clock.mode = .virtual
        return app
    }

    static func x(_ app: PlugboardApp, _ view: ViewHandle?) -> Double? {
        view.flatMap { app.environment.views.absoluteFrame(of: $0)?.x }
    }

    static func texts(_ app: PlugboardApp, under view: ViewHandle) -> [String] {
        app.collect(under: view).compactMap { app.environment.views[$0]?.text }
    }

    @Test func aPushedScreensBarComesWithItOverTheOutgoingBar() throws {
        let app = try Self.app()
        let bar = try #require(app.rootContainer.bar?.view)
        let resting = try #require(Self.x(app, bar))
        try app.transition.push("news").start()
        let running = try #require(app.running)
        let snapshot = try #require(running.barSnapshot)
        let news = try #require(app.visibleEntry?.controller.view)
        #expect(app.state.transition?.bar == .incoming)
        #expect(Self.texts(app, under: snapshot).contains("Home"))  // the outgoing look, still
        #expect(Self.texts(app, under: bar).contains("News"))  // the bar is already News's
        for (elapsed, travelled) in [(0.0, 390.0), (175, 195)] {
            if elapsed > 0 { app.wait(elapsed) }
            #expect(Self.x(app, news) == travelled, "news at \(elapsed) ms")
            #expect(Self.x(app, bar) == resting + travelled, "the incoming bar at \(elapsed) ms")
            #expect(Self.x(app, snapshot) == resting, "the outgoing bar at \(elapsed) ms")
            #expect(Self.x(app, running.shadow) == travelled - 6, "the shadow at \(elapsed) ms")
        }
        app.wait(175)
        #expect(app.running == nil)
        #expect(Self.x(app, bar) == resting && Self.x(app, news) == 0)
        #expect(app.environment.views[snapshot] == nil)  // released, as is the shadow
        #expect(app.environment.views.find(identifier: "transition-shadow", under: app.window) == nil)
    }

    @Test func aPoppedScreenTakesItsBarAwayOverTheOneBeneath() throws {
        let app = try Self.app()
        try app.transition.push("news", animated: false).start()
        let bar = try #require(app.rootContainer.bar?.view)
        let resting = try #require(Self.x(app, bar))
        let news = try #require(app.visibleEntry?.controller.view)
        #expect(app.back())
        let running = try #require(app.running)
        let snapshot = try #require(running.barSnapshot)
        #expect(app.state.transition?.bar == .outgoing)
        #expect(Self.texts(app, under: snapshot).contains("News"))
        #expect(Self.texts(app, under: bar).contains("Home"))
        for (elapsed, travelled) in [(0.0, 0.0), (175, 195)] {
            if elapsed > 0 { app.wait(elapsed) }
            #expect(Self.x(app, news) == travelled, "news at \(elapsed) ms")
            #expect(Self.x(app, snapshot) == resting + travelled, "the outgoing bar at \(elapsed) ms")
            #expect(Self.x(app, bar) == resting, "the bar beneath at \(elapsed) ms")
        }
        app.wait(175)
        #expect(app.running == nil && Self.x(app, bar) == resting)
        #expect(app.environment.views[snapshot] == nil)
    }

    /// A presented screen has its own bar, in its container's layer: it moves with the screen.
    @Test(arguments: [true, false])
    func aPresentedScreensBarMovesWithItsLayer(presenting: Bool) throws {
        let app = try Self.app()
        if !presenting { try app.transition.present("contact", animated: false).start() }
        if presenting { try app.transition.present("contact").start() } else { #expect(app.close()) }
        let running = try #require(app.running)
        let container = try #require(presenting ? app.presented.last : app.leaving)
        let bar = try #require(container.bar?.view)
        let screen = try #require(running.mover?.controller.view)
        let y = { (view: ViewHandle) in app.environment.views.absoluteFrame(of: view)?.y }
        let gap = try #require(y(screen)) - (try #require(y(bar)))
        let duration = running.spec.duration
        for elapsed in [0, duration / 2] {
            if elapsed > 0 { app.wait(elapsed) }
            #expect(try #require(y(screen)) - (try #require(y(bar))) == gap, "at \(elapsed) ms")
            let offset = running.spec.offset(
                arrived: running.arrival(at: app.clock.now), width: app.device.width, height: app.device.height)
            #expect(
                try #require(app.environment.views.absoluteFrame(of: container.layer)).y == offset.y, "at \(elapsed) ms"
            )
        }
        #expect(running.barSnapshot == nil)  // nothing to carry: the layer moves whole
        #expect(app.state.transition?.bar == .own)
        app.wait(duration / 2)
        #expect(app.running == nil)
    }
}
