/// Frames of every container for the device profile (seed 001's root view container):
///
/// - the status bar is the top `statusBarHeight` points. With `use_ui_builder_nav_bar` the bar
///   takes that space and paints it with its own background (colour or image); otherwise the
///   status-bar container shows the settings' colour;
/// - on_top: the bar under the status bar, the root content below it; overlay: the root content
///   takes the whole area under the status bar and the bar is drawn over it; hidden (or
///   `force_nav_bar_hidden`): no bar, the root content takes the whole area;
/// - when the root answers `placement`, the bar is handed to the root instead;
/// - each presented container covers the window with its own status bar, bar and content.
extension PlugboardApp {
    /// The frames of the visible container, for the state snapshot.
    public struct Frames: Sendable, Hashable, Codable {
        public var window: Rect
        public var statusBar: Rect
        /// nil when no bar is shown (hidden) or the root places it.
        public var navigationBar: Rect?
        public var content: Rect
        public var screen: Rect?
    }

    func layout() {
        let tree = environment.views
        try? tree.setFrame(window, device.bounds, by: .host)
        for container in [rootContainer!] + presented {
            lay(container, tree)
        }
    }

    /// The frames a container gets for its placement.
    func frames(for container: StackContainer) -> Frames {
        let width = device.width
        let status = device.statusBarHeight
        let bar = device.navigationBarHeight
        let statusFrame = Rect(x: 0, y: 0, width: width, height: status)
        let below = Rect(x: 0, y: status, width: width, height: device.height - status)
        let rootPlaces = container.kind == .root && root.placesNavigationBar
        switch container.placement {
        case _ where rootPlaces, .hidden:
            return Frames(window: device.bounds, statusBar: statusFrame, navigationBar: nil, content: below)
        case .onTop:
            return Frames(
                window: device.bounds, statusBar: statusFrame,
                navigationBar: Rect(x: 0, y: status, width: width, height: bar),
                content: Rect(x: 0, y: status + bar, width: width, height: device.height - status - bar))
        case .overlay:
            return Frames(
                window: device.bounds, statusBar: statusFrame,
                navigationBar: Rect(x: 0, y: status, width: width, height: bar), content: below)
        }
    }

    private func lay(_ container: StackContainer, _ tree: ViewTree) {
        let frames = frames(for: container)
        try? tree.setFrame(container.layer, frames.window, by: .host)
        try? tree.setFrame(container.statusBar, frames.statusBar, by: .host)
        paintStatusBar(container, tree)
        try? tree.setFrame(container.content, frames.content, by: .host)

        // The bar: in the container's slot, or handed to the root.
        let barView = container.bar?.view
        if container.kind == .root, root.placesNavigationBar, let barView {
            try? tree.setHidden(container.barSlot, true, by: .host)
            root.placeNavigationBar(barView, placement: container.placement)
        } else {
            try? tree.setHidden(container.barSlot, frames.navigationBar == nil, by: .host)
            try? tree.setFrame(container.barSlot, frames.navigationBar ?? .zero, by: .host)
            if let barView, let barFrame = frames.navigationBar {
                if tree[barView]?.parent != container.barSlot {
                    try? tree.addChild(barView, to: container.barSlot, by: .host)
                }
                try? tree.setFrame(barView, Rect(x: 0, y: 0, width: barFrame.width, height: barFrame.height), by: .host)
                container.bar?.layout(width: barFrame.width, height: barFrame.height)
            }
        }

        // The content: the root (which frames the screen container) or the presented screen.
        let size = frames.content
        if container.kind == .root {
            if let rootView = root.view {
                try? tree.setFrame(rootView, Rect(x: 0, y: 0, width: size.width, height: size.height), by: .host)
            }
            root.layout(width: size.width, height: size.height)
            attach(container.top, to: screenContainer, tree)
            // A root that places the bar frames it in its own layout; the bar then lays out its parts.
            if root.placesNavigationBar, let barView = container.bar?.view, let frame = tree[barView]?.frame {
                container.bar?.layout(width: frame.width, height: frame.height)
            }
        } else {
            attach(container.top, to: container.content, tree)
        }
    }

    /// Shows only `entry`'s view in `parent`, sized to it.
    private func attach(_ entry: ScreenEntry?, to parent: ViewHandle, _ tree: ViewTree) {
        let view = entry?.controller.view
        for child in tree[parent]?.children ?? [] where child != view {
            try? tree.removeChild(child, from: parent, by: .host)
        }
        guard let entry, let view else { return }
        if tree[view]?.parent != parent { try? tree.addChild(view, to: parent, by: .host) }
        let bounds = tree[parent]?.frame ?? .zero
        try? tree.setFrame(view, Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), by: .host)
        entry.controller.layout(width: bounds.width, height: bounds.height)
    }

    /// Seed 000 "Status Bar" / seed 001: the bar's background when the UI Builder bar is on.
    private func paintStatusBar(_ container: StackContainer, _ tree: ViewTree) {
        var color = settings.statusBarColor
        var image: String?
        if settings.useUIBuilderNavBar {
            switch container.appearance.background {
            case .color(let barColor): color = barColor
            case .image(let url): image = url
            case .none: break
            }
        }
        try? tree.setBackgroundColor(container.statusBar, color, by: .host)
        try? tree.setImageURL(container.statusBar, image, by: .host)
    }
}
