import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// Whether a person could touch a view now, and if not, why in words: the shell numbers only
/// what can be seen (cells under the open side menu or below the window get no number), and a
/// tap on anything else says what hides it, never a raw handle.
extension PlugboardApp {
    /// Views of the top layer that a person could see, in drawing order (back to front), with
    /// their frames in window coordinates and where each one's subtree ends in the list: what
    /// `coveringView` looks through.
    struct PaintOrder {
        struct Entry {
            let view: HostView
            let frame: Rect
            /// The index after this view's last descendant.
            var subtreeEnd: Int
        }
        var entries: [Entry] = []
        var index: [ViewHandle: Int] = [:]
        /// The positions of the entries that can cover others (a background at least half
        /// opaque), in order: what `coveringView` looks through, not every view.
        var opaque: [Int] = []
    }

    /// The top layer's visible views, back to front (empty once the app is shut down).
    func paintOrder() -> PaintOrder {
        var order = PaintOrder()
        guard let layer = touchableLayer else { return order }
        let tree = environment.views
        guard tree.isVisible(layer), let layerView = tree[layer] else { return order }
        func visit(_ handle: ViewHandle, origin: Rect) {
            guard let view = tree[handle], !view.isHidden else { return }
            let frame = Rect(
                x: origin.x + view.frame.x, y: origin.y + view.frame.y, width: view.frame.width,
                height: view.frame.height)
            let position = order.entries.count
            order.entries.append(.init(view: view, frame: frame, subtreeEnd: position + 1))
            order.index[handle] = position
            if view.backgroundColor.alpha >= 128 { order.opaque.append(position) }
            for child in view.children { visit(child, origin: frame) }
            order.entries[position].subtreeEnd = order.entries.count
        }
        visit(layer, origin: layerView.parent.flatMap { tree.absoluteFrame(of: $0) } ?? .zero)
        return order
    }

    /// The view drawn in front of entry `position` that covers its centre: a later view, not
    /// one of its own, with a background at least half opaque. Nil when none does.
    func coveringView(of position: Int, in order: PaintOrder) -> HostView? {
        let entry = order.entries[position]
        let centre = (x: entry.frame.x + entry.frame.width / 2, y: entry.frame.y + entry.frame.height / 2)
        for position in order.opaque.reversed() {
            guard position >= entry.subtreeEnd else { break }
            let later = order.entries[position]
            let frame = later.frame
            if centre.x >= frame.x, centre.x < frame.maxX, centre.y >= frame.y, centre.y < frame.maxY {
                return later.view
            }
        }
        return nil
    }

    /// True when a frame's centre is outside the window (scrolled away, or not yet slid in).
    func isOutsideWindow(_ frame: Rect) -> Bool {
        let x = frame.x + frame.width / 2
        let y = frame.y + frame.height / 2
        return x < 0 || y < 0 || x >= device.width || y >= device.height
    }

    /// Why `handle` cannot be tapped now, as the end of "… cannot be tapped: <why>"; nil when
    /// it is in sight and can be (or no longer exists: the tap itself says so).
    package func whyNotTappable(_ handle: ViewHandle) -> String? {
        let tree = environment.views
        guard tree[handle] != nil, !isShutDown else { return nil }
        var chain: [HostView] = []  // the view, then its ancestors
        var current: ViewHandle? = handle
        while let next = current, let view = tree[next] {
            chain.append(view)
            current = view.parent
        }
        let handles = Set(chain.map(\.handle))
        guard let holder = containers.last(where: { handles.contains($0.layer) }) else {
            return "it is not on screen (its screen is not shown)"
        }
        if holder !== topContainer { return coveredByTopContainer }
        let root = containers[0]
        // In the root plugin's own views (its menu), not in the screens it holds or in the bar.
        let inRootPlugin =
            holder === root && handles.contains(root.content) && !handles.contains(screenContainer)
        if let hidden = chain.first(where: \.isHidden) {
            if inRootPlugin { return hiddenByRootPlugin }
            if hidden.handle == handle { return "it is hidden" }
            return "it is inside \(Self.describe(hidden)), which is hidden"
        }
        let order = paintOrder()
        guard let position = order.index[handle] else { return "it is not on screen" }
        if let cover = coveringView(of: position, in: order) {
            let coverHandles = Set(ancestors(of: cover.handle, in: tree))
            if coverHandles.contains(root.content), !coverHandles.contains(screenContainer), !isMenuShut {
                return "the side menu covers it (type menu to close it)"
            }
            return "\(Self.describe(cover)) covers it"
        }
        if isOutsideWindow(order.entries[position].frame) { return "it is outside the window" }
        let view = order.entries[position].view
        if !view.isEnabled { return "it is disabled" }
        if view.tapAction == nil { return "it has no tap action" }
        return nil
    }

    /// Why a view of the root plugin's own (its menu) is hidden: the closed menu, with what
    /// opens it when the menu button is there.
    private var hiddenByRootPlugin: String {
        guard isMenuShut, state.menuOpen != nil || state.bar.contextButton.rawValue == "menu" else {
            return "the root plugin '\(state.root)' hides it"
        }
        if state.bar.contextButton.rawValue == "menu" { return "the side menu is closed (type menu to open it)" }
        return "the side menu is closed"
    }

    /// True when the side menu is not open: the state URL (`?menu=v`) says when it is, for any
    /// root plugin, the built-in menu's state too.
    private var isMenuShut: Bool {
        guard state.menuOpen != true else { return false }
        return !stateURL.parameters.contains { $0.key == AppRoutes.menu }
    }

    /// What covers a view in a container under the top one.
    private var coveredByTopContainer: String {
        let screen = state.visibleScreen.map { " '\($0)'" } ?? ""
        switch topContainer.kind {
        case .drawer: return "the menu\(screen) is open over it (type menu to close it)"
        case .presented, .root: return "the presented screen\(screen) covers it (type close to close it)"
        }
    }

    /// `handle` and its ancestors.
    private func ancestors(of handle: ViewHandle, in tree: ViewTree) -> [ViewHandle] {
        var result: [ViewHandle] = []
        var current: ViewHandle? = handle
        while let next = current, let view = tree[next] {
            result.append(next)
            current = view.parent
        }
        return result
    }

    /// A view in words: its identifier, else its text, else its kind.
    static func describe(_ view: HostView) -> String {
        if let identifier = view.identifier, !identifier.isEmpty { return "'\(RenderText.singleLine(identifier))'" }
        if let text = view.text, !text.isEmpty { return "'\(RenderText.singleLine(text))'" }
        return "a \(view.kind)"
    }
}
