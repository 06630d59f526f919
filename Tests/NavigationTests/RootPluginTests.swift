import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The first-party root plugins, loaded from their built libraries like any third-party plugin:
/// SideMenu (C: special-action and placement) and TabBar (Swift through PlugboardSDK: neither).
@Suite struct RootPluginTests {
    static let specialAction = "plugboard.ext.special-action"
    static let placement = "plugboard.ext.placement"

    /// The standard app with both plugins in plugins.json and `root` as the menu's navigation type.
    static func fixture(root: String) -> AppFixture {
        var fixture = StandardApp.fixture(root: root)
        fixture.plugins += [
            AppFixture.plugin("side_menu", type: "menu", library: "SideMenu"),
            AppFixture.plugin("tab_bar", type: "menu", library: "TabBar"),
        ]
        return fixture
    }

    /// The view named `identifier` anywhere in the app's window.
    static func view(_ app: PlugboardApp, _ identifier: String) throws -> LiveView {
        let handle = try #require(app.environment.views.find(identifier: identifier, under: app.window))
        return try #require(app.environment.views.live(handle))
    }

    /// The descriptors of a built library, and the extensions its plugins answer.
    static func describe(_ name: String) throws -> (descriptors: [PluginDescriptor], extensions: [[String]?]) {
        let library = try PluginLibrary.open(path: Built.library(name))
        defer { library.release() }
        return (library.descriptors, LibraryReport(library: library).plugins.map(\.extensions))
    }

    /// A root instance of `id` in `name`, created outside an app with `dataSourceJSON`.
    static func instance(
        _ name: String, _ id: String, dataSourceJSON: String, environment: PlugboardHost, manager: RecordingManager
    ) throws -> RootInstance {
        try RootInstance(
            library: try PluginLibrary.open(path: Built.library(name)), pluginID: id, environment: environment,
            pluginJSON: "{}", dataSourceJSON: dataSourceJSON, delegate: manager)
    }

    /// Inputs the roots must refuse (the tab bar in `create`, the side menu, which reads its model
    /// through plugboard.host.model, in `init`), without crashing.
    static let malformed = [
        "", "   ", "null", "[]", "{", #"{"nav_items":["#, #"{"nav_items":[{"id":"a",}]}"#, #"{"nav_items":{}}"#,
        #"{"nav_items":["a"]}"#, #"{"nav_items":[{"title":"no id"}]}"#, #"{"nav_items":[{"id":7}]}"#,
        #"{"nav_items":[{"id":"a\q"}]}"#, #"{"nav_items":[{"id":"a\u12"}]}"#, "{\"nav_items\":[{\"id\":\"a\u{1}\"}]}",
        #"{"nav_items":[]} {}"#, #"{'nav_items':[]}"#, #"{"nav_items":[{"id":"a","title":01}]}"#,
    ]

    // MARK: SideMenu

    @Test func sideMenuDescribesItselfAndAnswersBothExtensions() throws {
        let (descriptors, extensions) = try Self.describe("SideMenu")
        let descriptor = try #require(descriptors.first)
        #expect(descriptors.count == 1)
        #expect(descriptor.id == "side_menu")
        #expect(descriptor.name == "Side Menu")
        #expect(descriptor.version == "1.0.0")
        #expect(descriptor.kind == .root)
        #expect(!descriptor.isScreen)
        #expect(extensions == [[Self.specialAction, Self.placement]])
    }

    @Test func sideMenuIsTheRootAndTheMenuButtonShows() throws {
        let app = try Self.fixture(root: "side_menu").launch()
        #expect(app.state.root == "side_menu")
        #expect(app.state.bar.contextButton == .menu)
        #expect(app.state.frames.navigationBar == nil)  // the root places the bar
        #expect(app.events.allSatisfy { $0.name != "fallback" })
        let panel = try Self.view(app, "side-menu:panel")
        #expect(panel.isHidden)
        let rows = panel.children.compactMap { app.environment.views[$0] }
        #expect(
            rows.map(\.identifier) == [
                "menu-item:m-shows", "menu-item:m-plugin", "menu-item:m-settings", "menu-item:m-hidden",
                "menu-item:m-broken", "menu-item:m-modal",
            ])
        #expect(rows.map(\.text) == ["M-Shows", "M-Plugin", "M-Settings", "M-Hidden", "M-Broken", "M-Modal"])
        #expect(rows.allSatisfy { $0.kind == .button })
    }

    @Test func theMenuOpensAndAnItemShowsItsScreenAndClosesIt() throws {
        let environment = PlugboardHost()
        let app = try Self.fixture(root: "side_menu").launch(environment: environment)
        let panel = try Self.view(app, "side-menu:panel")
        #expect(throws: ViewError.notTappable(panel.children[0], reason: "hidden")) {
            try app.tap(identifier: "menu-item:m-shows")
        }
        #expect(app.menu())
        #expect(!panel.isHidden)
        #expect(app.events.contains(AppEvent("special_action", "side_menu")))
        try app.tap(identifier: "menu-item:m-shows")
        #expect(app.state.visibleScreen == "shows")
        #expect(app.state.rootStack == ["shows"])  // the root's content; the menu button stays
        #expect(app.state.bar.contextButton == .menu)
        #expect(panel.isHidden)
        let colors = panel.children.compactMap { app.environment.views[$0] }.map(\.textColor)
        #expect(colors[0] == ARGBColor(0xFF3F_A9F5))  // the selected row
        #expect(colors.dropFirst().allSatisfy { $0 == ARGBColor(0xFFFF_FFFF) })
        #expect(
            messages(environment, from: "side_menu") == [
                "place on_top", "menu open", "place overlay", "select m-shows", "menu closed",
            ])

        // The bar's own menu button toggles the panel too.
        try app.tap(identifier: "context")
        #expect(!panel.isHidden)
        try app.tap(identifier: "context")
        #expect(panel.isHidden)
    }

    /// A screen that asks to run under an overlay bar (`content_under_nav_bar`) gets all of the
    /// root's screen container, under the bar the root placed.
    @Test func aScreenThatAsksToRunUnderTheSideMenusOverlayBarGetsItsWholeContainer() throws {
        var fixture = Self.fixture(root: "side_menu")
        let shows = try #require(fixture.screens.firstIndex { $0["id"] as? String == "shows" })
        fixture.screens[shows]["styles"] = ["content_under_nav_bar": true]
        let app = try fixture.launch()
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.bar.placement == .overlay)
        #expect(app.state.frames.screen == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func theSideMenuPlacesTheBarForEachPlacement() throws {
        let environment = PlugboardHost()
        let app = try Self.fixture(root: "side_menu").launch(environment: environment)
        let tree = app.environment.views
        let rootView = try #require(app.root.view)
        let barView = try #require(app.rootContainer.bar?.view)
        let bar = try #require(tree.live(barView))
        let container = try #require(tree.live(app.screenContainer))
        let panel = try Self.view(app, "side-menu:panel")
        // The UI Builder bar leaves no status-bar container: the root content is the whole window.
        #expect(tree[rootView]?.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(bar.parent == rootView)
        #expect(tree[app.rootContainer.barSlot]?.isHidden == true)

        // Home: on_top. The bar in the area the host gives (below the status bar's 47 pt), the
        // screens below it.
        #expect(app.state.bar.placement == .onTop)
        #expect(!bar.isHidden)
        #expect(bar.frame == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(container.frame == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(panel.frame == Rect(x: 0, y: 91, width: 312, height: 753))
        #expect(app.state.frames.screen == Rect(x: 0, y: 91, width: 390, height: 753))

        // Shows has its own bar model: overlay. The root gives its screen container everything,
        // the bar over it; the host still starts the screen below the bar, which covers the
        // container's top (the screen does not ask to run under it).
        #expect(app.selectRootItem("m-shows"))
        #expect(app.state.bar.placement == .overlay)
        #expect(!bar.isHidden)
        #expect(bar.frame == Rect(x: 0, y: 47, width: 390, height: 44))
        #expect(container.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(tree[rootView]?.children == [app.screenContainer, barView, panel.handle])
        #expect(app.state.frames.screen == Rect(x: 0, y: 91, width: 390, height: 753))

        // Hidden forces the bar away: the screens take everything.
        #expect(app.selectRootItem("m-hidden"))
        #expect(app.state.bar.placement == .hidden)
        #expect(bar.isHidden)
        #expect(container.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(panel.frame == Rect(x: 0, y: 0, width: 312, height: 844))

        // Back to on_top; the container never lays the bar out itself.
        #expect(app.selectRootItem("m-plugin"))
        #expect(app.state.bar.placement == .onTop)
        #expect(!bar.isHidden)
        #expect(container.frame == Rect(x: 0, y: 91, width: 390, height: 753))
        #expect(app.state.frames.navigationBar == nil)
        #expect(
            messages(environment, from: "side_menu").filter { $0.hasPrefix("place") } == [
                "place on_top", "place overlay", "place hidden", "place on_top",
            ])

        // Another device: a new area (status bar 24 pt, bar 50 pt), placed again.
        app.setDevice(.tablet)
        #expect(bar.frame == Rect(x: 0, y: 24, width: 1024, height: 50))
        #expect(container.frame == Rect(x: 0, y: 74, width: 1024, height: 1366 - 74))
    }

    @Test(arguments: RootPluginTests.malformed)
    func sideMenuRefusesAMalformedDataSource(json: String) throws {
        let environment = PlugboardHost()
        let library = try PluginLibrary.open(path: Built.library("SideMenu"))
        #expect(throws: PluginLoadError.instanceInitFailed(path: library.path, plugin: "side_menu")) {
            try RootInstance(
                library: library, pluginID: "side_menu", environment: environment, pluginJSON: "{}",
                dataSourceJSON: json, delegate: RecordingManager(environment: environment))
        }
    }

    @Test func sideMenuRefusesMenusNestedTooDeeply() throws {
        let environment = PlugboardHost()
        let manager = RecordingManager(environment: environment)
        // `levels` levels of nested menus, one item each; the side menu shows 32.
        let json = { (levels: Int) in
            var item = #"{"id":"leaf"}"#
            for _ in 0..<(levels - 1) { item = #"{"id":"n","type":"nested_menu","nav_items":["# + item + "]}" }
            return #"{"nav_items":["# + item + "]}"
        }
        let root = try Self.instance(
            "SideMenu", "side_menu", dataSourceJSON: json(32), environment: environment, manager: manager)
        root.destroy()
        #expect(throws: PluginLoadError.instanceInitFailed(path: Built.library("SideMenu"), plugin: "side_menu")) {
            try Self.instance(
                "SideMenu", "side_menu", dataSourceJSON: json(33), environment: environment, manager: manager)
        }
    }

    @Test func anAppWhoseMenuTheSideMenuRefusesFallsBackToTheBuiltInMenu() throws {
        // 40 levels of nested menus: valid for the configuration, deeper than the side menu reads.
        var item = AppFixture.item("deep-40", type: "label", target: "shows")
        for level in (0..<40).reversed() {
            var parent = AppFixture.item("deep-\(level)", type: "nested_menu")
            parent["nav_items"] = [item]
            item = parent
        }
        var fixture = Self.fixture(root: "side_menu")
        var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
        navigations[1]["nav_items"] = [item]
        fixture.screens[0]["navigations"] = navigations
        let app = try fixture.launch()
        #expect(app.state.root == "builtin.side_menu")
        #expect(
            app.events.contains(
                AppEvent(
                    "fallback", "builtin.side_menu",
                    detail: "\(Built.library("SideMenu")): init of plugin 'side_menu' returned false")))
        #expect(app.state.bar.contextButton == .menu)  // the built-in menu works instead
        #expect(app.selectRootItem("deep-40"))
        #expect(app.state.visibleScreen == "shows")
    }

    @Test func sideMenuReadsEscapesNestsMenusAndUsesItsStyles() throws {
        let environment = PlugboardHost()
        let manager = RecordingManager(environment: environment)
        let json = #"""
            {"category": "menu", "styles": {"text_color": "#00FF00", "selected_text_color": "#80123456",
              "menu_background_color": "not a colour", "other": 3},
             "nav_items": [
              {"id": "h", "title": "Caf\u00e9 \"Noir\" \ud83c\udfac \\ \/", "type": "header", "data": {"n": -1.5e3}},
              {"id": "n", "title": "More", "type": "nested_menu", "nav_items": [
                {"id": "n1", "title": "Inner", "type": "label", "data": {"target": "x"}, "nav_items": null}]},
              {"id": "plain", "type": "label", "nav_items": []}]}
            """#
        let root = try Self.instance(
            "SideMenu", "side_menu", dataSourceJSON: json, environment: environment, manager: manager)
        let tree = environment.views
        let view = try #require(root.view)
        #expect(tree[view]?.children.first == manager.container)
        let panelHandle = try #require(tree.find(identifier: "side-menu:panel", under: view))
        let panel = try #require(tree.live(panelHandle))
        #expect(panel.backgroundColor == ARGBColor(0xF020_2020))  // unreadable: the default
        let rows = panel.children.compactMap { tree.live($0) }
        #expect(rows.map(\.identifier) == ["menu-item:h", "menu-item:n", "menu-item:n1", "menu-item:plain"])
        #expect(rows.map(\.text) == ["Café \"Noir\" 🎬 \\ /", "More", "Inner", "plain"])
        #expect(rows.map(\.kind) == [.label, .label, .button, .button])
        #expect(rows.map(\.textColor.rawValue) == [0xFF9E_9E9E, 0xFF9E_9E9E, 0xFF00_FF00, 0xFF00_FF00])

        root.layout(width: 390, height: 800)
        #expect(tree[manager.container]?.frame == Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(panel.frame == Rect(x: 0, y: 0, width: 312, height: 800))
        #expect(rows[1].frame == Rect(x: 16, y: 60, width: 280, height: 44))
        #expect(rows[2].frame == Rect(x: 32, y: 104, width: 264, height: 44))  // indented under "More"

        #expect(root.performSpecialAction())
        try tree.tap(rows[2].handle)
        #expect(manager.opened == ["n1"])
        #expect(panel.isHidden)
        root.selectItem("n1")
        #expect(rows[2].textColor == ARGBColor(0x8012_3456))
        #expect(rows[3].textColor == ARGBColor(0xFF00_FF00))

        root.destroy()
        #expect(tree[view] == nil)  // its own views are released
        #expect(tree[panel.handle] == nil)
        #expect(tree[manager.container] != nil)  // the host's container is not
        #expect(messages(environment, from: "side_menu") == ["menu open", "menu closed", "select n1"])
    }

    @Test func sideMenuWithoutAScreenContainerStillWorks() throws {
        let environment = PlugboardHost()
        let library = try PluginLibrary.open(path: Built.library("SideMenu"))
        let root = try RootInstance(
            library: library, pluginID: "side_menu", environment: environment, pluginJSON: "{}",
            dataSourceJSON: "{}", delegate: nil)
        defer { root.destroy() }
        #expect(messages(environment, from: "side_menu") == ["the host gave no screen container"])
        root.layout(width: 100, height: 100)
        #expect(root.performSpecialAction())
    }

    // MARK: TabBar

    @Test func tabBarDescribesItselfAndAnswersNoExtension() throws {
        let (descriptors, extensions) = try Self.describe("TabBar")
        let descriptor = try #require(descriptors.first)
        #expect(descriptors.count == 1)
        #expect(descriptor.id == "tab_bar")
        #expect(descriptor.name == "Tab Bar")
        #expect(descriptor.version == "1.0.0")
        #expect(descriptor.kind == .root)
        #expect(!descriptor.isScreen)
        #expect(extensions == [[]])
    }

    @Test func tabBarIsTheRootWithTabsAlongTheBottom() throws {
        let app = try Self.fixture(root: "tab_bar").launch()
        #expect(app.state.root == "tab_bar")
        #expect(app.state.bar.contextButton == .none)
        #expect(!app.menu())
        // The container places the bar (on_top, over the status-bar space) and the root content
        // below it: 390 × 753.
        #expect(app.state.frames.navigationBar == Rect(x: 0, y: 0, width: 390, height: 91))
        #expect(app.state.frames.content == Rect(x: 0, y: 91, width: 390, height: 753))
        let ids = ["m-shows", "m-plugin", "m-settings", "m-hidden", "m-broken", "m-modal"]
        for (index, id) in ids.enumerated() {
            let tab = try Self.view(app, "tab:\(id)")
            #expect(tab.kind == .button)
            #expect(tab.text == id.capitalized)
            #expect(tab.frame == Rect(x: Double(index) * 65, y: 0, width: 65, height: 49))
        }
        #expect(try Self.view(app, "tab-bar:tabs").frame == Rect(x: 0, y: 704, width: 390, height: 49))
        #expect(app.environment.views[app.screenContainer]?.frame == Rect(x: 0, y: 0, width: 390, height: 704))
        #expect(app.state.frames.screen == Rect(x: 0, y: 91, width: 390, height: 704))
    }

    @Test func tappingATabShowsItsScreenAndSelectsIt() throws {
        let environment = PlugboardHost()
        let app = try Self.fixture(root: "tab_bar").launch(environment: environment)
        try app.tap(identifier: "tab:m-plugin")
        #expect(app.state.visibleScreen == "plugin")
        #expect(app.state.rootStack == ["plugin"])
        #expect(messages(environment, from: "tab_bar") == ["select m-plugin"])
        #expect(try Self.view(app, "tab:m-plugin").textColor == ARGBColor(0xFF00_7AFF))
        #expect(try Self.view(app, "tab:m-shows").textColor == ARGBColor(0xFF8E_8E93))

        try app.tap(identifier: "tab:m-shows")
        #expect(app.state.visibleScreen == "shows")
        #expect(try Self.view(app, "tab:m-plugin").textColor == ARGBColor(0xFF8E_8E93))
        #expect(try Self.view(app, "tab:m-shows").textColor == ARGBColor(0xFF00_7AFF))
        #expect(messages(environment, from: "tab_bar") == ["select m-plugin", "select m-shows"])
    }

    @Test func onlyTopLevelScreenItemsMakeTabs() throws {
        let environment = PlugboardHost()
        let manager = RecordingManager(environment: environment)
        let json = #"""
            {"category": "menu", "styles": {"selected_text_color": "#FF0000", "text_color": 5}, "nav_items": [
              {"id": "head", "title": "Header", "type": "header", "data": {"target": "x"}},
              {"id": "nest", "type": "nested_menu", "nav_items": [{"id": "inner", "type": "label", "data": {"target": "x"}}]},
              {"id": "screen", "title": "Screen", "type": "label", "data": {"target": "x"}},
              {"id": "empty", "type": "label", "data": {"target": null, "source": null}},
              {"id": "url", "title": "", "type": "button", "data": {"source": "https://example.com"}},
              {"id": "settings", "title": "Settings", "type": "applicaster_settings"},
              {"id": "cast", "type": "chromecast"},
              {"id": "ad", "type": "ad"}]}
            """#
        let root = try Self.instance(
            "TabBar", "tab_bar", dataSourceJSON: json, environment: environment, manager: manager)
        defer { root.destroy() }
        let tree = environment.views
        let view = try #require(root.view)
        let stripHandle = try #require(tree.find(identifier: "tab-bar:tabs", under: view))
        let strip = try #require(tree.live(stripHandle))
        let tabs = strip.children.compactMap { tree.live($0) }
        #expect(tabs.map(\.identifier) == ["tab:screen", "tab:url", "tab:settings"])
        #expect(tabs.map(\.text) == ["Screen", "url", "Settings"])
        #expect(tabs.allSatisfy { $0.textColor == ARGBColor(0xFF8E_8E93) })  // 5 is not a colour

        root.layout(width: 300, height: 600)
        #expect(tree[manager.container]?.frame == Rect(x: 0, y: 0, width: 300, height: 551))
        #expect(tabs.map(\.frame.x) == [0, 100, 200])
        try tree.tap(tabs[1].handle)
        #expect(manager.opened == ["url"])
        root.selectItem("settings")
        #expect(tabs.map(\.textColor.rawValue) == [0xFF8E_8E93, 0xFF8E_8E93, 0xFFFF_0000])
        root.selectItem("inner")  // no tab: none marked
        #expect(tabs.allSatisfy { $0.textColor == ARGBColor(0xFF8E_8E93) })
        #expect(messages(environment, from: "tab_bar") == ["select settings", "select inner"])
    }

    @Test(arguments: [
        "", "{", "[]", #"{"nav_items":{}}"#, #"{"nav_items":[{"title":"no id"}]}"#,
        #"{"nav_items":[{"id":"a","data":{"target":1}}]}"#,
    ])
    func tabBarRefusesAMalformedDataSource(json: String) throws {
        let environment = PlugboardHost()
        let library = try PluginLibrary.open(path: Built.library("TabBar"))
        #expect(throws: PluginLoadError.createReturnedNull(path: library.path, plugin: "tab_bar")) {
            try RootInstance(
                library: library, pluginID: "tab_bar", environment: environment, pluginJSON: "{}",
                dataSourceJSON: json, delegate: RecordingManager(environment: environment))
        }
    }

    // MARK: manifests

    @Test(arguments: [("SideMenu", "side_menu"), ("TabBar", "tab_bar")])
    func theShippedManifestIsCleanAndRunsTheApp(library: String, id: String) throws {
        let url = URL(fileURLWithPath: PackageRoot.path + "/Plugins/\(library)/manifest.json")
        let (manifest, diagnostics) = AppConfiguration.checkManifest(url)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let checked = try #require(manifest)
        #expect(checked.identifier == id)
        #expect(checked.type == .menu)
        #expect(checked.api.className == id)
        #expect(checked.plugboard?.library == library)
        #expect(checked.sections["styles"]?.initialValues.isEmpty == false)

        // plugins.json with the manifest as shipped: the app runs the plugin.
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        var fixture = StandardApp.fixture(root: id)
        fixture.plugins.append(["plugin": object, "configuration_json": NSNull()])
        let app = try fixture.launch()
        #expect(app.state.root == id)
        #expect(!app.events.contains { $0.name == "fallback" || $0.subject == id })
    }
}
