import PlugboardConfig
import PlugboardCore

/// A snapshot of a running app: what the shell prints with `state` and `--json`, and what tests
/// assert. Every field is plain data.
public struct AppState: Sendable, Hashable, Codable {
    public struct Bar: Sendable, Hashable, Codable {
        public var plugin: String?
        public var style: String
        public var presentationStyle: PresentationStyle
        public var placement: Placement
        public var background: String
        public var titleColor: ARGBColor
        public var titleSize: Double
        public var titleFont: String?
        public var logo: String?
        public var title: String
        public var contextButton: ContextButton
        public var navigationButtons: [Button]
        /// Seed 003: the screen's values (plugboard.host.screen-bar) or its own bar's.
        public var translucent: Bool
        public var largeTitle: Bool
        /// The visible screen draws its own bar (plugboard.ext.custom-bar).
        public var customBar: Bool
    }

    public struct Button: Sendable, Hashable, Codable {
        public var id: String
        public var title: String
        public var enabled: Bool
    }

    /// The state URL (seed 004): opening it from the start reaches this state.
    public var url: String
    public var device: DeviceProfile.Kind
    /// `root` or `presentation`.
    public var state: String
    public var root: String
    public var menuOpen: Bool?
    public var rootStack: [String]
    public var presented: [[String]]
    public var visibleScreen: String?
    public var bar: Bar
    /// The status-bar container's colour; nil when there is none (the UI Builder bar takes its space).
    public var statusBarColor: ARGBColor?
    public var frames: PlugboardApp.Frames
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
        [handle] + (environment.views[handle]?.children ?? []).flatMap { collect(under: $0) }
    }
}
