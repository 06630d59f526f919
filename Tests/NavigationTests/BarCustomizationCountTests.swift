import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// nav_bar.h: a bar gets `customize_for_screen`, `update_title`, `set_context_button` when the
/// screen its container shows changes — once per change, and only the bars whose container
/// changed (a bar covered by a presented screen is not told again about the screen it already
/// shows). The test bar logs each call.
struct BarCustomizationCountTests {
    /// The bar calls logged since `mark`: customisations and the titles they were for.
    struct Calls: Equatable, CustomStringConvertible {
        var customizations = 0
        var titles: [String] = []
        var contextButtons = 0
        /// Bars made (`init`) and destroyed.
        var setUps = 0
        var tearDowns = 0
        var description: String {
            "\(customizations) customizations, titles \(titles), \(contextButtons) context, "
                + "\(setUps) set up, \(tearDowns) torn down"
        }
    }

    final class Counter {
        let environment: PlugboardHost
        var mark = 0
        init(_ environment: PlugboardHost) { self.environment = environment }

        /// The bar calls since the last `take`.
        func take() -> Calls {
            let all = messages(environment, from: "test.navbar.swift")
            defer { mark = all.count }
            var calls = Calls()
            for message in all.dropFirst(mark) {
                if message.hasPrefix("customize ") { calls.customizations += 1 }
                if message.hasPrefix("title ") { calls.titles.append(String(message.dropFirst("title ".count))) }
                if message.hasPrefix("context ") { calls.contextButtons += 1 }
                if message.hasPrefix("setUp ") { calls.setUps += 1 }
                if message == "tearDown" { calls.tearDowns += 1 }
            }
            return calls
        }
    }

    static func launch(capacity: Int = 8, castDevices: [String] = []) throws -> (PlugboardApp, Counter) {
        let environment = PlugboardHost()
        var fixture = StandardApp.fixture()
        fixture.settings["screen_cache_capacity"] = capacity
        fixture.settings["cast_devices"] = castDevices
        let app = try fixture.launch(environment: environment)
        let counter = Counter(environment)
        #expect(counter.take() == Calls(customizations: 1, titles: ["Home"], contextButtons: 1, setUps: 1), "start-up")
        return (app, counter)
    }

    @Test func aPushAndAPopCustomizeTheRootBarOnceEach() throws {
        let (app, counter) = try Self.launch()
        #expect(app.showScreen("shows"))
        #expect(counter.take() == Calls(customizations: 1, titles: ["Shows"], contextButtons: 1))
        #expect(app.back())
        #expect(counter.take() == Calls(customizations: 1, titles: ["Home"], contextButtons: 1))
    }

    @Test func aPresentCustomizesOnlyTheNewBarAndADismissNone() throws {
        let (app, counter) = try Self.launch()
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.state.presented == [["plugin"]])
        // The presented container's own bar, once; the covered root bar still shows Home.
        #expect(counter.take() == Calls(customizations: 1, titles: ["Plugin"], contextButtons: 1, setUps: 1))
        #expect(app.close())
        // Home is uncovered: the root bar was customised for it and nothing changed since. The
        // dismissed container is kept with its bar while its screen is cached.
        #expect(counter.take() == Calls())
        // Opened again from the cache: the same container and bar, already showing this screen.
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.state.presented == [["plugin"]])
        #expect(counter.take() == Calls())
        #expect(app.environment.views.find(identifier: "nav-item:to-plugin", under: app.window) != nil)
        #expect(app.close())
        #expect(counter.take() == Calls())
    }

    @Test func aKeptBarIsCustomizedForWhatChangedWhileItWasAway() throws {
        let (app, counter) = try Self.launch()
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        app.setDevice(.tablet)
        _ = counter.take()
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(counter.take() == Calls(customizations: 1, titles: ["Plugin"], contextButtons: 1))
    }

    @Test func aKeptBarWhoseScreenIsEvictedShowsTheNextPresentedScreen() throws {
        let (app, counter) = try Self.launch(capacity: 1)
        try app.tap(identifier: "nav-item:to-plugin")
        _ = counter.take()
        #expect(app.close())
        // Home is on the stack, so the dismissed screen is evicted at once; its bar stays spare.
        #expect(app.state.cache.evictions == 1)
        #expect(counter.take() == Calls())
        try app.tap(identifier: "nav-item:to-shows")
        #expect(app.state.presented == [["shows"]])
        #expect(counter.take() == Calls(customizations: 1, titles: ["Shows"], contextButtons: 1))
        #expect(app.close())
        #expect(counter.take() == Calls())  // shows was evicted in turn: the same bar is spare again
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(counter.take() == Calls(customizations: 1, titles: ["Plugin"], contextButtons: 1))
        app.shutdown()
        #expect(counter.take() == Calls(tearDowns: 2))  // the root's bar and the spare
    }

    @Test func shutdownDestroysKeptBars() throws {
        let (app, counter) = try Self.launch()
        try app.tap(identifier: "nav-item:to-plugin")
        #expect(app.close())
        _ = counter.take()
        app.shutdown()
        #expect(counter.take() == Calls(tearDowns: 2))
    }

    @Test func aPushBeneathAPresentedScreenCustomizesTheCoveredRootBar() throws {
        let (app, counter) = try Self.launch()
        try app.tap(identifier: "nav-item:to-plugin")
        _ = counter.take()
        var request = NavigationRequest(.screen("shows"), origin: .link)
        request.from = app.rootContainer
        #expect(app.open(request))
        #expect(app.state.rootStack == ["home", "shows"])
        #expect(counter.take() == Calls(customizations: 1, titles: ["Shows"], contextButtons: 1))
    }

    @Test func anEvictionAddsNoCustomization() throws {
        let (app, counter) = try Self.launch(capacity: 1)
        for round in 0..<3 {
            try app.tap(identifier: "nav-item:to-plugin")
            // A bar is made the first time. Later the spare one shows the screen made again: the
            // same model, so the bar gets no call at all.
            let first = Calls(customizations: 1, titles: ["Plugin"], contextButtons: 1, setUps: 1)
            #expect(counter.take() == (round == 0 ? first : Calls()))
            #expect(app.close())
            #expect(counter.take() == Calls())
        }
        #expect(app.state.cache.evictions >= 2)
    }

    @Test func connectingACastDeviceUpdatesTheCoveredBarsCastButton() throws {
        let (app, counter) = try Self.launch(castDevices: ["Living Room"])
        try app.tap(identifier: "nav-item:cast")
        _ = counter.take()
        let before = try #require(app.environment.views.find(identifier: "nav-item:cast", under: app.window))
        let oldText = app.environment.views[before]?.text
        try app.tap(identifier: "cast-device:1")
        #expect(app.castDevice == "Living Room")
        #expect(app.state.presented.isEmpty)
        // The root bar is recustomised although its screen did not change: its cast button says so.
        #expect(counter.take().customizations == 1)
        #expect(app.environment.views[before]?.text != oldText)
    }
}
