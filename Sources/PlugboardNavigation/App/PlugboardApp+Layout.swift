import PlugboardCore
import PlugboardLoader

/// Frames of every container for the device profile (seed 001's root view container):
///
/// - with `use_ui_builder_nav_bar` (the default) there is no status-bar container: the bar takes
///   its space. The bar's area runs from the top edge down to `statusBarHeight +
///   navigationBarHeight` in the bar's background, and the bar plugin's view is its lower
///   `navigationBarHeight`, so a plugin gets a bar-sized view whatever the setting;
/// - without it the status-bar container is the top `statusBarHeight` points, in
///   `status_bar_color` whatever the bar does, and the bar's area is the `navigationBarHeight`
///   under it;
/// - on_top: the root content below the bar's area; overlay: the bar's area is drawn over the
///   root content, which starts below it all the same, so the screen's first row and the status
///   bar stay readable, unless the screen asks to run under the bar (`content_under_nav_bar`, or
///   a translucent bar, seed 003): then the content takes everything under the status-bar
///   container (the whole window when there is none); hidden (or `force_nav_bar_hidden`): no
///   bar, the root content takes that same area;
/// - when the root answers `placement`, the bar is handed to the root, whose content takes that
///   same area too (the root decides where the bar goes);
/// - each presented container covers the window with its own status bar, bar and content, by the
///   same rules;
/// - a drawer (a live drawer, seed 000) covers the lower `drawerFraction` of the window, over the
///   screen it was opened on, which stays in sight above it: its bar (with the close button) on
///   top, its screen below.
///
/// Who paints what is in PlugboardApp+StatusBar.swift.
extension PlugboardApp {
    /// The frames of the visible container, for the state snapshot.
    public struct Frames: Sendable, Hashable, Codable {
        /// The container's layer in the device's coordinates: the whole device, or the lower
        /// part a drawer covers. The other frames are in the layer's coordinates.
        public var window: Rect
        /// The status-bar container; nil with the UI Builder bar, which takes its space.
        public var statusBar: Rect?
        /// The bar's area; nil when no bar is shown (hidden) or the root places it. With the UI
        /// Builder bar it starts at the top edge, the bar plugin's view being its lower part.
        public var navigationBar: Rect?
        /// Where the container shows its screens: below the bar's area when the bar is on top
        /// (and in a drawer) or over it (overlay), else all of the layer below the status-bar
        /// container (hidden, a root that places the bar, or an overlay bar the screen asks to
        /// run under).
        public var content: Rect
        /// The visible screen's view in the device's coordinates; nil when no screen is visible.
        public var screen: Rect?
    }

    func layout() {
        let tree = environment.views
        try? tree.setFrame(window, device.bounds, by: .host)
        for container in containers {
            lay(container, tree)
        }
        layRunningTransition()
    }

    /// How much of the window a drawer covers, from the bottom.
    static let drawerFraction = 0.6

    /// The frames a container gets for its placement.
    func frames(for container: StackContainer) -> Frames {
        let width = device.width
        let barHeight = barHeight(container)
        if container.kind == .drawer {
            // The layer is the drawer; the bar's area and the content are in its coordinates.
            let height = (device.height * Self.drawerFraction).rounded()
            return Frames(
                window: Rect(x: 0, y: device.height - height, width: width, height: height), statusBar: nil,
                navigationBar: Rect(x: 0, y: 0, width: width, height: barHeight),
                content: Rect(x: 0, y: barHeight, width: width, height: height - barHeight))
        }
        let statusBar: Rect? =
            settings.useUIBuilderNavBar ? nil : Rect(x: 0, y: 0, width: width, height: device.statusBarHeight)
        let top = statusBar?.maxY ?? 0
        let below = Rect(x: 0, y: top, width: width, height: device.height - top)
        // Under the status-bar container, or from the top edge over the status-bar space.
        let barArea =
            statusBar == nil
            ? Rect(x: 0, y: 0, width: width, height: device.statusBarHeight + barHeight)
            : Rect(x: 0, y: top, width: width, height: barHeight)
        let rootPlaces = container.kind == .root && root.placesNavigationBar
        switch container.placement {
        case _ where rootPlaces, .hidden:
            return Frames(window: device.bounds, statusBar: statusBar, navigationBar: nil, content: below)
        case .overlay where container.contentGoesUnderBar:
            return Frames(window: device.bounds, statusBar: statusBar, navigationBar: barArea, content: below)
        case .onTop, .overlay:
            return Frames(
                window: device.bounds, statusBar: statusBar, navigationBar: barArea,
                content: Rect(x: 0, y: barArea.maxY, width: width, height: device.height - barArea.maxY))
        }
    }

    /// Seed 003's large titles: the bar area grows by the large title's row.
    static let largeTitleHeight = 52.0

    /// The bar's height: the device's, and a large title's row while the screen prefers one,
    /// shorter by as much as its content has scrolled (gone at a row's height or more).
    private func barHeight(_ container: StackContainer) -> Double {
        guard container.prefersLargeTitle else { return device.navigationBarHeight }
        let scrolled = min(Self.largeTitleHeight, container.top?.scrollOffset ?? 0)
        return device.navigationBarHeight + Self.largeTitleHeight - scrolled
    }

    /// Scrolls the visible screen's content to `offset` points from its top (`relative`: by
    /// `offset` from where it is), never above the top: a large title collapses into the bar
    /// as it goes. False when no screen is shown or the offset is not a number.
    @discardableResult
    package func scroll(to offset: Double, relative: Bool = false) -> Bool {
        guard offset.isFinite, let entry = visibleEntry else { return false }
        entry.scrollOffset = min(Self.maximumScrollOffset, max(0, relative ? entry.scrollOffset + offset : offset))
        layout()
        return true
    }

    /// Far beyond any content: an offset is a position, not a way to grow a number forever.
    static let maximumScrollOffset = 1_000_000.0

    /// placement.h's area, for a root that places the bar: in the root view's coordinates (the
    /// content frame), below the status bar when no status-bar container is drawn above it.
    private func rootBarArea(_ container: StackContainer) -> NavigationBarArea {
        let topInset = settings.useUIBuilderNavBar ? device.statusBarHeight : 0
        return NavigationBarArea(
            frame: Rect(x: 0, y: topInset, width: device.width, height: barHeight(container)), topInset: topInset)
    }

    /// The bar's view (the plugin's, or the screen's own) in the bar's area: its lower part, the
    /// bar's height (all of it without the UI Builder bar).
    private func barViewFrame(in area: Rect, _ container: StackContainer) -> Rect {
        let height = min(area.height, barHeight(container))
        return Rect(x: 0, y: area.height - height, width: area.width, height: height)
    }

    private func lay(_ container: StackContainer, _ tree: ViewTree) {
        let frames = frames(for: container)
        try? tree.setFrame(container.layer, frames.window, by: .host)
        paintStatusBar(container, frame: frames.statusBar, tree)
        try? tree.setFrame(container.content, frames.content, by: .host)

        // The bar: in the container's slot, or handed to the root.
        let barView = container.bar?.view
        if container.kind == .root, root.placesNavigationBar, let barView {
            try? tree.setHidden(container.barSlot, true, by: .host)
            // placement.h: at start-up and whenever the placement, the bar view or its area changes.
            let area = rootBarArea(container)
            let placed = PlacedBar(
                view: barView, placement: container.placement, area: root.takesNavigationBarArea ? area : nil)
            if placed != lastPlacedBar {
                lastPlacedBar = placed
                root.placeNavigationBar(barView, placement: placed.placement, area: area)
            }
        } else {
            try? tree.setHidden(container.barSlot, frames.navigationBar == nil, by: .host)
            try? tree.setFrame(container.barSlot, frames.navigationBar ?? .zero, by: .host)
            paintBarArea(container, tree)
            // The screen's own bar replaces the plugin's view in the slot while the screen is on top.
            let custom = container.customBar?.view
            for child in tree.children(of: container.barSlot) where child != barView && child != custom {
                try? tree.removeChild(child, from: container.barSlot, by: .host)
            }
            if let barView { try? tree.setHidden(barView, custom != nil, by: .host) }
            if let area = frames.navigationBar, let shown = custom ?? barView {
                if tree.parent(of: shown) != container.barSlot {
                    try? tree.addChild(shown, to: container.barSlot, by: .host)
                }
                let barFrame = barViewFrame(in: area, container)
                try? tree.setFrame(shown, barFrame, by: .host)
                if custom == nil { container.bar?.layout(width: barFrame.width, height: barFrame.height) }
            }
        }

        // The content: the root (which frames the screen container) or the presented screen.
        let size = frames.content
        if container.kind == .root {
            if let rootView = root.view {
                try? tree.setFrame(rootView, Rect(x: 0, y: 0, width: size.width, height: size.height), by: .host)
            }
            // A plugin root once per size (root.h); the built-in menu every time, as the menu's
            // transition moves its panel and this puts it back.
            if root is BuiltInSideMenu || rootLaidOut.changes(to: size.width, size.height) {
                root.layout(width: size.width, height: size.height)
            }
            attach(container.top, to: screenContainer, in: container, tree)
            // A root that places the bar frames it in its own layout; the bar then lays out its parts.
            if root.placesNavigationBar, let barView = container.bar?.view, let frame = tree.frame(of: barView) {
                container.bar?.layout(width: frame.width, height: frame.height)
            }
        } else {
            attach(container.top, to: container.content, in: container, tree)
        }
    }

    /// Shows only `entry`'s view in `parent`, framed by `screenFrame`.
    private func attach(_ entry: ScreenEntry?, to parent: ViewHandle, in container: StackContainer, _ tree: ViewTree) {
        let view = entry?.controller.view
        for child in tree.children(of: parent) where child != view {
            try? tree.removeChild(child, from: parent, by: .host)
        }
        guard let entry, let view else { return }
        if tree.parent(of: view) != parent { try? tree.addChild(view, to: parent, by: .host) }
        let frame = screenFrame(of: entry, in: parent, container, tree)
        try? tree.setFrame(view, frame, by: .host)
        entry.controller.layout(width: frame.width, height: frame.height)
    }

    /// Where `entry`'s view goes in `parent` (the root's screen container, or a container's
    /// content): all of it, less the top part the container's bar covers when it is drawn over
    /// the screens (overlay), unless the screen runs under the bar. The host's own layout
    /// already starts the content below such a bar; a root that places the bar (placement.h)
    /// may lay its screens out under it, and this keeps the screen's first row and the status
    /// bar readable there too, whatever the root does.
    func screenFrame(of entry: ScreenEntry, in parent: ViewHandle, _ container: StackContainer, _ tree: ViewTree)
        -> Rect
    {
        let bounds = tree.frame(of: parent) ?? .zero
        let covered = coveredTop(of: parent, by: container, tree)
        guard covered > 0, !entry.asksToGoUnderBar, !container.runsUnderTranslucentBar else {
            return Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        }
        return Rect(x: 0, y: covered, width: bounds.width, height: bounds.height - covered)
    }

    /// How far down from its top `parent` is covered by the container's shown bar, when the
    /// bar is over the upper half of it; 0 otherwise (no bar, a bar above or below it).
    private func coveredTop(of parent: ViewHandle, by container: StackContainer, _ tree: ViewTree) -> Double {
        guard container.placement == .overlay, let bar = container.customBar?.view ?? container.bar?.view,
            tree.isVisible(bar), tree.isVisible(parent), let barFrame = tree.absoluteFrame(of: bar),
            let area = tree.absoluteFrame(of: parent), barFrame.width > 0, barFrame.height > 0,
            barFrame.x < area.maxX, area.x < barFrame.maxX, barFrame.y < area.y + area.height / 2
        else { return 0 }
        return min(area.height, max(0, barFrame.maxY - area.y))
    }
}
