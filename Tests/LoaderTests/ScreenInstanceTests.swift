import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// A C screen plugin driven through its whole life, asserted from the plugin's own log.
@Suite struct ScreenInstanceTests {
    let environment = PlugboardHost()

    func makeScreen(_ id: String = "test.screen.c") throws -> ScreenInstance {
        let library = try PluginLibrary.open(path: Built.library("TestScreenC"))
        return try ScreenInstance(
            library: library, pluginID: id, environment: environment, pluginJSON: #"{"identifier":"x"}"#,
            screenJSON: #"{"id":"s1"}"#, dataSourceJSON: nil)
    }

    @Test func lifecycleCallsArriveInOrder() throws {
        let screen = try makeScreen()
        screen.layout(width: 390, height: 700)
        screen.appear()
        screen.appear()  // already shown: no second will_appear
        screen.disappear()
        screen.disappear()  // already gone: nothing
        screen.appear()
        screen.destroy()  // disappears first
        screen.destroy()  // idempotent
        #expect(
            messages(environment, from: "test.screen.c") == [
                "init", #"props {"id":"s1"}"#, "data_source NULL", "layout 390x700", "will_appear", "did_appear",
                "will_disappear", "did_disappear",
                "will_appear", "did_appear", "will_disappear", "did_disappear", "destroy",
            ])
        #expect(screen.isDestroyed)
    }

    @Test func theScreenBuildsItsViewTreeThroughTheViewAPI() throws {
        let screen = try makeScreen()
        defer { screen.destroy() }
        screen.layout(width: 300, height: 500)
        let root = try #require(screen.view)
        let tree = environment.views
        #expect(tree[root]?.kind == .container)
        #expect(tree[root]?.backgroundColor == ARGBColor(0xFF2B_2B2B))
        let children = try #require(tree[root]?.children)
        #expect(children.map { tree[$0]?.kind } == [.label, .button])
        #expect(tree[children[0]]?.text == "Hello from C")
        #expect(tree[children[1]]?.frame == Rect(x: 16, y: 48, width: 268, height: 44))
        #expect(tree[root]?.owner == screen.host.owner)
    }

    @Test func tapsReachThePluginsTargetAction() throws {
        let screen = try makeScreen()
        defer { screen.destroy() }
        let root = try #require(screen.view)
        let button = try #require(environment.views.find(identifier: "c-button", under: root))
        try environment.views.tap(button)
        try environment.views.tap(button)
        #expect(messages(environment, from: "test.screen.c").suffix(2) == ["tapped 1", "tapped 2"])
        try environment.views.setHidden(button, true, by: .host)
        #expect(throws: ViewError.notTappable(button, reason: "hidden")) { try environment.views.tap(button) }
    }

    @Test func destroyReleasesEveryViewTheInstanceLeft() throws {
        let screen = try makeScreen()
        let owner = screen.host.owner
        #expect(environment.views.allViews.contains { $0.owner == owner })
        screen.destroy()
        #expect(!environment.views.allViews.contains { $0.owner == owner })
    }
}
