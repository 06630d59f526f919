import PlugboardABI

/// Where the navigation bar goes (`PB_PLACEMENT_*`, the model's `styles.state`).
public enum Placement: String, Sendable, Codable, CaseIterable {
    case onTop = "on_top", overlay, hidden

    package var cValue: pb_placement_t {
        switch self {
        case .onTop: pb_placement_t(PB_PLACEMENT_ON_TOP)
        case .overlay: pb_placement_t(PB_PLACEMENT_OVERLAY)
        case .hidden: pb_placement_t(PB_PLACEMENT_HIDDEN)
        }
    }
}

/// What the bar shows in its title area (`PB_PRESENTATION_*`).
public enum PresentationStyle: String, Sendable, Codable, CaseIterable {
    case logo, title, hidden

    package var cValue: pb_presentation_style_t {
        switch self {
        case .logo: pb_presentation_style_t(PB_PRESENTATION_LOGO)
        case .title: pb_presentation_style_t(PB_PRESENTATION_TITLE)
        case .hidden: pb_presentation_style_t(PB_PRESENTATION_HIDDEN)
        }
    }
}

/// The context button a bar shows (`PB_CONTEXT_BUTTON_*`); at most one.
public enum ContextButton: String, Sendable, Codable, CaseIterable {
    case none, menu, back, close

    package var cValue: pb_context_button_t {
        switch self {
        case .none: pb_context_button_t(PB_CONTEXT_BUTTON_NONE)
        case .menu: pb_context_button_t(PB_CONTEXT_BUTTON_MENU)
        case .back: pb_context_button_t(PB_CONTEXT_BUTTON_BACK)
        case .close: pb_context_button_t(PB_CONTEXT_BUTTON_CLOSE)
        }
    }

    package init?(_ value: pb_context_button_t) {
        guard let match = Self.allCases.first(where: { $0.cValue == value }) else { return nil }
        self = match
    }
}

/// Which element of a bar was pressed (`PB_BAR_BUTTON_*`).
package enum BarButton: String, Sendable, Codable, CaseIterable {
    case menu, back, close, home, navItem = "nav_item"

    package init?(_ value: pb_bar_button_t) {
        switch Int(value) {
        case Int(PB_BAR_BUTTON_MENU): self = .menu
        case Int(PB_BAR_BUTTON_BACK): self = .back
        case Int(PB_BAR_BUTTON_CLOSE): self = .close
        case Int(PB_BAR_BUTTON_HOME): self = .home
        case Int(PB_BAR_BUTTON_NAV_ITEM): self = .navItem
        default: return nil
        }
    }
}

/// A resolved bar background: an image wins over a colour.
package enum BarBackground: Hashable, Sendable {
    case none
    case color(ARGBColor)
    case image(String)
}

/// The bar model of the current screen as the customization helper answers it
/// (`pb_host_nav_bar_customization_t`), already resolved for the device and the host rules.
package struct NavigationBarAppearance: Hashable, Sendable {
    package var background: BarBackground = .none
    package var titleFontFamily: String?
    package var titleFontSize: Double = 17
    package var titleColor = ARGBColor(0xFF00_0000)
    package var logoURL: String?
    package var placement = Placement.onTop
    package var presentationStyle = PresentationStyle.title
    package var style = "left"
    package var contextButtonImages: ContextButtonImages = [:]
    package var isTablet = false
    /// A screen's values (plugboard.host.screen-bar): the content runs under the bar.
    package var isTranslucent = false
    /// A screen's values: a large title.
    package var prefersLargeTitle = false

    package init() {}
}

/// The context buttons' image URLs (seed 000's `menu_button`, `back_button`, `close_button`).
package typealias ContextButtonImages = PerContextButton<String>

/// A value per context button, a field each. Not a dictionary: the first dictionary keyed by a
/// type of the runtime's own makes the Swift runtime search every loaded image's conformance
/// records for its `Hashable` (about 430 k instructions at app start). SPI with `@inlinable`
/// members for the reason `RecentItems` is.
@_spi(Layers) public struct PerContextButton<Value>: ExpressibleByDictionaryLiteral {
    public var menu, back, close: Value?

    @inlinable public init(menu: Value?, back: Value?, close: Value?) {
        (self.menu, self.back, self.close) = (menu, back, close)
    }

    @inlinable public init(dictionaryLiteral elements: (ContextButton, Value)...) {
        for (button, value) in elements { self[button] = value }
    }

    /// The value of `button`; `.none` has none and ignores one.
    @inlinable public subscript(button: ContextButton) -> Value? {
        get {
            switch button {
            case .menu: menu
            case .back: back
            case .close: close
            case .none: nil
            }
        }
        set {
            switch button {
            case .menu: menu = newValue
            case .back: back = newValue
            case .close: close = newValue
            case .none: break
            }
        }
    }

    /// Each value transformed.
    @inlinable public func map<Other>(_ transform: (Value) -> Other) -> PerContextButton<Other> {
        PerContextButton<Other>(menu: menu.map(transform), back: back.map(transform), close: close.map(transform))
    }
}

extension PerContextButton: Equatable where Value: Equatable {}
extension PerContextButton: Hashable where Value: Hashable {}
extension PerContextButton: Sendable where Value: Sendable {}
