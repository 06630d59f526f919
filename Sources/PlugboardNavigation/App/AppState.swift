import PlugboardConfig
import PlugboardCore

/// A snapshot of a running app: what the shell prints with `state` and `--json`, and what tests
/// assert. Every field is plain data.
package struct AppState: Sendable, Hashable, Codable {
    package struct Bar: Sendable, Hashable, Codable {
        package var plugin: String?
        package var style: String
        package var presentationStyle: PresentationStyle
        package var placement: Placement
        package var background: String
        package var titleColor: ARGBColor
        package var titleSize: Double
        package var titleFont: String?
        package var logo: String?
        package var title: String
        package var contextButton: ContextButton
        package var navigationButtons: [Button]
        /// Seed 003: the screen's values (plugboard.host.screen-bar) or its own bar's.
        package var translucent: Bool
        package var largeTitle: Bool
        /// The visible screen draws its own bar (plugboard.ext.custom-bar).
        package var customBar: Bool
    }

    package struct Button: Sendable, Hashable, Codable {
        package var id: String
        package var title: String
        package var enabled: Bool
    }

    /// The state URL (seed 004): opening it from the start reaches this state.
    package var url: String
    package var device: DeviceProfile.Kind
    /// `root` or `presentation`.
    package var state: String
    package var root: String
    package var menuOpen: Bool?
    package var rootStack: [String]
    package var presented: [[String]]
    package var visibleScreen: String?
    package var bar: Bar
    /// The status-bar container's colour; nil when there is none (the UI Builder bar takes its space).
    package var statusBarColor: ARGBColor?
    package var frames: PlugboardApp.Frames
    package var cache: ScreenCache.Statistics
    /// The transition under way on the virtual clock (seed 003), if any.
    package var transition: TransitionState?
    /// Plugins that failed to load and the fallbacks taken (`error ID: why`, `fallback ID: why`).
    package var problems: [String]
}

extension PlugboardApp {
    /// The state of the app now.
    package var state: AppState {
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
