import PlugboardABI

/// Where the navigation bar goes (`PB_PLACEMENT_*`).
public enum Placement: Sendable, Hashable {
    case onTop, overlay, hidden

    init(_ value: pb_placement_t) {
        switch Int(value) {
        case Int(PB_PLACEMENT_OVERLAY): self = .overlay
        case Int(PB_PLACEMENT_HIDDEN): self = .hidden
        default: self = .onTop
        }
    }
}

/// What the bar shows in its title area (`PB_PRESENTATION_*`).
public enum PresentationStyle: Sendable, Hashable {
    case logo, title, hidden

    init(_ value: pb_presentation_style_t) {
        switch Int(value) {
        case Int(PB_PRESENTATION_LOGO): self = .logo
        case Int(PB_PRESENTATION_HIDDEN): self = .hidden
        default: self = .title
        }
    }
}

/// The context button a bar shows (`PB_CONTEXT_BUTTON_*`).
public enum ContextButton: Sendable, Hashable, CaseIterable {
    case none, menu, back, close

    init(_ value: pb_context_button_t) {
        switch Int(value) {
        case Int(PB_CONTEXT_BUTTON_MENU): self = .menu
        case Int(PB_CONTEXT_BUTTON_BACK): self = .back
        case Int(PB_CONTEXT_BUTTON_CLOSE): self = .close
        default: self = .none
        }
    }

    var cValue: pb_context_button_t {
        switch self {
        case .none: pb_context_button_t(PB_CONTEXT_BUTTON_NONE)
        case .menu: pb_context_button_t(PB_CONTEXT_BUTTON_MENU)
        case .back: pb_context_button_t(PB_CONTEXT_BUTTON_BACK)
        case .close: pb_context_button_t(PB_CONTEXT_BUTTON_CLOSE)
        }
    }
}

/// Which bar element was pressed (`PB_BAR_BUTTON_*`).
public enum BarButton: Sendable, Hashable {
    case menu, back, close, home, navItem

    var cValue: pb_bar_button_t {
        switch self {
        case .menu: pb_bar_button_t(PB_BAR_BUTTON_MENU)
        case .back: pb_bar_button_t(PB_BAR_BUTTON_BACK)
        case .close: pb_bar_button_t(PB_BAR_BUTTON_CLOSE)
        case .home: pb_bar_button_t(PB_BAR_BUTTON_HOME)
        case .navItem: pb_bar_button_t(PB_BAR_BUTTON_NAV_ITEM)
        }
    }
}

/// A view kind (`PB_VIEW_*`).
public enum ViewKind: Sendable, Hashable {
    case container, label, image, button

    var cValue: pb_view_kind_t {
        switch self {
        case .container: pb_view_kind_t(PB_VIEW_CONTAINER)
        case .label: pb_view_kind_t(PB_VIEW_LABEL)
        case .image: pb_view_kind_t(PB_VIEW_IMAGE)
        case .button: pb_view_kind_t(PB_VIEW_BUTTON)
        }
    }
}

/// Horizontal alignment (`PB_ALIGN_*`).
public enum Alignment: Sendable, Hashable {
    case left, center, right

    var cValue: pb_alignment_t {
        switch self {
        case .left: pb_alignment_t(PB_ALIGN_LEFT)
        case .center: pb_alignment_t(PB_ALIGN_CENTER)
        case .right: pb_alignment_t(PB_ALIGN_RIGHT)
        }
    }
}

/// A resolved bar background: image over colour.
public enum Background: Sendable, Hashable {
    case none
    case color(UInt32)
    case image(String)
}

/// A rectangle in points, in the parent's coordinates.
public struct Frame: Sendable, Hashable {
    /// The top-left corner (`x`, `y`; y grows downwards) and the size (`width`, `height`), in
    /// points.
    public var x, y, width, height: Double
    /// The frame with its top-left corner at (`x`, `y`) and the size `width` × `height`, in points.
    /// The host refuses a negative or non-finite size when it is set (`View.setFrame(_:)`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(_ rect: pb_rect_t) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

/// Where the navigation bar belongs when a root places it (`pb_nav_bar_area_t`, ABI 1.3), in the
/// root view's coordinates: the frame the host would give the bar view, and the top of the root
/// view kept for the status bar (the bar's background may reach into it, no button or text).
public struct NavigationBarArea: Sendable, Hashable {
    /// The frame the host would give the bar view: the whole width, below `topInset`, the bar's
    /// height (44 points on a phone, 50 on a tablet, 52 more for a large title).
    public var frame: Frame
    /// The top of the root view kept for the status bar, in points (47 on a phone with the UI
    /// Builder bar); 0 when the host draws a status-bar container above the root view.
    public var topInset: Double

    /// An area: the bar view's `frame` and the `topInset` kept above it for the status bar, in
    /// points, in the root view's coordinates.
    public init(frame: Frame, topInset: Double) {
        self.frame = frame
        self.topInset = topInset
    }
}
