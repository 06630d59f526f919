import Foundation
import Testing

@testable import Plugboard

/// Placement, status bar and device profiles: the frames of every container.
@Suite struct ContainerLayoutTests {
    static let phone = DeviceProfile.phone

    @Test func onTopPutsTheBarAboveTheRootContent() throws {
        let app = try StandardApp.fixture().launch()
        let frames = app.state.frames
        #expect(frames.statusBar == Rect(x: 0, y: 0, width: 390, height: 47))
        #expect(frames.navigationBar == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(frames.screen == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(app.state.bar.placement == .onTop)
    }

    @Test func overlayGivesTheRootTheWholeAreaAndDrawsTheBarOverIt() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "overlay"]).launch()
        let frames = app.state.frames
        #expect(frames.navigationBar == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(frames.content == Rect(x: 0, y: 47, width: 390, height: 797))
        // The bar is drawn after (over) the content in the layer.
        let layer = try #require(app.environment.views[app.rootContainer.layer])
        let content = try #require(layer.children.firstIndex(of: app.rootContainer.content))
        let bar = try #require(layer.children.firstIndex(of: app.rootContainer.barSlot))
        #expect(bar > content)
    }

    @Test func hiddenShowsNoBar() throws {
        let app = try StandardApp.fixture(homeBarStyles: ["state": "hidden"]).launch()
        #expect(app.state.frames.navigationBar == nil)
        #expect(app.state.frames.content == Rect(x: 0, y: 47, width: 390, height: 797))
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
        #expect(app.state.frames.content == Rect(x: 0, y: 47, width: 390, height: 797))
        #expect(messages(environment, from: "test.root.swift").contains("place bar overlay"))
    }

    @Test func theUIBuilderBarPaintsTheStatusBarWithItsBackground() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.state.statusBarColor == ARGBColor(0xFF11_2233))

        var fixture = StandardApp.fixture(homeBarStyles: ["background_color": "#FF112233"])
        fixture.settings["screen_cache_capacity"] = 4
        var screens = fixture.screens
        var navigations = screens[0]["navigations"] as! [[String: Any]]
        navigations[0]["assets"] = ["background": "https://assets.example.com/bar.png"]
        screens[0]["navigations"] = navigations
        fixture.screens = screens
        let imageApp = try fixture.launch()
        let statusBar = try #require(imageApp.environment.views[imageApp.rootContainer.statusBar])
        #expect(statusBar.imageURL == "https://assets.example.com/bar.png")  // image wins over colour
        #expect(imageApp.state.bar.background == "image https://assets.example.com/bar.png")
    }

    @Test func withoutTheUIBuilderBarTheStatusBarHasTheSettingsColour() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["use_ui_builder_nav_bar"] = false
        fixture.settings["status_bar_color"] = "#FF00FF00"
        let app = try fixture.launch()
        #expect(app.state.statusBarColor == ARGBColor(0xFF00_FF00))
        #expect(app.state.frames.statusBar == Rect(x: 0, y: 0, width: 390, height: 47))
    }

    @Test func tabletProfileAndTabletKeys() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["device"] = "tablet"
        let app = try fixture.launch()
        #expect(app.state.device == .tablet)
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 24, width: 1024, height: 50))
        #expect(app.state.frames.content == Rect(x: 0, y: 74, width: 1024, height: 1292))
        #expect(app.state.bar.titleSize == 24)  // title_size_tablet
        app.setDevice(.phone)
        #expect(app.state.bar.titleSize == 17)
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 47, width: 390, height: 44))
    }

    @Test func forceNavBarHiddenHidesTheBarForThatScreen() throws {
        let app = try StandardApp.fixture().launch()
        #expect(app.showScreen("hidden"))
        #expect(app.state.visibleScreen == "hidden")
        #expect(app.state.bar.placement == .hidden)
        #expect(app.state.frames.navigationBar == nil)
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
