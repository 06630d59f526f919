import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Seed 003's bar per screen: values a C screen sets through plugboard.host.screen-bar, and a
/// screen's own bar view (plugboard.ext.custom-bar), kept with the screen through the stack.
struct ScreenBarTests {
    @Test func aScreensOwnValuesFollowItThroughPushAndPop() throws {
        let app = try Seed003App.launch()
        try app.transition.push("own").start()
        #expect(app.state.bar.title == "Own title")
        #expect(app.state.bar.background == "#FF336699")
        #expect(app.state.bar.titleColor == ARGBColor(0xFFFF_CC00))
        try app.transition.push("fine").start()
        #expect(app.state.bar.title == "Fine")  // nothing leaks to the next screen
        #expect(app.state.bar.background == "#FF101010")
        #expect(app.state.bar.titleColor == ARGBColor(0xFFFF_FFFF))
        #expect(app.back())
        #expect(app.state.bar.title == "Own title")  // exactly as it left it, no plugin code
        #expect(app.state.bar.background == "#FF336699")
    }

    @Test func aChangeWhileOnTopShowsAtOnceAndAHiddenBarComesBackWithTheScreen() throws {
        let app = try Seed003App.launch()
        try app.transition.push("own").start()
        try app.tap(identifier: "retitle")
        #expect(app.state.bar.title == "Retitled")
        try app.tap(identifier: "hide-bar")
        #expect(app.state.bar.placement == .hidden)
        #expect(app.state.frames.navigationBar == nil)
        try app.transition.push("fine").start()
        #expect(app.state.bar.placement == .onTop)
        #expect(app.back())
        #expect(app.state.bar.placement == .hidden)
        #expect(app.state.bar.title == "Retitled")
        try app.tap(identifier: "reset")
        #expect(app.state.bar.placement == .onTop)
        #expect(app.state.bar.title == "Own")  // the rivers.json name again
        #expect(app.state.bar.background == "#FF101010")
    }

    @Test func theBarPluginIsToldTheScreensTitle() throws {
        let environment = PlugboardHost()
        let app = try Seed003App.fixture().launch(environment: environment)
        try app.transition.push("own").start()
        #expect(messages(environment, from: "test.navbar.swift").last { $0.hasPrefix("title ") } == "title Own title")
    }

    @Test func aScreensOwnBarViewTakesTheBarsPlaceWhileItIsOnTop() throws {
        let app = try Seed003App.launch()
        let tree = app.environment.views
        try app.transition.push("custom").start()
        let state = app.state
        #expect(state.bar.customBar && state.bar.translucent && state.bar.largeTitle)
        let ownBar = try #require(tree.find(identifier: "own-bar", under: app.window))
        let area = try #require(state.frames.navigationBar)
        #expect(area.height == app.device.statusBarHeight + app.device.navigationBarHeight + 52)
        #expect(tree.absoluteFrame(of: ownBar)?.height == app.device.navigationBarHeight + 52)
        #expect(tree.isVisible(ownBar))
        #expect(state.frames.content.y == 0)  // translucent: the content runs under the bar
        let pluginBar = try #require(app.rootContainer.bar?.view)
        #expect(!tree.isVisible(pluginBar))
        // Pushed over, then back: the own bar leaves the slot and comes back with the screen.
        try app.transition.push("fine").start()
        #expect(!app.state.bar.customBar)
        #expect(tree.isVisible(pluginBar))
        #expect(tree[ownBar]?.parent == nil)
        #expect(app.back())
        #expect(app.state.bar.customBar)
        #expect(tree.isVisible(ownBar))
    }
}
