import AppTestSupport
import Foundation
import Testing

@testable import PlugboardCore
@testable import PlugboardNavigation
@testable import PlugboardRender

/// Seed 001's status bar: with the UI Builder bar on there is no status-bar container and the
/// bar's area takes its space in the bar's background; with it off the status-bar container is
/// shown in `status_bar_color`, whatever the bar does.
@Suite struct StatusBarTests {
    /// The home bar's colour in StandardApp, and a status-bar colour unlike it.
    static let barColor = ARGBColor(0xFF11_2233)
    static let statusColor = ARGBColor(0xFF00_FF00)

    /// StandardApp with the setting and a status-bar colour the bar never has.
    static func launch(
        uiBuilderBar: Bool, root: String? = "test.root.plain", homeBarStyles: [String: Any] = [:],
        barImage: String? = nil
    ) throws -> PlugboardApp {
        var fixture = StandardApp.fixture(root: root, homeBarStyles: homeBarStyles)
        fixture.settings["use_ui_builder_nav_bar"] = uiBuilderBar
        fixture.settings["status_bar_color"] = "#FF00FF00"
        if let barImage {
            var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
            navigations[0]["assets"] = ["background": barImage]
            fixture.screens[0]["navigations"] = navigations
        }
        return try fixture.launch()
    }

    static func rect(_ y: Double, _ height: Double) -> Rect { Rect(x: 0, y: y, width: 390, height: height) }

    @Test(
        arguments: [
            // The UI Builder bar: its area from the top edge, no status-bar container.
            (true, "on_top", nil, nil, rect(0, 91), rect(91, 753)),
            (true, "overlay", nil, nil, rect(0, 91), rect(91, 753)),  // the screen starts below the bar
            (true, "hidden", nil, nil, nil, rect(0, 844)),
            (true, "on_top", "m-hidden", nil, nil, rect(0, 844)),  // force_nav_bar_hidden
            // Without it: the status-bar container on top, the bar under it.
            (false, "on_top", nil, rect(0, 47), rect(47, 44), rect(91, 753)),
            (false, "overlay", nil, rect(0, 47), rect(47, 44), rect(91, 753)),
            (false, "hidden", nil, rect(0, 47), nil, rect(47, 797)),
            (false, "on_top", "m-hidden", rect(0, 47), nil, rect(47, 797)),
        ] as [(Bool, String, String?, Rect?, Rect?, Rect)])
    func theFramesOfEachPlacement(
        uiBuilderBar: Bool, state: String, menuItem: String?, statusBar: Rect?, navigationBar: Rect?, content: Rect
    ) throws {
        let app = try Self.launch(uiBuilderBar: uiBuilderBar, homeBarStyles: ["state": state])
        if let menuItem { #expect(app.selectRootItem(menuItem)) }
        let frames = app.state.frames
        #expect(frames.statusBar == statusBar)
        #expect(frames.navigationBar == navigationBar)
        #expect(frames.content == content)
        #expect(frames.screen == content)
        let tree = app.environment.views
        #expect(tree.isVisible(app.rootContainer.statusBar) == (statusBar != nil))
        #expect(tree.isVisible(app.rootContainer.barSlot) == (navigationBar != nil))
        if navigationBar != nil {
            // Either way the bar plugin gets a bar-sized view, right above the content or over it.
            let barView = try #require(app.rootContainer.bar?.view)
            #expect(tree.absoluteFrame(of: barView) == Self.rect(47, 44))
        }
    }

    @Test func withTheUIBuilderBarTheBarPaintsTheStatusBarSpace() throws {
        let app = try Self.launch(uiBuilderBar: true)
        let tree = app.environment.views
        let statusBar = try #require(tree[app.rootContainer.statusBar])
        #expect(statusBar.isHidden)
        #expect(app.state.statusBarColor == nil)
        let area = try #require(tree[app.rootContainer.barSlot])
        #expect(area.frame == Self.rect(0, 91))
        #expect(area.backgroundColor == Self.barColor)
        #expect(area.imageURL == nil)
        // Nothing draws the status bar: it is not in the scene the renderers draw.
        let scene = try #require(RenderScene(app))
        #expect(!(scene.root?.flattened ?? []).contains { $0.role == .statusBar })
    }

    @Test func theBarsImageWinsOverItsColour() throws {
        let url = "https://assets.example.com/bar.png"
        let app = try Self.launch(uiBuilderBar: true, barImage: url)
        #expect(app.state.bar.background == "image \(url)")
        let area = try #require(app.environment.views[app.rootContainer.barSlot])
        #expect(area.imageURL == url)
        #expect(area.backgroundColor == .clear)
        #expect(app.environment.views[app.rootContainer.statusBar]?.isHidden == true)
    }

    @Test(arguments: ["on_top", "overlay", "hidden"])
    func withoutTheUIBuilderBarTheStatusBarHasTheSettingsColour(state: String) throws {
        let url = "https://assets.example.com/bar.png"
        let app = try Self.launch(uiBuilderBar: false, homeBarStyles: ["state": state], barImage: url)
        let tree = app.environment.views
        for menuItem in [nil, "m-hidden"] {  // the home screen, then a force_nav_bar_hidden screen
            if let menuItem { #expect(app.selectRootItem(menuItem)) }
            let statusBar = try #require(tree[app.rootContainer.statusBar])
            #expect(!statusBar.isHidden)
            #expect(statusBar.backgroundColor == Self.statusColor)
            #expect(app.state.statusBarColor == Self.statusColor)
            // The bar's background stays on the bar plugin's own view: the host paints no area.
            let area = try #require(tree[app.rootContainer.barSlot])
            #expect(area.backgroundColor == .clear && area.imageURL == nil)
        }
    }

    @Test(arguments: [true, false])
    func presentedContainersFollowTheSameRules(uiBuilderBar: Bool) throws {
        let app = try Self.launch(uiBuilderBar: uiBuilderBar)
        #expect(app.showScreen("modal"))  // presented (its styles say so), with Home's bar model
        #expect(app.state.state == "presentation")
        let container = try #require(app.presented.last)
        let tree = app.environment.views
        let frames = app.state.frames
        if uiBuilderBar {
            #expect(frames.statusBar == nil)
            #expect(frames.navigationBar == Self.rect(0, 91))
            #expect(tree[container.statusBar]?.isHidden == true)
            #expect(tree[container.barSlot]?.backgroundColor == Self.barColor)
            #expect(app.state.statusBarColor == nil)
        } else {
            #expect(frames.statusBar == Self.rect(0, 47))
            #expect(frames.navigationBar == Self.rect(47, 44))
            #expect(tree.isVisible(container.statusBar))
            #expect(tree[container.barSlot]?.backgroundColor == .clear)
            #expect(app.state.statusBarColor == Self.statusColor)
        }
        #expect(frames.content == Self.rect(91, 753))
        let barView = try #require(container.bar?.view)
        #expect(tree.absoluteFrame(of: barView) == Self.rect(47, 44))
    }

    @Test(arguments: [true, false])
    func aRootThatPlacesTheBarGetsEverythingUnderTheStatusBar(uiBuilderBar: Bool) throws {
        let app = try Self.launch(uiBuilderBar: uiBuilderBar, root: "test.root.swift")
        let tree = app.environment.views
        let barView = try #require(app.rootContainer.bar?.view)
        #expect(tree[barView]?.parent == app.root.view)  // the root placed it, as before
        #expect(tree[app.rootContainer.barSlot]?.isHidden == true)
        #expect(app.state.frames.navigationBar == nil)
        #expect(tree.isVisible(app.rootContainer.statusBar) == !uiBuilderBar)
        #expect(app.state.frames.statusBar == (uiBuilderBar ? nil : Self.rect(0, 47)))
        #expect(app.state.frames.content == (uiBuilderBar ? Self.rect(0, 844) : Self.rect(47, 797)))
    }
}
