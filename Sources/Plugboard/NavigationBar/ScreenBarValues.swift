/// What a screen set on its own bar through `plugboard.host.screen-bar` (seed 003): kept with the
/// screen's stack entry, applied over the bar model whenever the screen is on top, so nothing a
/// screen sets leaks to the screens before or after it. Nil: the model's value.
public struct ScreenBarValues: Sendable, Equatable {
    public var title: String?
    public var isHidden: Bool?
    public var isTranslucent: Bool?
    public var prefersLargeTitle: Bool?
    public var background: BarBackground?
    public var titleColor: ARGBColor?

    public init() {}

    public var isEmpty: Bool { self == ScreenBarValues() }

    /// The model's appearance with the screen's values over it.
    func apply(to appearance: inout NavigationBarAppearance) {
        if isHidden == true { appearance.placement = .hidden }
        if let isTranslucent { appearance.isTranslucent = isTranslucent }
        if let prefersLargeTitle { appearance.prefersLargeTitle = prefersLargeTitle }
        if let background { appearance.background = background }
        if let titleColor { appearance.titleColor = titleColor }
    }
}

/// A screen's own bar view and XZNavigationBarProtocol's two properties.
public struct CustomBar: Sendable, Equatable {
    public var view: ViewHandle
    public var isTranslucent: Bool
    public var prefersLargeTitles: Bool
}
