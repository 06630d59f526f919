import PlugboardABI

/// The host as a Swift plugin instance sees it: a thin wrapper over its `pb_host_t`.
///
/// Keep it for the instance's life. The host refuses (and logs) every call made from the
/// plugin's initializer, which runs inside the factory's `create`: call it from `setUp` on.
/// Everything but `log(_:severity:)` is for the main thread, the one the host calls the plugin
/// on. After `tearDown` every call is refused.
public struct PluginHost {
    let raw: UnsafePointer<pb_host_t>

    init(_ raw: UnsafePointer<pb_host_t>) { self.raw = raw }

    /// The host's name, `plugboard`.
    public var name: String { String(cString: raw.pointee.name) }
    /// The host program's version, e.g. `0.1.0`.
    public var version: String { String(cString: raw.pointee.version) }

    /// How serious a logged message is (`PB_LOG_*`); the host logs it at that level.
    public enum Severity { case debug, info, warning, error }

    /// Logs `message` under the plugin's name, at `severity`. The one call any thread may make.
    public func log(_ message: String, severity: Severity = .info) {
        let level: pb_log_severity_t =
            switch severity {
            case .debug: pb_log_severity_t(PB_LOG_DEBUG)
            case .info: pb_log_severity_t(PB_LOG_INFO)
            case .warning: pb_log_severity_t(PB_LOG_WARNING)
            case .error: pb_log_severity_t(PB_LOG_ERROR)
            }
        raw.pointee.log(raw, level, message)
    }

    /// Creates a host view owned by this instance, or nil when the host refuses.
    public func makeView(_ kind: ViewKind) -> View? {
        let handle = raw.pointee.views.pointee.create(raw, kind.cValue)
        guard handle != PB_VIEW_NONE else { return nil }
        OwnedViews.record(handle, host: raw)
        return View(handle: handle, host: raw)
    }

    func `extension`<T>(_ id: String, as type: T.Type) -> UnsafePointer<T>? {
        raw.pointee.get_extension(raw, id)?.assumingMemoryBound(to: T.self)
    }

    /// The navigation-bar manager (bar instances only).
    public var navigationBar: NavigationBarServices? {
        `extension`(PB_HOST_EXT_NAV_BAR, as: pb_host_nav_bar_t.self).map { NavigationBarServices(host: raw, table: $0) }
    }

    /// The customization helper (bar instances only).
    public var customization: NavigationBarCustomization? {
        `extension`(PB_HOST_EXT_NAV_BAR_CUSTOMIZATION, as: pb_host_nav_bar_customization_t.self).map {
            NavigationBarCustomization(host: raw, table: $0)
        }
    }

    /// The container's callbacks (screen instances only).
    public var screen: ScreenServices? {
        `extension`(PB_HOST_EXT_SCREEN, as: pb_host_screen_t.self).map { ScreenServices(host: raw, table: $0) }
    }

    /// The root container's callbacks (root instances only).
    public var root: RootServices? {
        `extension`(PB_HOST_EXT_ROOT, as: pb_host_root_t.self).map { RootServices(host: raw, table: $0) }
    }
}

/// `pb_host_nav_bar_t`: tell the manager what was pressed; ask it for navigation buttons.
public struct NavigationBarServices {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_nav_bar_t>

    /// Tells the manager an element of the bar was pressed; it decides what happens (back,
    /// close, the root's special action, an item's screen or URL), whichever context button is
    /// shown. Pass `navItemID` with `.navItem` only. Buttons from `makeNavigationButton` route
    /// their own taps: do not report those.
    public func buttonPressed(_ button: BarButton, navItemID: String? = nil) {
        if let navItemID {
            table.pointee.button_pressed(host, button.cValue, navItemID)
        } else {
            table.pointee.button_pressed(host, button.cValue, nil)
        }
    }

    /// The navigation button for a nav item, owned by this instance; nil when it makes none.
    public func makeNavigationButton(navItemID: String) -> View? {
        let handle = table.pointee.make_navigation_button(host, navItemID)
        guard handle != PB_VIEW_NONE else { return nil }
        OwnedViews.record(handle, host: host)
        return View(handle: handle, host: host)
    }

    /// True when the root answers the special action, i.e. when the menu context button may be
    /// shown.
    public var isSpecialButtonUsedByRoot: Bool { table.pointee.is_special_button_used_by_root(host) }
}

/// `pb_host_nav_bar_customization_t`: the current bar model, resolved by the host (`_tablet`
/// keys on a tablet, Home's model for a screen without one, white-label screens on top), so
/// every bar plugin reads it alike. Its answers follow the last `customize` call (the model the
/// bar was created with before that). Main thread only.
public struct NavigationBarCustomization {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_nav_bar_customization_t>

    /// The background to paint, also under the status bar when the bar takes its space: an
    /// image wins over a colour.
    public var background: Background {
        let value = table.pointee.background(host)
        switch Int(value.kind) {
        case Int(PB_BACKGROUND_COLOR): return .color(value.color)
        case Int(PB_BACKGROUND_IMAGE): return value.image_url.map { .image(String(cString: $0)) } ?? .none
        default: return .none
        }
    }
    /// The title's font: `ios_font_family` (nil: the system font) and `title_size` (or
    /// `title_size_tablet`), in points.
    public var titleFont: (family: String?, size: Double) {
        let font = table.pointee.title_font(host)
        return (font.family.map { String(cString: $0) }, font.size)
    }
    /// The title's colour, 0xAARRGGBB: `title_color` (or `title_color_tablet`).
    public var titleColor: UInt32 { table.pointee.title_color(host) }
    /// The logo's URL (`assets.app_logo`); nil when there is none.
    public var logoURL: String? { table.pointee.logo_url(host).map { String(cString: $0) } }
    /// Where the bar goes (`styles.state`), after the host's rules.
    public var placement: Placement { Placement(table.pointee.placement(host)) }
    /// What the title area shows (`styles.presentation_style`).
    public var presentationStyle: PresentationStyle { PresentationStyle(table.pointee.presentation_style(host)) }
    /// `styles.style`: `left`, `center` or a style the plugin knows; `left` when the host says none.
    public var style: String { table.pointee.style(host).map { String(cString: $0) } ?? "left" }
    /// The image URL for a context button (`assets.menu_button`, `back_button`,
    /// `close_button`); nil: draw the default.
    public func contextButtonImageURL(_ button: ContextButton) -> String? {
        table.pointee.context_button_image_url(host, button.cValue).map { String(cString: $0) }
    }
    /// True on a tablet device profile.
    public var isTablet: Bool { table.pointee.is_tablet(host) }
    /// True when the screen shown wants the bar translucent (ABI 1.2; false from an older host,
    /// whose table has no such field).
    public var isTranslucent: Bool { hasABI12 && table.pointee.is_translucent(host) }
    /// True when the screen shown prefers a large title (ABI 1.2; false from an older host). The
    /// host then gives the bar a large-title row under its usual height, shrinking as the
    /// content scrolls (seed 003).
    public var prefersLargeTitle: Bool { hasABI12 && table.pointee.prefers_large_title(host) }

    private var hasABI12: Bool {
        let version = host.pointee.abi_version
        return version.major > 1 || (version.major == 1 && version.minor >= 2)
    }
}

/// `pb_host_root_t`: the screen container and menu selection.
public struct RootServices {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_root_t>

    /// The host-owned container the screens are shown in; add it to your tree and frame it, but
    /// never release it or set a tap action on it. nil when the host has no screens to show (a
    /// probe such as `plugboard inspect`): a root must work without it.
    public var screenContainer: View? {
        let handle = table.pointee.screen_container(host)
        return handle == PB_VIEW_NONE ? nil : View(handle: handle, host: host)
    }

    /// The user picked the nav item `navItemID` in the menu: the host shows its target (pushed
    /// on the root stack by default), then calls `selectItem(_:)`. False for an unknown id.
    @discardableResult
    public func openItem(_ navItemID: String) -> Bool { table.pointee.open_item(host, navItemID) }
}

/// `pb_host_screen_t`: a screen asks to be closed (when it hides the bar and shows its own button).
public struct ScreenServices {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_screen_t>

    /// Closes this screen as the bar's close or back button would: a presented screen is
    /// dismissed, a pushed one popped. False when it is the app's root screen. The instance may
    /// be torn down before this returns: touch nothing of it afterwards.
    @discardableResult
    public func close() -> Bool { table.pointee.close(host) }
}
