import AppTestSupport
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardNavigation

/// Seed 004's `updateRoutes:` in the app: routes added, replaced and removed while it runs; the
/// state URL is written with the new routes, and what no route names any more is left.
struct RouteUpdateTests {
    typealias Change = AppRoutes.Change

    @Test func anAddedRouteOpensItsScreenWithItsTransition() throws {
        let app = try Seed003App.launch()
        let fade = TransitionSpec(duration: 200, curve: .easeOut, direction: .fade)
        #expect(try app.updateRoutes([Change(key: "up", screenID: "fine", transition: fade)]) == nil)
        app.clock.mode = .virtual
        try app.open(urlText: "app://home/up")
        #expect(app.state.transition?.duration == 200 && app.state.transition?.direction == .fade)
        app.wait(200)
        #expect(app.state.rootStack == ["home", "fine"])
        #expect(app.stateURL.description == "app://home/fine")  // its own route still names it
        #expect(app.events.contains { $0.name == "routes" && $0.subject == "up → fine (stack, 200 ms ease_out fade)" })
    }

    /// An animation route set while the app runs (seed 004's `route.to("menu").animation(…)`):
    /// any screen slides in as a drawer with the route's own transition, and the state URL
    /// names it by that route.
    @Test func anAnimationRouteSlidesItsScreenInWithItsOwnTransition() throws {
        let app = try Seed003App.launch()
        let slide = TransitionSpec(duration: 300, curve: .linear, direction: .fromLeft)
        try app.updateRoutes([Change(key: "slide", screenID: "more", kind: .animation, transition: slide)])
        app.clock.mode = .virtual
        try app.open(urlText: "app://home?slide=v")
        #expect(app.state.transition?.duration == 300 && app.state.transition?.direction == .fromLeft)
        #expect(app.presented.last?.kind == .drawer)
        app.wait(300)
        #expect(app.state.presented == [["more"]] && app.state.transition == nil)
        #expect(app.stateURL.description == "app://home?slide=v")
        try app.open(urlText: "app://home")
        #expect(app.state.transition?.duration == 300)  // hidden the same way
    }

    /// A screen whose own route was removed is written with another route to it, and that URL
    /// opens the same state in an app started with the same changes (a restarted engine).
    @Test func aScreenIsWrittenWithTheRouteThatStillNamesIt() throws {
        let app = try Seed003App.launch()
        try app.open(urlText: "app://home/fine?more=v")
        let changes = [
            Change(key: "headlines", screenID: "fine"), Change(key: "fine", screenID: nil),
            Change(key: "sheet", screenID: "more", kind: .modal), Change(key: "more", screenID: nil),
        ]
        #expect(try app.updateRoutes(changes) == nil)
        #expect(app.stateURL.description == "app://home/headlines?sheet=v")
        #expect(throws: RoutingError.unknownRoute("fine")) { try app.open(urlText: "app://home/fine") }

        let restarted = try Seed003App.fixture().launch(startURL: "app://home/headlines?sheet=v", routeChanges: changes)
        #expect(restarted.startURLFailure == nil)
        #expect(restarted.state.rootStack == ["home", "fine"] && restarted.state.presented == [["more"]])
    }

    /// A plugin changing routes in a loop grows nothing: what the app keeps for a supervisor to
    /// replay is one change per route that differs from the configuration (however many led
    /// there), it rebuilds the same routes in a restarted app, and routes beyond
    /// `AppRoutes.maximumCount` are refused.
    @Test func routeChangesInALoopKeepOneChangePerRoute() throws {
        let app = try Seed003App.launch()
        let configured = app.routes.sorted
        for round in 0..<500 {
            try app.updateRoutes([Change(key: "alias", screenID: round % 2 == 0 ? "fine" : "own")])
            try app.updateRoutes([Change(key: "alias", screenID: nil)])
            try app.updateRoutes([Change(key: "fine", screenID: nil)])
            try app.updateRoutes([Change(key: "fine", screenID: "fine")])  // as configured again
        }
        #expect(app.appliedRouteChanges.isEmpty, "back where the configuration left them")
        try app.updateRoutes([Change(key: "alias", screenID: "own", kind: .modal), Change(key: "fine", screenID: nil)])
        #expect(
            app.appliedRouteChanges == [
                Change(key: "alias", screenID: "own", kind: .modal), Change(key: "fine", screenID: nil),
            ])
        let restarted = try Seed003App.fixture().launch(startURL: nil, routeChanges: app.appliedRouteChanges)
        #expect(restarted.routes.sorted == app.routes.sorted && restarted.routes.sorted != configured)

        let many = (0..<AppRoutes.maximumCount).map { Change(key: "r\($0)", screenID: "own") }
        #expect(throws: RoutingError.self) { try app.updateRoutes(many) }
        #expect(app.routes.sorted.count == configured.count, "refused whole")
    }

    /// Removing the only routes to screens the app shows leaves those screens at once and says
    /// so; the state URL opens the state the app is in.
    @Test func whatNoRouteNamesIsLeftAndTheRepairIsTold() throws {
        let app = try Seed003App.launch()
        app.clock.mode = .virtual
        try app.transition.push("fine").push("own").present("more").start()
        app.wait(2_000)
        #expect(app.stateURL.description == "app://home/fine/own?more=v")
        let message = try app.updateRoutes([Change(key: "own", screenID: nil), Change(key: "more", screenID: nil)])
        #expect(
            message
                == "app://home/fine/own?more=v is no longer a state of the app (no route opens 'own' in the stack; no route presents 'more'); now app://home/fine"
        )
        #expect(app.state.rootStack == ["home", "fine"] && app.state.presented.isEmpty)
        #expect(app.state.transition == nil)  // left at once, without animation
        #expect(app.events.last == AppEvent("routes", "repaired", detail: message))
        let fresh = try Seed003App.launch()
        try fresh.open(url: app.stateURL)
        #expect(fresh.state.rootStack == app.state.rootStack)
    }

    @Test(arguments: [
        ([Change(key: "menu", screenID: "fine")], "'menu' is the built-in side-menu route"),
        ([Change(key: "", screenID: "fine")], "a route key cannot be empty"),
        ([Change(key: "x", screenID: "nowhere")], "route 'x' names no screen 'nowhere' of rivers.json"),
        ([Change(key: "gone", screenID: nil)], "no route 'gone'"),
        ([Change(key: "home", screenID: nil)], "the home screen 'home' must keep a stack route"),
        (
            [
                Change(key: "ok", screenID: "fine"),
                Change(
                    key: "x", screenID: "fine", transition: .init(duration: 20_000, curve: .linear, direction: .fade)),
            ],
            "route 'x': a duration is 0 to 10000 ms, not 20000.0"
        ),
    ])
    func aBadChangeIsRefusedAndNothingChanges(changes: [Change], why: String) throws {
        let app = try Seed003App.launch()
        let before = app.routes.sorted
        #expect(throws: RoutingError.unusable(why)) { try app.updateRoutes(changes) }
        #expect(app.routes.sorted == before)
        #expect(app.appliedRouteChanges.isEmpty)
    }

    /// A state URL written under other routes (settings.json changed under a running `serve`)
    /// starts at the part the new routes can open, and says what was left out.
    @Test func aStartURLTheRoutesNoLongerOpenStartsAtWhatTheyDo() throws {
        let app = try Seed003App.fixture().launch(startURL: "app://home/fine/gone/own?more=v&old=v")
        #expect(app.state.rootStack == ["home", "fine"] && app.state.presented == [["more"]])
        let why = try #require(app.startURLFailure?.description)
        #expect(why == "no screen route 'gone'; the screen after it; no route 'old'")
    }
}
