import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The Swift test plugins (built through PlugboardSDK) driven through the whole nav-bar and
/// root ABI: factories, host callbacks, the customization helper and the extensions.
@Suite struct SwiftPluginTests {
    static let phoneBarArea = NavigationBarArea(frame: Rect(x: 0, y: 47, width: 390, height: 44), topInset: 47)

    let environment = PlugboardHost()
    let library: PluginLibrary

    init() throws { library = try PluginLibrary.open(path: Built.library("TestSwiftPlugins")) }

    static let navBarJSON = #"{"category":"nav_bar","nav_items":[{"id":"a"},{"id":"label-item"},{"id":"b"}]}"#

    @Test func theSDKDescribesEveryExportedType() {
        #expect(library.descriptors.map(\.id) == ["test.navbar.swift", "test.root.swift", "test.root.plain"])
        #expect(library.descriptors.map(\.kind) == [.navBar, .root, .root])
        #expect(library.descriptors.allSatisfy { !$0.isScreen })
        #expect(library.descriptors.first?.description == "Logs every call")
    }

    @Test func aBarAsksTheManagerForButtonsAndReportsPresses() throws {
        let manager = RecordingManager(environment: environment)
        manager.specialUsed = false
        let bar = try NavigationBarInstance(
            library: library, pluginID: "test.navbar.swift", environment: environment, pluginJSON: "{}",
            navBarJSON: Self.navBarJSON, delegate: manager, appearance: NavigationBarAppearance())
        defer { bar.destroy() }
        let log = { messages(environment, from: "test.navbar.swift") }
        #expect(log() == ["no button for label-item", "setUp buttons=2 special=false"])

        let root = try #require(bar.view)
        let itemB = try #require(environment.views.find(identifier: "nav-item:b", under: root))
        try environment.views.tap(itemB)
        bar.setContextButton(.back)
        let context = try #require(environment.views.find(identifier: "context", under: root))
        try environment.views.tap(context)
        #expect(manager.pressed.map(\.0) == [.navItem, .back])
        #expect(manager.pressed.map(\.1) == ["b", nil])
        bar.setContextButton(.none)
        #expect(throws: ViewError.notTappable(context, reason: "hidden")) { try environment.views.tap(context) }

        bar.layout(width: 390, height: 44)
        #expect(environment.views[itemB]?.frame == Rect(x: 346, y: 0, width: 44, height: 44))
    }

    @Test func theCustomizationHelperAnswersTheResolvedModel() throws {
        let manager = RecordingManager(environment: environment)
        let bar = try NavigationBarInstance(
            library: library, pluginID: "test.navbar.swift", environment: environment, pluginJSON: "{}",
            navBarJSON: Self.navBarJSON, delegate: manager, appearance: NavigationBarAppearance())
        defer { bar.destroy() }
        var appearance = NavigationBarAppearance()
        appearance.background = .color(ARGBColor(0xFF11_2233))
        appearance.titleFontSize = 24
        appearance.titleColor = ARGBColor(0xFFFF_FFFF)
        appearance.placement = .overlay
        appearance.presentationStyle = .logo
        appearance.style = "center"
        appearance.logoURL = "https://example.com/logo.png"
        appearance.contextButtonImages = [.back: "https://example.com/back.png"]
        appearance.isTablet = true
        bar.customize(screenJSON: "{}", navBarJSON: Self.navBarJSON, dataSourceJSON: nil, appearance: appearance)
        bar.updateTitle("Home")
        #expect(
            messages(environment, from: "test.navbar.swift").suffix(2) == [
                "customize style=center placement=overlay presentation=logo size=24 tablet=true "
                    + "logo=https://example.com/logo.png back=https://example.com/back.png",
                "title Home",
            ])
        let root = try #require(bar.view)
        let title = try #require(environment.views.find(identifier: "title", under: root))
        #expect(environment.views[root]?.backgroundColor == ARGBColor(0xFF11_2233))
        #expect(environment.views[title]?.fontSize == 24)
        #expect(environment.views[title]?.text == "Home")

        appearance.background = .image("https://example.com/bar.png")
        bar.customize(screenJSON: "{}", navBarJSON: Self.navBarJSON, dataSourceJSON: nil, appearance: appearance)
        #expect(messages(environment, from: "test.navbar.swift").last?.hasPrefix("customize") == true)
        #expect(
            messages(environment, from: "test.navbar.swift").contains("background image https://example.com/bar.png"))
    }

    @Test func aRootAnswersItsExtensionsAndUsesTheScreenContainer() throws {
        let manager = RecordingManager(environment: environment)
        let root = try RootInstance(
            library: library, pluginID: "test.root.swift", environment: environment, pluginJSON: "{}",
            dataSourceJSON: #"{"category":"menu","nav_items":[]}"#, delegate: manager)
        #expect(root.hasSpecialAction)
        #expect(root.placesNavigationBar)
        let view = try #require(root.view)
        #expect(environment.views[view]?.children.contains(manager.container) == true)
        root.layout(width: 390, height: 800)
        #expect(environment.views[manager.container]?.frame == Rect(x: 0, y: 0, width: 390, height: 800))

        let bar = try NavigationBarInstance(
            library: library, pluginID: "test.navbar.swift", environment: environment, pluginJSON: "{}",
            navBarJSON: Self.navBarJSON, delegate: manager, appearance: NavigationBarAppearance())
        let barView = try #require(bar.view)
        #expect(root.placeNavigationBar(barView, placement: .overlay, area: Self.phoneBarArea))
        #expect(environment.views[barView]?.parent == view)
        #expect(root.performSpecialAction())
        root.selectItem("item-1")
        root.destroy()
        bar.destroy()
        #expect(
            messages(environment, from: "test.root.swift") == [
                "setUp container=true", "place bar overlay in 390.0x44.0 at y 47.0", "special action menu=open",
                "select item-1", "tearDown",
            ])
        #expect(root.extension("plugboard.ext.unknown") == nil)
    }

    @Test func aScreenPluginIdOfTheWrongKindIsRefused() throws {
        #expect(throws: PluginLoadError.factoryMissing(path: library.path, factory: "plugboard.factory.screen")) {
            try ScreenInstance(
                library: library, pluginID: "test.navbar.swift", environment: environment, pluginJSON: "{}",
                screenJSON: "{}", dataSourceJSON: nil)
        }
    }
}
