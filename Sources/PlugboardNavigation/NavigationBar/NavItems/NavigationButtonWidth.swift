import PlugboardCore

/// The width a navigation button the host makes (nav_bar_host.h `make_navigation_button`) needs
/// for its title. The host sets it as the button's frame when it makes it, so a bar plugin, which
/// cannot measure text, reads it with `get_frame` and gives the button that much of its room
/// instead of a fixed square that cuts "Website" to "Web…". The numbers are the SVG renderer's
/// pill: the measured title (`TextMeasure`), a padding on each side, and a point on each side
/// between pills.
enum NavigationButtonWidth {
    /// A bar's square button: no button is narrower, whatever its title.
    static let minimum = 44.0

    /// At least `minimum`; whole points, rounded up, so the title is never cut by rounding.
    static func forTitle(_ title: String, fontSize: Double) -> Double {
        guard !title.isEmpty else { return minimum }
        let padding = min(12, fontSize * 0.6)
        return max(minimum, (TextMeasure.width(title, fontSize: fontSize) + 2 * padding + 2).rounded(.up))
    }
}
