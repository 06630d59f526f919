import AppTestSupport
import Foundation
import Testing

@testable import PlugboardConfig
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Seed 001's start-up: which root, which bar, the root state, the home screen shown.
@Suite struct StartupTests {
    @Test func theRootIsTheMenuNavigationsPluginAndHomeAppears() throws {
        let app = try StandardApp.fixture().launch()
        let state = app.state
        #expect(state.root == "test.root.plain")
        #expect(state.state == "root")
        #expect(state.rootStack == ["home"])
        #expect(state.visibleScreen == "home")
        #expect(state.bar.plugin == "test.navbar.swift")
        #expect(state.bar.title == "Home")
        #expect(app.lifecycle == ["will_appear home", "did_appear home"])
    }

    @Test func withoutAMenuNavigationTheBuiltInSideMenuListsNothingButWorks() throws {
        var fixture = StandardApp.fixture(root: nil)
        fixture.screens[0]["navigations"] = [AppFixture.navBar()]
        let app = try fixture.launch()
        #expect(app.state.root == "builtin.side_menu")
        #expect(app.state.bar.contextButton == .menu)  // the built-in menu answers special-action
        // The screens fill the content area the built-in menu frames (its screen container is the host's).
        #expect(app.state.frames.screen == app.state.frames.content)
    }

    @Test func aMenuWithoutNavigationTypeGetsTheBuiltInSideMenuWithItsItems() throws {
        let environment = PlugboardHost()
        let app = try StandardApp.fixture(root: nil).launch(environment: environment)
        #expect(app.state.root == "builtin.side_menu")
        #expect(app.state.menuOpen == false)
        #expect(app.menu())
        #expect(app.state.menuOpen == true)
        try app.tap(identifier: "menu-item:m-shows")
        #expect(app.state.visibleScreen == "shows")
        #expect(app.state.menuOpen == false)
    }

    @Test func aRootThatFailsToLoadFallsBackToTheBuiltInSideMenuAndSaysWhy() throws {
        let app = try StandardApp.fixture(root: "missing_root").launch()
        #expect(app.state.root == "builtin.side_menu")
        let fallback = try #require(app.events.first { $0.name == "fallback" })
        #expect(fallback.subject == "builtin.side_menu")
        #expect(
            fallback.detail?.hasPrefix("plugin 'missing_root': plugin library 'NoSuchLibrary' not found; searched: ")
                == true)
        #expect(app.events.contains { $0.name == "error" && $0.subject == "missing_root" })
    }

    @Test func useUIBuilderRootOffIgnoresTheMenuPlugin() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["use_ui_builder_root"] = false
        #expect(try fixture.launch().state.root == "builtin.side_menu")
    }

    @Test func withoutANavBarNavigationTypeTheDefaultBarIsUsed() throws {
        var fixture = StandardApp.fixture()
        var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
        navigations[0]["navigation_type"] = nil
        fixture.screens[0]["navigations"] = navigations
        let app = try fixture.launch()
        #expect(app.state.bar.plugin == "test.navbar.swift")
    }

    @Test func aConfigurationWithErrorsIsNotLoaded() throws {
        var fixture = StandardApp.fixture()
        fixture.screens[1]["type"] = "nonexistent_plugin"
        #expect(throws: AppConfiguration.Invalid.self) { try fixture.launch() }
    }

    @Test func badSettingsAreReportedWithTheirPlace() throws {
        var fixture = StandardApp.fixture()
        fixture.settings["device"] = "watch"
        let error = #expect(throws: AppConfiguration.Invalid.self) { try fixture.launch() }
        let text = try #require(error?.description)
        #expect(text.hasSuffix("/settings.json:6:14: $.device: \"watch\" is not one of phone, tablet"), "\(text)")
    }
}
