import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// placement.h: `place_nav_bar` / `place_nav_bar_in` are called at start-up and whenever the
/// placement, the bar view or the bar's area changes — not on every relayout; a root built
/// against ABI 1.3 gets the area, an older one the old call (its table is never read past its end).
struct PlacementCallTests {
    static func places(_ environment: PlugboardHost, _ root: String) -> [String] {
        messages(environment, from: root).filter { $0.hasPrefix("place") }
    }

    @Test func placeNavBarOnlyWhenThePlacementOrTheAreaChanges() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture(root: "test.root.swift").launch(environment: environment)
        let places = { Self.places(environment, "test.root.swift") }
        let phone = "place bar onTop in 390.0x44.0 at y 47.0"
        #expect(places() == [phone])
        try app.transition.push("plugin").start()  // home's bar model: still on_top
        #expect(app.back())
        app.layout()  // a relayout, same placement and area
        #expect(places() == [phone])
        app.setDevice(.tablet)  // the area changes
        let tablet = "place bar onTop in 1024.0x50.0 at y 24.0"
        #expect(places() == [phone, tablet])
        try app.transition.push("shows").start()  // its own bar model says overlay
        #expect(places() == [phone, tablet, "place bar overlay in 1024.0x50.0 at y 24.0"])
        #expect(app.back())
        #expect(places() == [phone, tablet, "place bar overlay in 1024.0x50.0 at y 24.0", tablet])
    }

    static func fixture(root: String, settings: [String: Any] = [:]) -> AppFixture {
        var fixture = StandardApp.fixture(root: root)
        fixture.plugins.append(AppFixture.plugin(root, type: "menu", library: "TestPlacementC"))
        fixture.settings.merge(settings) { $1 }
        return fixture
    }

    /// A C root answering only `place_nav_bar_in` gets the area; the host frames nothing of the
    /// bar itself, and the content starts where the root put it.
    @Test func aRootBuiltAgainst13GetsTheArea() throws {
        let environment = PlugboardHost()
        let app = try Self.fixture(root: "test.placement.v13").launch(environment: environment)
        #expect(Self.places(environment, "test.placement.v13") == ["place_in 0 0,47 390x44 inset 47"])
        let bar = try #require(app.rootContainer.bar?.view)
        #expect(environment.views.absoluteFrame(of: bar) == Rect(x: 0, y: 47, width: 390, height: 44))

        // Without the UI Builder bar the host draws the status bar above the root's view.
        let plain = PlugboardHost()
        _ = try Self.fixture(root: "test.placement.v13", settings: ["use_ui_builder_nav_bar": false])
            .launch(environment: plain)
        #expect(Self.places(plain, "test.placement.v13") == ["place_in 0 0,0 390x44 inset 0"])
    }

    /// A root whose descriptor says ABI 1.2 has a one-function table; it ends at a guard page, so
    /// reading `place_nav_bar_in` would crash the test. It gets `place_nav_bar`.
    @Test func aRootBuiltAgainst12GetsTheOldCallAndItsTableIsNotReadPastItsEnd() throws {
        let environment = PlugboardHost()
        let app = try Self.fixture(root: "test.placement.v12").launch(environment: environment)
        #expect(app.root.placesNavigationBar)
        #expect(Self.places(environment, "test.placement.v12") == ["place 0"])
        app.setDevice(.tablet)
        #expect(Self.places(environment, "test.placement.v12") == ["place 0"])  // same bar, same placement
    }
}
