import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The Showcase and Tabs apps, with the first-party plugins, walked through every screen.
@Suite struct ShowcaseTests {
    static let showcase = URL(fileURLWithPath: PackageRoot.path + "/Examples/Showcase")
    static let tabs = URL(fileURLWithPath: PackageRoot.path + "/Examples/Tabs")

    static func launch(_ folder: URL, environment: PlugboardHost = PlugboardHost()) throws -> PlugboardApp {
        try PlugboardApp(folder: folder, searchPath: Built.searchPath, environment: environment)
    }

    /// Shows has an overlay bar, which the side menu (a root that places the bar) puts over its
    /// screens: the screen still starts below the bar, so its title clears the status bar and
    /// its first section the bar; each navigation button is as wide as its title.
    @Test func theOverlayBarOfShowsCoversNoneOfItsScreen() throws {
        let app = try Self.launch(Self.showcase)
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.bar.placement == .overlay)
        let tree = app.environment.views
        let bar = try #require(app.rootContainer.bar?.view.flatMap { tree.absoluteFrame(of: $0) })
        let screen = try #require(app.state.frames.screen)
        #expect(bar.maxY > app.device.statusBarHeight)
        #expect(screen.y == bar.maxY)
        #expect(screen.maxY == app.device.height)
        let mates = try #require(tree.find(identifier: "nav-item:sb-mates", under: app.rootContainer.bar!.view!))
        #expect(try #require(tree[mates]).frame.width > 100)  // "Crossmates", not a 44-point square
    }

    @Test(arguments: [showcase, tabs])
    func theAppsLoadWithNoErrorsAndEveryPluginLoads(folder: URL) throws {
        let app = try Self.launch(folder)
        #expect(app.configuration.warnings.isEmpty)
        #expect(app.plugins.failures.isEmpty, "\(app.plugins.failures)")
        #expect(!app.events.contains { $0.name == "error" || $0.name == "fallback" }, "\(app.events)")
        #expect(app.state.bar.plugin == "general_nav_bar")
        #expect(app.state.visibleScreen == "home")
        // Analytics, login and player plugins load as configuration, with no library.
        #expect(app.plugins.plugin("TestAnalyticsProvider_iOS") == nil)
        #expect(app.configuration.plugins.entry("FacebookLoginPlugin") != nil)
    }

    @Test func everyMenuItemOfTheShowcaseBecomesTheRootContent() throws {
        let app = try Self.launch(Self.showcase)
        #expect(app.state.root == "side_menu")
        let expectations: [(item: String, screen: String)] = [
            ("m-shows", "shows"), ("m-movies", "movies"), ("m-news", "news"), ("m-epg", "epg"), ("m-kids", "kids"),
            ("m-about", "about"), ("m-guide-full", "epg-full"), ("m-contact", "contact"), ("m-settings", "settings"),
        ]
        for (item, screen) in expectations {
            #expect(app.selectRootItem(item), "\(item)")
            #expect(app.state.visibleScreen == screen, "\(item)")
            #expect(app.state.rootStack == [screen], "\(item): the menu's screen is the root's only one")
            #expect(app.state.state == "root", "\(item): the menu never presents")
            let type = app.visibleEntry?.screen?.type ?? ""
            let builtIn = BuiltInScreenType(rawValue: type) != nil
            #expect(
                (app.visibleEntry?.controller is PluginScreenController) == !builtIn, "\(item) is drawn by its plugin")
            #expect(app.selectRootItem("m-home"))
            #expect(app.state.visibleScreen == "home", "\(item)")
        }
        #expect(!app.events.contains { $0.name == "error" }, "\(app.events)")
    }

    @Test func theShowcaseBarsOpenEveryButtonType() throws {
        let app = try Self.launch(Self.showcase)
        var opened: [String] = []
        app.urlOpener = { opened.append($0) }
        try app.tap(identifier: "nav-item:nb-epg")  // a screen button: presented, whatever EPG's manifest says
        #expect(app.state.presented == [["epg"]])
        #expect(app.state.bar.placement == .onTop)  // white-label EPG
        #expect(app.close())
        try app.tap(identifier: "nav-item:nb-web")  // a URL button: handed to the system
        #expect(opened == ["https://showcase.example/about"])
        #expect(app.state.visibleScreen == "home")
        try app.tap(identifier: "nav-item:nb-live")  // live drawer component, over the current screen
        #expect(app.state.visibleScreen == "live_drawer:nb-live")
        #expect(app.presented.last?.kind == .drawer)
        #expect(app.close())
        #expect(app.selectRootItem("m-shows"))  // Shows has its own bar: feed, crossmates, cast
        #expect(app.state.bar.placement == .overlay)
        #expect(app.state.bar.presentationStyle == .logo)
        try app.tap(identifier: "nav-item:sb-feed")
        #expect(app.state.visibleScreen == "applicaster_feed:sb-feed")
        #expect(app.close())
        try app.tap(identifier: "nav-item:sb-mates")
        #expect(app.state.visibleScreen == "applicaster_crossmates:sb-mates")
        let mates = try #require(app.visibleEntry?.controller.view)  // the Components plugin's screen
        let matesTexts = app.collect(under: mates).compactMap { app.environment.views[$0]?.text }
        #expect(matesTexts.contains("Chat with friends watching shows"))
        #expect(app.close())
        try app.tap(identifier: "nav-item:sb-cast")
        #expect(app.state.visibleScreen == "cast:sb-cast")
        #expect(app.close())
        #expect(app.state.visibleScreen == "shows")
    }

    @Test func theFullScreenGuideHidesTheBarAndClosesWithItsOwnButton() throws {
        let app = try Self.launch(Self.showcase)
        #expect(app.selectRootItem("m-guide-full"))
        #expect(app.state.bar.placement == .hidden)
        #expect(app.state.frames.navigationBar == nil)
        try app.tap(identifier: "epg-close")  // the root's content: closing goes back to Home
        #expect(app.state.state == "root")
        #expect(app.state.visibleScreen == "home")
        #expect(app.events.contains(AppEvent("screen_close", "epg_legacy_screen")))
        #expect(app.showScreen("epg-full"))  // presented (its styles say so): closing dismisses it
        #expect(app.state.state == "presentation")
        try app.tap(identifier: "epg-close")
        #expect(app.state.state == "root")
    }

    /// The routing tour (a Components plugin screen) routes through plugboard.host.routing: its
    /// composed transition pushes the show and presents Contact Us, its link opens an article;
    /// its status line shows each completion.
    @Test func theRoutingTourRoutesByTransitionAndByLink() throws {
        let app = try Self.launch(Self.showcase)
        #expect(app.selectRootItem("m-tour"))
        let tour = try #require(app.visibleEntry?.controller.view)
        let status = {
            app.collect(under: tour).compactMap { app.environment.views[$0] }.first { $0.identifier == "tour-status" }?
                .text
        }
        #expect(status() == "Ready")
        try app.tap(identifier: "tour-compose")
        #expect(app.state.url == "app://tour/show-details::harbour-lights?contact=v")
        #expect(status() == "tour: ran")
        #expect(app.close() && app.back())
        try app.tap(identifier: "tour-link")
        #expect(app.state.url == "app://news/article::42")
        #expect(status() == "link: ran")
    }

    @Test func contactUsUsesItsConfigurationAndBackground() throws {
        let app = try Self.launch(Self.showcase)
        #expect(app.selectRootItem("m-contact"))
        let view = try #require(app.visibleEntry?.controller.view)
        #expect(app.environment.views[view]?.backgroundColor == ARGBColor(0xFF26_4653))
        let texts = app.collect(under: view).compactMap { app.environment.views[$0]?.text }
        #expect(texts.contains("Email: support@showcase.example"))
    }

    @Test func theTabsAppUsesTheTabBarRoot() throws {
        let app = try Self.launch(Self.tabs)
        #expect(app.state.root == "tab_bar")
        #expect(app.state.bar.contextButton == .none)
        #expect(app.state.frames.navigationBar != nil)
        try app.tap(identifier: "tab:t-shows")
        #expect(app.state.visibleScreen == "shows")
    }
}
