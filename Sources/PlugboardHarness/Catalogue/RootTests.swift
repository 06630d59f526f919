import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// root.h, ext/special_action.h and ext/placement.h.
enum RootTests {
    static let all: [ConformanceTest] = [selectItems, specialAction, placement]

    static func laidOutRoot(_ context: CheckContext) throws -> RootInstance {
        let root = try context.makeRoot(menuJSON: try context.plugin.models.menu)
        root.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        return root
    }

    static let selectItems = ConformanceTest(
        "root.select-items",
        "each menu item can be selected, with no refused call and no open_item back to the host", strictness: 2,
        scope: .plugin([.root])
    ) { context in
        let items = MenuItems.ids(in: try context.plugin.models.menu)
        guard !items.isEmpty else { throw CheckSkip("the menu model has no nav items") }
        let root = try laidOutRoot(context)
        defer { root.destroy() }
        for item in items { root.selectItem(item) }
        try context.expectNoRefusals(during: "while selecting items")
        try expect(
            context.host.openedItems.isEmpty,
            "expected no open_item for items the host selected; got " + context.host.openedItems.joined(separator: ", ")
        )
    }

    /// What is visible under `root`: handles with their frames.
    static func visibleState(_ context: CheckContext, _ root: ViewHandle) -> [String] {
        context.subtree(root).filter { context.tree.isVisible($0.handle) }.map { "\($0.handle) \($0.frame)" }
    }

    static let specialAction = ConformanceTest(
        "root.special-action",
        "when answered, the special action changes what is shown and a second one restores it", strictness: 3,
        scope: .plugin([.root])
    ) { context in
        let root = try laidOutRoot(context)
        defer { root.destroy() }
        guard root.hasSpecialAction else { throw CheckSkip("the root does not answer plugboard.ext.special-action") }
        guard let view = root.view else { throw CheckFailure("expected a root view") }
        let before = visibleState(context, view)
        root.performSpecialAction()
        let after = visibleState(context, view)
        root.performSpecialAction()
        try context.expectNoRefusals(during: "in the special action")
        try expect(after != before, "expected the special action (open or close the menu) to change what is shown")
        try expect(visibleState(context, view) == before, "expected a second special action to restore what was shown")
    }

    static let placement = ConformanceTest(
        "root.placement",
        "when answered, place_nav_bar puts the bar above the content (on_top), over it (overlay) or out of sight (hidden)",
        strictness: 3, scope: .plugin([.root])
    ) { context in
        let root = try laidOutRoot(context)
        defer { root.destroy() }
        guard root.placesNavigationBar else { throw CheckSkip("the root does not answer plugboard.ext.placement") }
        guard let rootView = root.view else { throw CheckFailure("expected a root view") }
        let tree = context.tree
        // The bar view belongs to another instance, as a real bar's would.
        let barOwner = context.environment.makeOwner()
        let bar = tree.create(.container, owner: barOwner)
        try? tree.setFrame(bar, Rect(x: 0, y: 0, width: DeviceSizes.phone.width, height: 44), by: barOwner)
        defer { try? tree.release(bar, by: .host) }
        // Where the host puts the bar on a phone with the UI Builder bar: below the status bar.
        let phone = DeviceProfile.phone
        let area = NavigationBarArea(
            frame: Rect(x: 0, y: phone.statusBarHeight, width: phone.width, height: phone.navigationBarHeight),
            topInset: phone.statusBarHeight)
        for placement in Placement.allCases {
            root.placeNavigationBar(bar, placement: placement, area: area)
            root.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
            try expect(tree[bar] != nil, "expected the bar view to stay alive; the root released it")
            let inTree = context.subtree(rootView).contains { $0.handle == bar }
            let shown = inTree && tree.isVisible(bar)
            switch placement {
            case .hidden:
                try expect(!shown, "expected the bar out of sight for hidden; it is visible in the root's tree")
            case .onTop, .overlay:
                try expect(shown, "expected the bar visible in the root's tree for \(placement.rawValue)")
                guard let container = context.host.screenContainer, let content = tree.absoluteFrame(of: container),
                    let barFrame = tree.absoluteFrame(of: bar)
                else { continue }
                if placement == .onTop {
                    try expect(
                        content.y >= barFrame.maxY,
                        "expected the content below the bar for on_top; bar \(barFrame), content \(content)")
                } else {
                    try expect(
                        content.y < barFrame.maxY,
                        "expected the content under the bar for overlay; bar \(barFrame), content \(content)")
                }
            }
            try context.expectNoRefusals(during: "placing the bar \(placement.rawValue)")
        }
    }
}
