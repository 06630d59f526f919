import PlugboardCore

/// What a screen set on its own bar through `plugboard.host.screen-bar` (seed 003): kept with the
/// screen's stack entry, applied over the bar model whenever the screen is on top, so nothing a
/// screen sets leaks to the screens before or after it. Nil: the model's value.
package struct ScreenBarValues: Sendable, Equatable {
    package var title: String?
    package var isHidden: Bool?
    package var isTranslucent: Bool?
    package var prefersLargeTitle: Bool?
    package var background: BarBackground?
    package var titleColor: ARGBColor?

    package init() {}

    package var isEmpty: Bool { self == ScreenBarValues() }

    /// The model's appearance with the screen's values over it.
    package func apply(to appearance: inout NavigationBarAppearance) {
        if isHidden == true { appearance.placement = .hidden }
        if let isTranslucent { appearance.isTranslucent = isTranslucent }
        if let prefersLargeTitle { appearance.prefersLargeTitle = prefersLargeTitle }
        if let background { appearance.background = background }
        if let titleColor { appearance.titleColor = titleColor }
    }
}

/// A screen's own bar view and XZNavigationBarProtocol's two properties.
package struct CustomBar: Sendable, Equatable {
    package var view: ViewHandle
    package var isTranslucent: Bool
    package var prefersLargeTitles: Bool
}
