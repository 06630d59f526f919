import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// ext/placement.h with the area (ABI 1.3): a root that places the bar is given where the bar
/// belongs on each device, with and without a status bar, and with a large title. The bar must
/// lie inside that area (nothing of it under the status bar), nothing the root draws may lie
/// over it, and on top means the screens start below it.
enum PlacementAreaTests {
    /// One area the host may give: a device, whether the status bar is the root's to keep clear
    /// (the UI Builder bar), and whether the screen prefers a large title.
    struct Case: CustomStringConvertible {
        var device: DeviceProfile
        var statusBar: Bool
        var largeTitle: Bool

        var area: NavigationBarArea {
            let inset = statusBar ? device.statusBarHeight : 0
            let height = device.navigationBarHeight + (largeTitle ? 52 : 0)
            return NavigationBarArea(frame: Rect(x: 0, y: inset, width: device.width, height: height), topInset: inset)
        }

        var description: String {
            "\(device.isTablet ? "tablet" : "phone")\(statusBar ? "" : " without a status bar")\(largeTitle ? " with a large title" : "")"
        }
    }

    static let cases: [Case] = [DeviceProfile.phone, .tablet].flatMap { device in
        [(true, false), (false, false), (true, true)].map { Case(device: device, statusBar: $0, largeTitle: $1) }
    }

    static let placementArea = ConformanceTest(
        "root.placement-area",
        "on phone and tablet, with and without a status bar, with a large title: the bar lies in the area the host gives, nothing of the root covers it, and on_top screens start below it",
        strictness: 3, scope: .plugin([.root])
    ) { context in
        let root = try context.makeRoot(menuJSON: try context.plugin.models.menu)
        defer { root.destroy() }
        guard root.placesNavigationBar else { throw CheckSkip("the root does not answer plugboard.ext.placement") }
        let tree = context.tree
        let barOwner = context.environment.makeOwner()
        let bar = tree.create(.container, owner: barOwner)
        try? tree.setBackgroundColor(bar, ARGBColor(0xFF20_2020), by: barOwner)
        defer { try? tree.release(bar, by: .host) }
        for placementCase in cases {
            let size = placementCase.device
            root.layout(width: size.width, height: size.height)
            for placement in [Placement.onTop, .overlay] {
                let area = placementCase.area
                root.placeNavigationBar(bar, placement: placement, area: area)
                root.layout(width: size.width, height: size.height)
                let doing = "placing the bar \(placement.rawValue) on a \(placementCase)"
                guard let rootView = root.view, let origin = tree.absoluteFrame(of: rootView),
                    let absolute = tree.absoluteFrame(of: bar)
                else { throw CheckFailure("\(doing): expected the root's view and the bar in the tree") }
                let frame = Rect(
                    x: absolute.x - origin.x, y: absolute.y - origin.y, width: absolute.width, height: absolute.height)
                if root.takesNavigationBarArea {
                    try expect(
                        frame.y >= area.frame.y - 0.5 && frame.maxY <= area.frame.maxY + 0.5 && frame.x >= -0.5
                            && frame.maxX <= area.frame.maxX + 0.5,
                        "\(doing): expected the bar inside the area \(area); the root framed it at \(frame)")
                }
                let covering = coveringViews(of: bar, under: rootView, context)
                try expect(
                    covering.isEmpty,
                    "\(doing): expected nothing of the root over the bar; drawn over it: "
                        + covering.map { "\($0.kind) \($0.identifier.map { "'\($0)'" } ?? "\($0.handle)")" }.joined(
                            separator: ", "))
                if placement == .onTop, let container = context.host.screenContainer,
                    let screens = tree.absoluteFrame(of: container), tree.isVisible(container)
                {
                    try expect(
                        screens.y - origin.y >= frame.maxY - 0.5,
                        "\(doing): expected the screens below the bar, from y \(frame.maxY); the screen container "
                            + "starts at y \(screens.y - origin.y), under the bar (on_top is above the content)")
                }
                try context.expectNoRefusals(during: doing)
            }
        }
    }

    /// The visible views of the root painted after the bar (later in the tree's order, neither
    /// the bar's ancestors nor its own) that show something where the bar is.
    static func coveringViews(of bar: ViewHandle, under root: ViewHandle, _ context: CheckContext) -> [HostView] {
        let tree = context.tree
        let order = context.subtree(root)
        guard let index = order.firstIndex(where: { $0.handle == bar }), let barFrame = tree.absoluteFrame(of: bar)
        else { return [] }
        let own = Set(context.subtree(bar).map(\.handle))
        return order[(index + 1)...].filter { view in
            guard !own.contains(view.handle), tree.isVisible(view.handle),
                view.backgroundColor.alpha > 0 || view.text?.isEmpty == false || view.imageURL != nil,
                let frame = tree.absoluteFrame(of: view.handle)
            else { return false }
            let width = min(frame.maxX, barFrame.maxX) - max(frame.x, barFrame.x)
            let height = min(frame.maxY, barFrame.maxY) - max(frame.y, barFrame.y)
            return width > 0.5 && height > 0.5
        }
    }
}
