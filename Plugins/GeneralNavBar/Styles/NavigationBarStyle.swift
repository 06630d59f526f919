import PlugboardSDK

/// Where a style puts the parts of the bar, given the bar's size and what it shows.
struct BarLayout: Equatable {
    var contextButton: Frame
    /// Navigation buttons, left to right.
    var navigationButtons: [Frame]
    /// The title label or the logo image: they share the title area.
    var titleArea: Frame
    var titleAlignment: Alignment
}

/// What a style needs to know to lay the bar out.
struct BarMetrics {
    var width: Double
    var height: Double
    /// A context button is shown (menu, back or close).
    var hasContextButton: Bool
    /// The width each navigation button asks for, left to right: what its title needs, as the
    /// host sized it when it made the button (0 when the host did not).
    var navigationButtonWidths: [Double]
}

/// A layout of the general navigation bar. Like the seed's xibs named `DefaultNavigationBar` +
/// style key, a style is found by its type name: `DefaultNavigationBar` + the capitalised key
/// (`left` → `DefaultNavigationBarLeft`). Adding a style is adding one file with one such type
/// and listing the type in `StyleRegistry.styles`.
protocol NavigationBarStyle: Sendable {
    init()
    func layout(_ metrics: BarMetrics) -> BarLayout
}

/// Sizes shared by the styles, in points.
enum BarMetricsConstants {
    static let buttonWidth = 44.0
    static let padding = 8.0
    /// The part of the bar the navigation buttons leave to the context button and the title at
    /// least: past it, wide buttons give up width (down to a square) rather than the title.
    static let titleShare = 0.3
}

extension NavigationBarStyle {
    /// The context-button container on the left and the navigation buttons on the right, as
    /// both seed styles place them. Returns the widths they take.
    ///
    /// Each navigation button is as wide as its title asks (never narrower than `buttonWidth`),
    /// within the bar's room: the bar less the context button and `titleShare` of its width.
    /// When the titles ask for more, every button past a square gives up the same share of
    /// its extra width, so a long title is cut rather than the title of the bar.
    func sides(_ metrics: BarMetrics, buttonWidth: Double = BarMetricsConstants.buttonWidth)
        -> (context: Frame, buttons: [Frame], contextWidth: Double, buttonsWidth: Double)
    {
        let contextWidth = metrics.hasContextButton ? buttonWidth : 0
        let context = Frame(x: 0, y: 0, width: contextWidth, height: metrics.height)
        let room = metrics.width - contextWidth - metrics.width * BarMetricsConstants.titleShare
        let widths = Self.buttonWidths(metrics, room: room, minimum: buttonWidth)
        var x = metrics.width - widths.reduce(0, +)
        let buttons = widths.map { width in
            defer { x += width }
            return Frame(x: x, y: 0, width: width, height: metrics.height)
        }
        return (context, buttons, contextWidth, widths.reduce(0, +))
    }

    private static func buttonWidths(_ metrics: BarMetrics, room: Double, minimum: Double) -> [Double] {
        let asked = metrics.navigationButtonWidths.map { max(minimum, $0.isFinite ? $0 : 0) }
        let squares = Double(asked.count) * minimum
        let extra = asked.reduce(0, +) - squares
        guard extra > 0, squares + extra > room else { return asked }
        let kept = max(0, room - squares) / extra
        return asked.map { (minimum + ($0 - minimum) * kept).rounded(.down) }
    }
}
