import PlugboardCore
import PlugboardLoader

/// Seed 001's status bar: who paints the space at the top of a container.
///
/// With `use_ui_builder_nav_bar` the status-bar container is removed and the bar's area takes its
/// space, painted with the bar's own background (seed 000 "Status Bar": the status bar is part of
/// the bar and uses its styling, an image winning over a colour). Without it the two are
/// configured separately: the status-bar container shows `status_bar_color`, never the bar's
/// background, whatever the bar's placement (hidden included).
extension PlugboardApp {
    /// Shows the status-bar container at `frame` in the settings' colour, or hides it (nil).
    func paintStatusBar(_ container: StackContainer, frame: Rect?, _ tree: ViewTree) {
        try? tree.setHidden(container.statusBar, frame == nil, by: .host)
        try? tree.setFrame(container.statusBar, frame ?? .zero, by: .host)
        try? tree.setBackgroundColor(container.statusBar, settings.statusBarColor, by: .host)
    }

    /// Paints the bar's area with the bar's background when the UI Builder bar is on, so the
    /// status-bar space it covers looks like the bar. Without it the area is just the bar
    /// plugin's view, which paints itself, and the host paints nothing.
    func paintBarArea(_ container: StackContainer, _ tree: ViewTree) {
        var color = ARGBColor.clear
        var image: String?
        if settings.useUIBuilderNavBar {
            switch container.appearance.background {
            case .color(let barColor): color = barColor
            case .image(let url): image = url
            case .none: break
            }
        }
        try? tree.setBackgroundColor(container.barSlot, color, by: .host)
        try? tree.setImageURL(container.barSlot, image, by: .host)
    }
}
