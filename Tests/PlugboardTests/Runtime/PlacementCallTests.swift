import Foundation
import Testing

@testable import Plugboard

/// placement.h: `place_nav_bar` is called at start-up and whenever the placement changes — not
/// on every relayout.
struct PlacementCallTests {
    @Test func placeNavBarOnlyWhenThePlacementChanges() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture(root: "test.root.swift").launch(environment: environment)
        let places = { messages(environment, from: "test.root.swift").filter { $0.hasPrefix("place bar") } }
        #expect(places() == ["place bar onTop"])
        try app.transition.push("plugin").start()  // home's bar model: still on_top
        #expect(app.back())
        app.setDevice(.tablet)  // a relayout, same placement
        #expect(places() == ["place bar onTop"])
        try app.transition.push("shows").start()  // its own bar model says overlay
        #expect(places() == ["place bar onTop", "place bar overlay"])
        #expect(app.back())
        #expect(places() == ["place bar onTop", "place bar overlay", "place bar onTop"])
    }
}
