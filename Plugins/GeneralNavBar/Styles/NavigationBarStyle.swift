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
    var navigationButtonCount: Int
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
}

extension NavigationBarStyle {
    /// The context-button container on the left and the navigation buttons on the right, as
    /// both seed styles place them. Returns the widths they take.
    func sides(_ metrics: BarMetrics, buttonWidth: Double = BarMetricsConstants.buttonWidth)
        -> (context: Frame, buttons: [Frame], contextWidth: Double, buttonsWidth: Double)
    {
        let contextWidth = metrics.hasContextButton ? buttonWidth : 0
        let context = Frame(x: 0, y: 0, width: contextWidth, height: metrics.height)
        let count = metrics.navigationButtonCount
        let buttons = (0..<count).map { index in
            Frame(
                x: metrics.width - Double(count - index) * buttonWidth, y: 0, width: buttonWidth,
                height: metrics.height)
        }
        return (context, buttons, contextWidth, Double(count) * buttonWidth)
    }
}
