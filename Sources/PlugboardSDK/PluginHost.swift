import PlugboardABI

/// The host as a Swift plugin instance sees it: a thin wrapper over its `pb_host_t`.
public struct PluginHost {
    let raw: UnsafePointer<pb_host_t>

    init(_ raw: UnsafePointer<pb_host_t>) { self.raw = raw }

    public var name: String { String(cString: raw.pointee.name) }
    public var version: String { String(cString: raw.pointee.version) }

    public enum Severity { case debug, info, warning, error }

    /// Logs under the plugin's name.
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

    public var isSpecialButtonUsedByRoot: Bool { table.pointee.is_special_button_used_by_root(host) }
}

/// `pb_host_nav_bar_customization_t`: the current bar model, resolved by the host.
public struct NavigationBarCustomization {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_nav_bar_customization_t>

    public var background: Background {
        let value = table.pointee.background(host)
        switch Int(value.kind) {
        case Int(PB_BACKGROUND_COLOR): return .color(value.color)
        case Int(PB_BACKGROUND_IMAGE): return value.image_url.map { .image(String(cString: $0)) } ?? .none
        default: return .none
        }
    }
    public var titleFont: (family: String?, size: Double) {
        let font = table.pointee.title_font(host)
        return (font.family.map { String(cString: $0) }, font.size)
    }
    public var titleColor: UInt32 { table.pointee.title_color(host) }
    public var logoURL: String? { table.pointee.logo_url(host).map { String(cString: $0) } }
    public var placement: Placement { Placement(table.pointee.placement(host)) }
    public var presentationStyle: PresentationStyle { PresentationStyle(table.pointee.presentation_style(host)) }
    public var style: String { table.pointee.style(host).map { String(cString: $0) } ?? "left" }
    public func contextButtonImageURL(_ button: ContextButton) -> String? {
        table.pointee.context_button_image_url(host, button.cValue).map { String(cString: $0) }
    }
    public var isTablet: Bool { table.pointee.is_tablet(host) }
}

/// `pb_host_root_t`: the screen container and menu selection.
public struct RootServices {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_root_t>

    /// The host-owned container the screens are shown in; add it to your tree and frame it.
    public var screenContainer: View? {
        let handle = table.pointee.screen_container(host)
        return handle == PB_VIEW_NONE ? nil : View(handle: handle, host: host)
    }

    @discardableResult
    public func openItem(_ navItemID: String) -> Bool { table.pointee.open_item(host, navItemID) }
}

/// `pb_host_screen_t`: a screen asks to be closed (when it hides the bar and shows its own button).
public struct ScreenServices {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_screen_t>

    @discardableResult
    public func close() -> Bool { table.pointee.close(host) }
}
