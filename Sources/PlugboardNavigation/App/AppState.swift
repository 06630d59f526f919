import PlugboardConfig
import PlugboardCore

/// A snapshot of a running app: what the shell prints with `state` and `--json`, and what tests
/// assert. Every field is plain data.
public struct AppState: Sendable, Hashable, Codable {
    /// The visible container's navigation bar: the plugin drawing it and what the host's
    /// customization helper tells it to show, resolved for the device and the host's rules.
    public struct Bar: Sendable, Hashable, Codable {
        /// The bar plugin's descriptor id (`general_nav_bar`); nil when the container has no bar
        /// plugin instance.
        public var plugin: String?
        /// The model's `styles.style`: `left`, `center` or a style the bar plugin knows.
        public var style: String
        /// What the title area shows: the logo, the title or nothing.
        public var presentationStyle: PresentationStyle
        /// Where the bar is for the visible screen: the model's placement, `overlay` when a
        /// translucent bar runs over the content, `hidden` when there is no bar or the screen
        /// hides it.
        public var placement: Placement
        /// The background as text: `none`, a colour (`#AARRGGBB`) or `image URL`.
        public var background: String
        /// The title's colour.
        public var titleColor: ARGBColor
        /// The title's font size, in points.
        public var titleSize: Double
        /// The title's font family id; nil for the system font.
        public var titleFont: String?
        /// The logo's URL (`assets.app_logo`); nil when the model has none.
        public var logo: String?
        /// The visible screen's title: the one it set through plugboard.host.screen-bar, else its
        /// rivers.json `name`; empty when no screen is visible.
        public var title: String
        /// The one context button shown (menu, back, close) or `none`.
        public var contextButton: ContextButton
        /// The navigation buttons in the bar's view tree (views identified `nav-item:<id>`),
        /// depth first.
        public var navigationButtons: [Button]
        /// Seed 003: the screen's values (plugboard.host.screen-bar) or its own bar's.
        public var translucent: Bool
        /// The visible screen prefers a large title: the bar's area is 52 points taller.
        public var largeTitle: Bool
        /// The visible screen draws its own bar (plugboard.ext.custom-bar).
        public var customBar: Bool
    }

    /// A navigation button of the bar: a view the host made for a nav item of the bar's model.
    public struct Button: Sendable, Hashable, Codable {
        /// The nav item's id: the view's identifier without its `nav-item:` prefix.
        public var id: String
        /// The text the button shows (the host sets the item's title, or its type when it has
        /// none); empty for a button without text.
        public var title: String
        /// False when the item opens the screen already shown: the host disables it.
        public var enabled: Bool
    }

    /// The state URL (seed 004): opening it from the start reaches this state.
    public var url: String
    /// The device profile the app is laid out for.
    public var device: DeviceProfile.Kind
    /// `root` or `presentation`.
    public var state: String
    /// The root's plugin id, or `builtin.side_menu` when the built-in side menu is the root.
    public var root: String
    /// Whether the built-in side menu is open; nil when a root plugin is the root (its menu is
    /// its own to draw).
    public var menuOpen: Bool?
    /// The root stack's screen ids, bottom first: rivers.json ids, or synthetic ones such as
    /// `live_drawer:<nav item>`.
    public var rootStack: [String]
    /// The presented containers, the first presented first, each as its stack's screen ids
    /// (bottom first); empty in root state.
    public var presented: [[String]]
    /// The id of the screen the user sees: the top of the top container; nil when there is none.
    public var visibleScreen: String?
    /// The visible container's navigation bar.
    public var bar: Bar
    /// The status-bar container's colour; nil when there is none (the UI Builder bar takes its space).
    public var statusBarColor: ARGBColor?
    /// The visible container's frames, in points.
    public var frames: PlugboardApp.Frames
    /// The screen cache's counters and what it holds.
    public var cache: ScreenCache.Statistics
    /// The transition under way on the virtual clock (seed 003), if any.
    public var transition: TransitionState?
    /// Plugins that failed to load and the fallbacks taken (`error ID: why`, `fallback ID: why`).
    public var problems: [String]
}

extension PlugboardApp {
    /// The state of the app now.
    public var state: AppState {
        let container = topContainer
        let tree = environment.views
        let appearance = container.appearance
        let background: String =
            switch appearance.background {
            case .none: "none"
            case .color(let color): color.description
            case .image(let url): "image \(url)"
            }
        let buttons: [AppState.Button] =
            (container.bar?.view).map { barView in
                collect(under: barView).compactMap { handle -> AppState.Button? in
                    guard let view = tree[handle], let identifier = view.identifier, identifier.hasPrefix("nav-item:")
                    else {
                        return nil
                    }
                    return AppState.Button(
                        id: String(identifier.dropFirst("nav-item:".count)), title: view.text ?? "",
                        enabled: view.isEnabled)
                }
            } ?? []
        var frames = frames(for: container)
        if let view = visibleEntry?.controller.view { frames.screen = tree.absoluteFrame(of: view) }
        return AppState(
            url: stateURL.description, device: device.kind, state: presented.isEmpty ? "root" : "presentation",
            root: root.identifier,
            menuOpen: (root as? BuiltInSideMenu)?.isOpen,
            rootStack: rootContainer.stack.map(\.controller.screenID),
            presented: presented.map { $0.stack.map(\.controller.screenID) },
            visibleScreen: visibleEntry?.controller.screenID,
            bar: AppState.Bar(
                plugin: container.bar?.descriptor.id, style: appearance.style,
                presentationStyle: appearance.presentationStyle, placement: container.placement,
                background: background, titleColor: appearance.titleColor, titleSize: appearance.titleFontSize,
                titleFont: appearance.titleFontFamily, logo: appearance.logoURL,
                title: visibleEntry.map { $0.bar.title ?? $0.controller.title } ?? "",
                contextButton: container.contextButton, navigationButtons: buttons,
                translucent: appearance.isTranslucent || container.customBar?.isTranslucent == true,
                largeTitle: container.prefersLargeTitle, customBar: container.customBar != nil),
            statusBarColor: frames.statusBar == nil ? nil : tree[container.statusBar]?.backgroundColor,
            frames: frames, cache: cache.statistics, transition: transitionState,
            problems: eventLog.problems.map(\.description))
    }

    /// Every view under `handle`, depth first.
    func collect(under handle: ViewHandle) -> [ViewHandle] {
        [handle] + environment.views.children(of: handle).flatMap { collect(under: $0) }
    }
}
