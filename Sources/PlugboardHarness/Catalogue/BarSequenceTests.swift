import PlugboardCore
import PlugboardLoader

/// A bar lives across screens: the host customises the same instance on every screen change
/// (nav_bar.h, `customize_for_screen`), so a bar that paints once or keeps its first buttons
/// shows one screen's bar on another. The harness walks one bar through push, pop, present,
/// dismiss and a menu change across screens whose bar models differ, and after each step compares
/// what the bar shows with what that screen's model asks for.
enum BarSequenceTests {
    /// One screen of the walk: its bar model's differences and the host's context button.
    struct Step {
        var operation: String
        var screen: String
        var navItems: [String]
        var background: ARGBColor
        var titleColor: ARGBColor
        var contextButton: ContextButton
        var tablet = false
    }

    /// Home, a pushed screen, back, a presented one, dismissed, then another root item (the
    /// menu), on a tablet last so `_tablet` keys are read on a change too.
    static let walk: [Step] = [
        Step(
            operation: "first screen", screen: "Home", navItems: ["seq-home-guide", "seq-home-web"],
            background: ARGBColor(0xFF10_2030), titleColor: ARGBColor(0xFFFF_FFFF), contextButton: .menu),
        Step(
            operation: "push", screen: "Shows", navItems: ["seq-shows-live"], background: ARGBColor(0xFF80_2040),
            titleColor: ARGBColor(0xFFFF_EE00), contextButton: .back),
        Step(
            operation: "pop", screen: "Home", navItems: ["seq-home-guide", "seq-home-web"],
            background: ARGBColor(0xFF10_2030), titleColor: ARGBColor(0xFFFF_FFFF), contextButton: .menu),
        Step(
            operation: "present", screen: "Contact", navItems: [], background: ARGBColor(0xFF20_6020),
            titleColor: ARGBColor(0xFF00_0000), contextButton: .close),
        Step(
            operation: "dismiss", screen: "Home", navItems: ["seq-home-guide", "seq-home-web"],
            background: ARGBColor(0xFF10_2030), titleColor: ARGBColor(0xFFFF_FFFF), contextButton: .menu),
        Step(
            operation: "menu change", screen: "News", navItems: ["seq-news-a", "seq-news-b", "seq-news-c"],
            background: ARGBColor(0xFF30_3030), titleColor: ARGBColor(0xFFCC_CCCC), contextButton: .menu,
            tablet: true),
    ]

    static let screenSequence = ConformanceTest(
        "nav-bar.screen-sequence",
        "customised screen after screen (push, pop, present, dismiss, menu change), the bar shows each screen's buttons, colours and title, and nothing of the one before",
        strictness: 3, scope: .plugin([.navBar])
    ) { context in
        let base = try context.plugin.models.navigationBars.first
        let bar = try context.makeBar(navBarJSON: base)
        defer { bar.destroy() }
        for (index, step) in walk.enumerated() {
            let doing = "after \(step.operation) to \(step.screen) (step \(index + 1))"
            show(step, on: bar, base: base)

            guard let root = bar.view, context.tree[root] != nil else {
                throw CheckFailure("\(doing): the bar's view is gone (view returned a released or no view)")
            }
            let visible = context.subtree(root).filter { context.tree.isVisible($0.handle) }
            let shown = Set(
                visible.compactMap {
                    $0.identifier?.hasPrefix("nav-item:") == true ? String($0.identifier!.dropFirst(9)) : nil
                })
            let stale = shown.subtracting(step.navItems)
            try expect(
                stale.isEmpty,
                "\(doing): expected only this screen's buttons (\(list(step.navItems))); the bar still shows \(list(stale.sorted()))"
            )
            try expect(
                step.navItems.isEmpty || !shown.isDisjoint(with: step.navItems),
                "\(doing): expected this screen's buttons (\(list(step.navItems))); the bar shows none of them")
            try expect(
                visible.contains { $0.backgroundColor == step.background },
                "\(doing): expected the bar painted \(step.background) as the customization helper says; no visible view is"
            )
            if let stale = visible.first(where: { Self.isPoisoned($0.text) }) {
                throw CheckFailure("\(doing): the bar shows \"\(stale.text ?? "")\": \(staleModelString)")
            }
            let titles = visible.filter { $0.kind == .label && ($0.text ?? "").contains(step.screen) }
            try expect(!titles.isEmpty, "\(doing): expected a visible label with the title \"\(step.screen)\"")
            try expect(
                titles.contains { $0.textColor == step.titleColor },
                "\(doing): expected the title in \(step.titleColor); it is \(titles.map(\.textColor.description).joined(separator: ", "))"
            )
            let others = Set(walk.map(\.screen)).subtracting([step.screen])
            let old = visible.filter { view in view.kind == .label && others.contains { view.text == $0 } }
            try expect(old.isEmpty, "\(doing): the bar still shows the title \"\(old.first?.text ?? "")\"")
        }
    }

    /// The subject's bar model with this step's nav items and background colour.
    static func model(_ base: String?, _ step: Step) -> String {
        let styled = NavigationBarTests.barModel(
            base,
            styles: [
                ("background_color", .string(step.background.description)), ("presentation_style", .string("title")),
            ],
            assets: [])
        let object = (try? JSONParser.parse(styled))?.value.objectValue ?? JSONObject([])
        let items = step.navItems.map { id in
            JSONNode(
                .object(
                    JSONObject([
                        ("id", .string(id)), ("title", .string(id)), ("type", .string("button")),
                        ("data", .object(JSONObject([("target", .string("check_screen"))]))),
                    ])), position: .start)
        }
        return JSONValue.object(object.setting("nav_items", to: .array(items))).serialized()
    }

    /// Customises `bar` for `step`'s screen as the host does on a screen change: its bar model
    /// (made from `base`) and appearance, its context button and title, then a layout.
    static func show(_ step: Step, on bar: NavigationBarInstance, base: String?) {
        var appearance = NavigationBarAppearance()
        appearance.background = .color(step.background)
        appearance.titleColor = step.titleColor
        appearance.presentationStyle = .title
        appearance.isTablet = step.tablet
        bar.customize(
            screenJSON: #"{"id": "\#(step.screen.lowercased())", "name": "\#(step.screen)"}"#,
            navBarJSON: model(base, step), dataSourceJSON: nil, appearance: appearance)
        bar.setContextButton(step.contextButton)
        bar.updateTitle(step.screen)
        bar.layout(width: 390, height: 44)
    }

    /// What a poisoned string on the bar means.
    static let staleModelString =
        "a string from plugboard.host.model read after its model changed "
        + "(model.h: valid until the next customize_for_screen with another model)"

    /// True for text made of a string the host overwrote when its model changed (`####`).
    static func isPoisoned(_ text: String?) -> Bool {
        guard let text, text.count >= 2 else { return false }
        return text.allSatisfy { $0 == "#" }
    }

    static func list(_ ids: [String]) -> String { ids.isEmpty ? "none" : ids.joined(separator: ", ") }
}
