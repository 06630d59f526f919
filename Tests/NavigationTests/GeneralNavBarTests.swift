import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The first-party "UI Builder General Navigation Bar": the seed's layout rules per style,
/// presentation styles, background priority, the button limit and the style registry.
@Suite struct GeneralNavBarTests {
    let environment = PlugboardHost()
    let library: PluginLibrary
    let manager: RecordingManager

    init() throws {
        library = try PluginLibrary.open(path: Built.library("GeneralNavBar"))
        manager = RecordingManager(environment: environment)
    }

    static func model(items: Int) -> String {
        let list = (1...max(1, items)).prefix(items).map { #"{"id":"i\#($0)","type":"button"}"# }
        return #"{"category":"nav_bar","nav_items":[\#(list.joined(separator: ","))]}"#
    }

    func bar(items: Int, appearance: NavigationBarAppearance = NavigationBarAppearance()) throws
        -> NavigationBarInstance
    {
        try NavigationBarInstance(
            library: library, pluginID: "general_nav_bar", environment: environment, pluginJSON: "{}",
            navBarJSON: Self.model(items: items), delegate: manager, appearance: appearance)
    }

    func view(_ bar: NavigationBarInstance, _ identifier: String) throws -> HostView {
        let root = try #require(bar.view)
        let handle = try #require(environment.views.find(identifier: identifier, under: root))
        return try #require(environment.views[handle])
    }

    func buttonFrames(_ bar: NavigationBarInstance) throws -> [Rect] {
        let root = try #require(bar.view)
        return (environment.views[root]?.children ?? []).compactMap { environment.views[$0] }
            .filter { $0.identifier?.hasPrefix("nav-item:") == true }.map(\.frame)
    }

    @Test func leftStyleContextLeftButtonsRightTitleTakesTheRestLeftAligned() throws {
        let bar = try bar(items: 3)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        #expect(try view(bar, "context").frame == Rect(x: 0, y: 0, width: 44, height: 44))
        #expect(
            try buttonFrames(bar) == [
                Rect(x: 258, y: 0, width: 44, height: 44), Rect(x: 302, y: 0, width: 44, height: 44),
                Rect(x: 346, y: 0, width: 44, height: 44),
            ])
        let title = try view(bar, "title")
        #expect(title.frame == Rect(x: 52, y: 0, width: 198, height: 44))
        #expect(title.alignment == .left)
    }

    @Test func centerStyleOffsetsTheTitleByTheLargerSideAndCentresIt() throws {
        var appearance = NavigationBarAppearance()
        appearance.style = "center"
        let bar = try bar(items: 3, appearance: appearance)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        let title = try view(bar, "title")
        // max(context 44, buttons 3 × 44 = 132) + 8 on both sides.
        #expect(title.frame == Rect(x: 140, y: 0, width: 110, height: 44))
        #expect(title.alignment == .center)
        // With only the context button, it is the larger side.
        let single = try self.bar(items: 0, appearance: appearance)
        single.setContextButton(.menu)
        single.layout(width: 390, height: 44)
        #expect(try view(single, "title").frame == Rect(x: 52, y: 0, width: 286, height: 44))
    }

    /// The host makes each button as wide as its title needs (nav_bar_host.h); the bar gives
    /// it that width, right-aligned, and the title the rest.
    @Test func navigationButtonsTakeTheWidthTheHostMadeThemWith() throws {
        manager.buttonWidths = ["i1": 60, "i2": 110, "i3": 57]
        let bar = try bar(items: 3)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        #expect(
            try buttonFrames(bar) == [
                Rect(x: 163, y: 0, width: 60, height: 44), Rect(x: 223, y: 0, width: 110, height: 44),
                Rect(x: 333, y: 0, width: 57, height: 44),
            ])
        #expect(try view(bar, "title").frame == Rect(x: 52, y: 0, width: 103, height: 44))
    }

    /// Past the bar's room (all but the context button and 30 % of the bar), every button gives
    /// up the same share of its width beyond a square; none is narrower than a square.
    @Test func navigationButtonsWiderThanTheRoomShareIt() throws {
        manager.buttonWidths = ["i1": 200, "i2": 200, "i3": 20]
        let bar = try bar(items: 3)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        let frames = try buttonFrames(bar)
        #expect(frames.map(\.width) == [92, 92, 44])  // 44 + 156 × (229 − 132) / 312, rounded down
        #expect(frames.last?.maxX == 390)
        #expect(try view(bar, "title").frame.width >= 390 * 0.3 - 44 - 16)
    }

    /// Centred, a title left less than a quarter of the bar by wide buttons takes the space
    /// between the two sides instead.
    @Test func centerStyleGivesWideButtonsTheirWidth() throws {
        manager.buttonWidths = ["i1": 60, "i2": 110, "i3": 57]
        var appearance = NavigationBarAppearance()
        appearance.style = "center"
        let bar = try bar(items: 3, appearance: appearance)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        #expect(try buttonFrames(bar).map(\.width) == [60, 110, 57])
        let title = try view(bar, "title")
        #expect(title.frame == Rect(x: 52, y: 0, width: 103, height: 44))
        #expect(title.alignment == .center)
    }

    @Test func withoutAContextButtonTheTitleStartsAtTheEdge() throws {
        let bar = try bar(items: 1)
        bar.layout(width: 390, height: 44)
        #expect(try view(bar, "context").isHidden)
        #expect(try view(bar, "title").frame == Rect(x: 8, y: 0, width: 330, height: 44))
    }

    @Test func atMostThreeNavigationButtonsTheRestDroppedWithAWarning() throws {
        let bar = try bar(items: 5)
        bar.layout(width: 390, height: 44)
        #expect(try buttonFrames(bar).count == 3)
        let warning = try #require(
            environment.pluginLog.first { $0.plugin == "general_nav_bar" && $0.severity == .warning })
        #expect(warning.message == "5 navigation items, the bar shows at most 3; dropped: i4, i5")
    }

    @Test(arguments: [PresentationStyle.logo, .title, .hidden])
    func presentationStyleShowsLogoOrTitleOrNeither(style: PresentationStyle) throws {
        var appearance = NavigationBarAppearance()
        appearance.presentationStyle = style
        appearance.logoURL = "https://assets.example.com/logo.png"
        let bar = try bar(items: 0, appearance: appearance)
        bar.updateTitle("Home")
        #expect(try view(bar, "logo").isHidden == (style != .logo))
        #expect(try view(bar, "title").isHidden == (style != .title))
        #expect(try view(bar, "logo").imageURL == "https://assets.example.com/logo.png")
        #expect(try view(bar, "title").text == "Home")
    }

    @Test func aBackgroundImageWinsOverTheColour() throws {
        var appearance = NavigationBarAppearance()
        appearance.background = .color(ARGBColor(0xFF11_2233))
        let bar = try bar(items: 0, appearance: appearance)
        let root = try #require(bar.view)
        #expect(environment.views[root]?.backgroundColor == ARGBColor(0xFF11_2233))
        #expect(try view(bar, "bar-background").isHidden)
        // The host resolves image over colour; the bar shows what it is told.
        appearance.background = .image("https://assets.example.com/bar.png")
        bar.customize(screenJSON: "{}", navBarJSON: Self.model(items: 0), dataSourceJSON: nil, appearance: appearance)
        #expect(try view(bar, "bar-background").isHidden == false)
        #expect(try view(bar, "bar-background").imageURL == "https://assets.example.com/bar.png")
        #expect(environment.views[root]?.backgroundColor == .clear)
        // And the resolver's priority: an image in the model beats its colour.
        var model = NavBarModel()
        model.backgroundColor = ARGBColor(0xFF00_0000)
        model.background = "https://assets.example.com/bar.png"
        model.backgroundTablet = "https://assets.example.com/bar-tablet.png"
        #expect(
            AppearanceResolver.resolve(model, device: .phone, whiteLabel: false).background == .image(model.background!)
        )
        #expect(
            AppearanceResolver.resolve(model, device: .tablet, whiteLabel: false).background
                == .image(model.backgroundTablet!))
    }

    @Test func titleFontColourAndContextImagesComeFromTheHelper() throws {
        var appearance = NavigationBarAppearance()
        appearance.titleFontFamily = "HelveticaNeue-Medium"
        appearance.titleFontSize = 24
        appearance.titleColor = ARGBColor(0xFFFF_D166)
        appearance.contextButtonImages = [.back: "https://assets.example.com/back.png"]
        let bar = try bar(items: 0, appearance: appearance)
        let title = try view(bar, "title")
        #expect(title.fontFamily == "HelveticaNeue-Medium")
        #expect(title.fontSize == 24)
        #expect(title.textColor == ARGBColor(0xFFFF_D166))
        bar.setContextButton(.back)
        #expect(try view(bar, "context").imageURL == "https://assets.example.com/back.png")
        bar.setContextButton(.close)
        #expect(try view(bar, "context").imageURL == nil)
        #expect(try view(bar, "context").text == "✕")
    }

    @Test(arguments: [
        ("center", Rect(x: 52, y: 0, width: 286, height: 44)), ("compact", Rect(x: 36, y: 0, width: 350, height: 44)),
    ])
    func stylesAreFoundByTypeName(style: String, titleFrame: Rect) throws {
        var appearance = NavigationBarAppearance()
        appearance.style = style
        let bar = try bar(items: 0, appearance: appearance)
        bar.setContextButton(.back)
        bar.layout(width: 390, height: 44)
        #expect(try view(bar, "title").frame == titleFrame)
    }

    /// A second copy of the library in the process (an app naming its own build of the bar while
    /// the host's default bar comes from the search path) has types of the same names. Each copy finds its own
    /// styles: a lookup by name across the process answered the first copy's type, which is not
    /// a style of the second copy's protocol, so the second copy fell back to left.
    @Test func aSecondCopyOfTheLibraryFindsItsOwnStyles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("libGeneralNavBar.so").path
        try FileManager.default.copyItem(atPath: Built.library("GeneralNavBar"), toPath: copy)
        let copied = try PluginLibrary.open(path: copy)
        #expect(copied.handle != library.handle)
        var appearance = NavigationBarAppearance()
        appearance.style = "center"
        for source in [library, copied] {
            let bar = try NavigationBarInstance(
                library: source, pluginID: "general_nav_bar", environment: environment, pluginJSON: "{}",
                navBarJSON: Self.model(items: 0), delegate: manager, appearance: appearance)
            bar.setContextButton(.back)
            bar.layout(width: 390, height: 44)
            #expect(try view(bar, "title").alignment == .center)
        }
        #expect(!environment.pluginLog.contains { $0.message.hasPrefix("unknown style") })
    }

    @Test func anUnknownStyleFallsBackToLeftWithAWarning() throws {
        var appearance = NavigationBarAppearance()
        appearance.style = "diagonal"
        let bar = try bar(items: 0, appearance: appearance)
        bar.layout(width: 390, height: 44)
        #expect(try view(bar, "title").alignment == .left)
        #expect(
            environment.pluginLog.contains {
                $0.plugin == "general_nav_bar" && $0.message == "unknown style 'diagonal', using left"
            })
    }

    @Test func theContextButtonReportsPressesToTheManager() throws {
        let bar = try bar(items: 0)
        bar.setContextButton(.close)
        let root = try #require(bar.view)
        try environment.views.tap(try #require(environment.views.find(identifier: "context", under: root)))
        #expect(manager.pressed.map(\.0) == [.close])
    }
}
