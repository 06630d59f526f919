import PlugboardCore
import PlugboardLoader

/// nav_bar.h and nav_bar_host.h: the bar follows the customization helper, reports the context
/// button it shows, asks for navigation buttons and shows the title.
enum NavigationBarTests {
    static let all: [ConformanceTest] = [
        combinations, appliesCustomization, contextButtons, navigationButtons, updateTitle,
    ]

    /// A made-up title the tests look for in the bar's labels.
    static let title = "Plugboard Check ✓"
    static let barSize = (width: 390.0, height: 44.0)

    /// Customises `bar` for the subject's first screen with `appearance`, then shows `title`.
    static func customize(
        _ bar: NavigationBarInstance, _ context: CheckContext, _ appearance: NavigationBarAppearance,
        navBarJSON: String? = nil
    ) throws {
        let models = try context.plugin.models
        bar.customize(
            screenJSON: models.screens.first?.screen ?? "{}",
            navBarJSON: navBarJSON ?? models.navigationBars.first ?? "{}", dataSourceJSON: nil, appearance: appearance)
        bar.updateTitle(title)
        bar.layout(width: barSize.width, height: barSize.height)
    }

    /// `base` (a `nav_bar` navigation) with these `styles` and `assets` written over its own.
    static func barModel(_ base: String?, styles: [(String, JSONValue)], assets: [(String, JSONValue)]) -> String {
        let object = (base.flatMap { try? JSONParser.parse($0) }?.value.objectValue) ?? JSONObject([])
        func merged(_ key: String, _ members: [(String, JSONValue)]) -> JSONValue {
            var section = object[key]?.objectValue ?? JSONObject([])
            for (name, value) in members { section = section.setting(name, to: value) }
            return .object(section)
        }
        return JSONValue.object(
            object.setting("styles", to: merged("styles", styles)).setting("assets", to: merged("assets", assets))
        ).serialized()
    }

    /// A bar made with the subject's first bar model, and its view.
    static func barWithView(_ context: CheckContext) throws -> (NavigationBarInstance, ViewHandle) {
        let bar = try context.makeBar(navBarJSON: try context.plugin.models.navigationBars.first)
        guard let root = bar.view else {
            bar.destroy()
            throw CheckFailure("expected a bar view after init; view returned PB_VIEW_NONE")
        }
        return (bar, root)
    }

    static let combinations = ConformanceTest(
        "nav-bar.customize-combinations",
        "customize_for_screen over style × presentation × placement × device × background makes no refused call",
        strictness: 5, scope: .plugin([.navBar])
    ) { context in
        let models = try context.plugin.models
        let bar = try context.makeBar(navBarJSON: models.navigationBars.first)
        defer { bar.destroy() }
        // (name, colour in the model, image in the model); the helper answers the image when
        // there is one (the seed's priority), the model JSON carries what the app wrote.
        let colour = ARGBColor(0xFF12_3456)
        let image = "https://example.com/bar.png"
        let backgrounds: [(String, ARGBColor?, String?)] = [
            ("colour", colour, nil), ("image", nil, image), ("both", colour, image),
        ]
        for style in models.barStyles {
            for presentation in PresentationStyle.allCases {
                for placement in Placement.allCases {
                    for tablet in [false, true] {
                        for (backgroundName, backgroundColour, backgroundImage) in backgrounds {
                            var appearance = NavigationBarAppearance()
                            appearance.style = style
                            appearance.presentationStyle = presentation
                            appearance.placement = placement
                            appearance.isTablet = tablet
                            appearance.background =
                                backgroundImage.map { .image($0) } ?? backgroundColour.map { .color($0) } ?? .none
                            let model = barModel(
                                models.navigationBars.first,
                                styles: [
                                    ("style", .string(style)), ("presentation_style", .string(presentation.rawValue)),
                                    ("state", .string(placement.rawValue)),
                                ] + (backgroundColour.map { [("background_color", .string($0.description))] } ?? []),
                                assets: backgroundImage.map { [("background", .string($0))] } ?? [])
                            let start = context.refusalCount
                            try customize(bar, context, appearance, navBarJSON: model)
                            try context.expectNoRefusals(
                                since: start,
                                during:
                                    "for style \(style), \(presentation.rawValue), \(placement.rawValue), \(tablet ? "tablet" : "phone"), background \(backgroundName)"
                            )
                        }
                    }
                }
            }
        }
    }

    static let appliesCustomization = ConformanceTest(
        "nav-bar.applies-customization",
        "the bar paints the helper's background colour and title colour, and hides the title unless asked for it",
        strictness: 4, scope: .plugin([.navBar])
    ) { context in
        let (bar, root) = try barWithView(context)
        defer { bar.destroy() }
        var appearance = NavigationBarAppearance()
        appearance.presentationStyle = .title
        appearance.background = .color(ARGBColor(0xFF12_3456))
        appearance.titleColor = ARGBColor(0xFFFE_DCBA)
        try customize(bar, context, appearance)
        let visible = context.subtree(root).filter { context.tree.isVisible($0.handle) }
        try expect(
            visible.contains { $0.backgroundColor == appearance.background.color },
            "expected a visible view of the bar painted with the background colour #FF123456; none is")
        let titles = visible.filter { $0.text == title }
        try expect(!titles.isEmpty, "expected a visible label with the title \"\(title)\" (presentation style title)")
        try expect(
            titles.contains { $0.textColor == appearance.titleColor },
            "expected the title in the title colour #FFFEDCBA; it is \(titles.map(\.textColor.description).joined(separator: ", "))"
        )
        appearance.presentationStyle = .hidden
        try customize(bar, context, appearance)
        try expect(
            !context.subtree(root).contains { $0.text == title && context.tree.isVisible($0.handle) },
            "expected no visible title with presentation style hidden")
    }

    static let contextButtons = ConformanceTest(
        "nav-bar.context-buttons",
        "for each context button, tapping every view of the bar reports exactly one press of it (none for none)",
        strictness: 2, scope: .plugin([.navBar])
    ) { context in
        let (bar, root) = try barWithView(context)
        defer { bar.destroy() }
        let contextKinds: [ContextButton: BarButton] = [.menu: .menu, .back: .back, .close: .close]
        for button in ContextButton.allCases {
            try customize(bar, context, NavigationBarAppearance())
            bar.setContextButton(button)
            bar.layout(width: barSize.width, height: barSize.height)
            context.host.forgetPresses()
            for target in context.tappable(under: root) where context.tree[target] != nil {
                _ = try? context.tree.tap(target)
            }
            let pressed = context.host.presses.compactMap { press in
                contextKinds.first { $0.value == press.button }?.key
            }
            let expected = button == .none ? [] : [button]
            try expect(
                pressed == expected,
                "with context button \(button.rawValue), expected \(expected.isEmpty ? "no context press" : "one \(button.rawValue) press"); got "
                    + (pressed.isEmpty ? "none" : pressed.map(\.rawValue).joined(separator: ", ")))
        }
    }

    static let navigationButtons = ConformanceTest(
        "nav-bar.navigation-buttons", "the bar asks the host for a navigation button for each nav item of its model",
        strictness: 3, scope: .plugin([.navBar])
    ) { context in
        let model = try context.plugin.models.navigationBars.first
        let items = MenuItems.ids(in: model)
        guard !items.isEmpty else { throw CheckSkip("the bar's model has no nav items") }
        let bar = try context.makeBar(navBarJSON: model)
        defer { bar.destroy() }
        try customize(bar, context, NavigationBarAppearance())
        let missing = items.filter { !context.host.requestedButtons.contains($0) }
        try expect(
            missing.isEmpty,
            "expected make_navigation_button for every nav item; never asked for " + missing.joined(separator: ", "))
    }

    static let updateTitle = ConformanceTest(
        "nav-bar.update-title", "with presentation style title, update_title shows the title in a visible label",
        strictness: 2, scope: .plugin([.navBar])
    ) { context in
        let (bar, root) = try barWithView(context)
        defer { bar.destroy() }
        var appearance = NavigationBarAppearance()
        appearance.presentationStyle = .title
        try customize(bar, context, appearance)
        try expect(
            context.subtree(root).contains {
                $0.kind == .label && $0.text == title && context.tree.isVisible($0.handle)
            },
            "expected a visible label of the bar with the text \"\(title)\" after update_title")
    }
}

extension BarBackground {
    var color: ARGBColor? {
        if case .color(let color) = self { return color }
        return nil
    }
}
