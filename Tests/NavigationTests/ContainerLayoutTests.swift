import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Placement and device profiles: the frames of every container, with the UI Builder bar (the
/// default; the status bar with it off is in StatusBarTests).
@Suite struct ContainerLayoutTests {
    static let phone = DeviceProfile.phone

    @Test func onTopPutsTheBarAboveTheRootContent() throws {
        let app = try StandardApp.fixture().launch()
        let frames = app.state.frames
        #expect(frames.statusBar == nil)  // the bar takes the status-bar space
        #expect(frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 91))
        #expect(frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(frames.screen == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(app.state.bar.placement == .onTop)
        // The bar plugin still gets a bar-sized view, at the bottom of the bar's area.
        let barView = try #require(app.rootContainer.bar?.view)
        #expect(app.environment.views.absoluteFrame(of: barView) == Rect(x: 0, y: 47, width: 390, height: 44))
    }

    @Test func overlayDrawsTheBarOverTheRootButTheScreenStartsBelowIt() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "overlay"]).launch()
        let frames = app.state.frames
        #expect(frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 91))
        // Neither the status bar nor the screen's first row is under the bar.
        #expect(frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(frames.screen == Rect(x: 0, y: 91, width: 390, height: 753))
        // The bar is drawn after (over) the content in the layer.
        let layer = try #require(app.environment.views[app.rootContainer.layer])
        let content = try #require(layer.children.firstIndex(of: app.rootContainer.content))
        let bar = try #require(layer.children.firstIndex(of: app.rootContainer.barSlot))
        #expect(bar > content)
    }

    @Test func aScreenThatAsksToGoUnderAnOverlayBarTakesTheWholeArea() throws {
        var fixture = StandardApp.fixture(homeBarStyles: ["state": "overlay"])
        fixture.screens[0]["styles"] = ["content_under_nav_bar": true]
        let app = try fixture.launch()
        #expect(app.state.bar.placement == .overlay)
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 91))
        #expect(app.state.frames.content == Rect(x: 0, y: 0, width: 390, height: 844))
        // Only under an overlay bar: on another screen's bar it starts below it again.
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.bar.placement == .overlay)
        #expect(app.state.frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
    }

    @Test func asksToGoUnderHasNoEffectOnAnOnTopBar() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[0]["styles"] = ["content_under_nav_bar": true]
        let app = try fixture.launch()
        #expect(app.state.bar.placement == .onTop)
        #expect(app.state.frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
    }

    @Test func hiddenShowsNoBar() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "hidden"]).launch()
        #expect(app.state.frames.navigationBar == nil)
        #expect(app.state.frames.content == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(app.environment.views[app.rootContainer.barSlot]?.isHidden == true)
    }

    @Test func aRootWithThePlacementExtensionPlacesTheBarItself() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture(root: "test.root.swift", homeBarStyles: ["state": "overlay"])
            .launch(environment: environment)
        let barView = try #require(app.rootContainer.bar?.view)
        let rootView = try #require(app.root.view)
        #expect(environment.views[barView]?.parent == rootView)
        #expect(environment.views[app.rootContainer.barSlot]?.isHidden == true)
        #expect(app.state.frames.navigationBar == nil)
        #expect(app.state.frames.content == Rect(x: 0, y: 0, width: 390, height: 844))  // the root places the bar
        #expect(messages(environment, from: "test.root.swift").contains("place bar overlay in 390.0x44.0 at y 47.0"))
    }

    @Test func tabletProfileAndTabletKeys() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["device"] = "tablet"
        let app = try fixture.launch()
        #expect(app.state.device == .tablet)
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 0, width: 1024, height: 74))  // 24 + 50
        #expect(app.state.frames.content == Rect(x: 0, y: 74, width: 1024, height: 1292))
        #expect(app.state.bar.titleSize == 24)  // title_size_tablet
        app.setDevice(.phone)
        #expect(app.state.bar.titleSize == 17)
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 91))
    }

    @Test func forceNavBarHiddenHidesTheBarForThatScreen() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.showScreen("hidden"))
        #expect(app.state.visibleScreen == "hidden")
        #expect(app.state.bar.placement == .hidden)
        #expect(app.state.frames.navigationBar == nil)
        #expect(app.state.frames.content == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(app.back())
        #expect(app.state.bar.placement == .onTop)
    }

    @Test func whiteLabelScreensForceOnTop() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "overlay"]).launch()
        #expect(app.state.bar.placement == .overlay)
        #expect(app.selectRootItem("m-settings"))
        #expect(app.state.visibleScreen == "settings")
        #expect(app.state.bar.placement == .onTop)
    }

    @Test func screensWithoutABarModelUseHomes() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["style": "center"]).launch()
        #expect(app.selectRootItem("m-plugin"))  // the plugin screen has no navigations
        #expect(app.state.bar.style == "center")
        #expect(app.state.bar.background == "#FF112233")
        // A screen with its own model uses it.
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.bar.placement == .overlay)
        #expect(app.state.bar.presentationStyle == .logo)
        #expect(app.state.bar.logo == "https://assets.example.com/logo.png")
    }
}
