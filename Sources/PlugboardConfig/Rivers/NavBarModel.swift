import PlugboardCore

/// The `nav_bar` navigation model typed from the seed's tables (styles and assets), with the
/// navigation-bar plugin's manifest defaults behind the values the screen leaves out.
package struct NavBarModel: Sendable, Hashable {
    package var backgroundColor: ARGBColor?
    package var titleColor: ARGBColor?
    package var titleColorTablet: ARGBColor?
    package var titleSize: Double?
    package var titleSizeTablet: Double?
    package var presentationStyle: PresentationStyle?
    /// `left`, `center`, or a style a plugin registers (not checked here).
    package var style: String?
    package var state: Placement?
    package var iosFontFamily: String?
    package var appLogo: String?
    package var backButton: String?
    package var closeButton: String?
    package var menuButton: String?
    package var background: String?
    package var backgroundTablet: String?

    package static func read(_ navigation: Navigation, _ sink: DiagnosticSink) -> NavBarModel {
        let styles = navigation.styles
        let assets = navigation.assets
        let presentation = styles.oneOf("presentation_style", PresentationStyle.allCases.map(\.rawValue), sink)
        let state = styles.oneOf("state", Placement.allCases.map(\.rawValue), sink)
        return NavBarModel(
            backgroundColor: styles.color("background_color", sink),
            titleColor: styles.color("title_color", sink),
            titleColorTablet: styles.color("title_color_tablet", sink),
            titleSize: styles.numericString("title_size", sink),
            titleSizeTablet: styles.numericString("title_size_tablet", sink),
            presentationStyle: presentation.flatMap(PresentationStyle.init(rawValue:)),
            style: styles.string("style", sink),
            state: state.flatMap(Placement.init(rawValue:)),
            iosFontFamily: styles.string("ios_font_family", sink),
            appLogo: assets.url("app_logo", sink),
            backButton: assets.url("back_button", sink),
            closeButton: assets.url("close_button", sink),
            menuButton: assets.url("menu_button", sink),
            background: assets.url("background", sink),
            backgroundTablet: assets.url("background_tablet", sink))
    }
}

extension NavBarModel {
    /// A model that sets nothing: the bar plugin's manifest defaults apply throughout.
    package static let empty = NavBarModel()
}
