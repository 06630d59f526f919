/// The `nav_bar` navigation model typed from the seed's tables (styles and assets), with the
/// navigation-bar plugin's manifest defaults behind the values the screen leaves out.
public struct NavBarModel: Sendable, Hashable {
    public var backgroundColor: ARGBColor?
    public var titleColor: ARGBColor?
    public var titleColorTablet: ARGBColor?
    public var titleSize: Double?
    public var titleSizeTablet: Double?
    public var presentationStyle: PresentationStyle?
    /// `left`, `center`, or a style a plugin registers (not checked here).
    public var style: String?
    public var state: Placement?
    public var iosFontFamily: String?
    public var appLogo: String?
    public var backButton: String?
    public var closeButton: String?
    public var menuButton: String?
    public var background: String?
    public var backgroundTablet: String?

    public static func read(_ navigation: Navigation, _ sink: DiagnosticSink) -> NavBarModel {
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
