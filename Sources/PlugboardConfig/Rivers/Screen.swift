import PlugboardCore

/// How a screen is shown when opened (`styles.presentation`).
package enum ScreenPresentation: String, Sendable, Codable, CaseIterable {
    case push, present
}

/// A screen of rivers.json. A class, not a struct: the configuration never changes after load,
/// and a screen is looked up on every navigation and handed on to the bar, the cache and the
/// factory; a struct of this size was copied field by field each time (a dozen retains of
/// objects spread over the whole configuration).
package final class Screen: Sendable {
    package struct Styles: Sendable, Hashable {
        package var family: String?
        /// Overrides the default (push from the root, present from the bar).
        package var presentation: ScreenPresentation?
        package var forceNavBarHidden: Bool
        /// `content_under_nav_bar`: under an overlay bar the screen starts at the top of the
        /// container, under the bar, instead of below it (a picture that should show through).
        package var contentUnderNavBar: Bool
        package var backgroundColor: ARGBColor?
        /// `prefers_large_title`: the bar shows the title large in a row of its own, which
        /// collapses into the bar as the content scrolls (seed 003). A screen plugin's own
        /// `set_prefers_large_title` (plugboard.host.screen-bar) wins.
        package var prefersLargeTitle = false
    }

    package let id: String
    package let name: String?
    /// `general_content`, another built-in type, or the identifier of a screen plugin.
    package let type: String
    package let isHome: Bool
    package let styles: Styles
    /// Styles and data with the serving plugin's manifest defaults behind them.
    package let stylesObject: DefaultedObject
    package let dataObject: DefaultedObject
    package let navigations: [Navigation]
    package let node: ConfigNode

    init(
        id: String, name: String?, type: String, isHome: Bool, styles: Styles, stylesObject: DefaultedObject,
        dataObject: DefaultedObject, navigations: [Navigation], node: ConfigNode
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.isHome = isHome
        self.styles = styles
        self.stylesObject = stylesObject
        self.dataObject = dataObject
        self.navigations = navigations
        self.node = node
    }

    /// The screen's `nav_bar` navigation, if it has one.
    package var navigationBar: Navigation? { navigations.first { $0.category == .navBar } }
    /// The screen's `menu` navigation, if it has one.
    package var menu: Navigation? { navigations.first { $0.category == .menu } }

    /// The screen model with defaults filled in (the seed's ZLScreenModel), as JSON. The members
    /// filled in are built nodes with no place in the file: finding the screen's line and column
    /// would scan the whole file for line breaks, which only a diagnostic needs.
    package var model: JSONValue {
        let written = node.node.objectValue ?? JSONObject(entries: [])
        return .object(written.setting("styles", to: stylesObject.merged).setting("data", to: dataObject.merged))
    }

    static func read(_ node: ConfigNode, plugins: PluginsFile, _ sink: DiagnosticSink) -> Screen? {
        guard let screen = node.asObject(sink) else { return nil }
        let id = screen.string("id", required: true, sink)
        let type = screen.string("type", required: true, sink)
        let stylesObject = DefaultedObject(
            written: screen.object("styles", sink), defaults: plugins.initialValues(of: type, section: "styles"),
            parent: screen)
        let dataObject = DefaultedObject(
            written: screen.object("data", sink), defaults: plugins.initialValues(of: type, section: "data"),
            parent: screen)
        let presentation = stylesObject.oneOf("presentation", ScreenPresentation.allCases.map(\.rawValue), sink)
        let styles = Styles(
            family: stylesObject.string("family", sink),
            presentation: presentation.flatMap(ScreenPresentation.init(rawValue:)),
            forceNavBarHidden: stylesObject.bool("force_nav_bar_hidden", sink) ?? false,
            contentUnderNavBar: stylesObject.bool("content_under_nav_bar", sink) ?? false,
            backgroundColor: stylesObject.color("background_color", sink),
            prefersLargeTitle: stylesObject.bool("prefers_large_title", sink) ?? false)
        for key in ["general", "rules", "advertising"] { screen.checkObject(key, sink) }
        screen.checkArray("ui_components", sink)
        let navigations = screen.array("navigations", sink)?.compactMap { Navigation.read($0, plugins: plugins, sink) }
        guard let id, let type else { return nil }
        return Screen(
            id: id, name: screen.string("name", sink), type: type, isHome: screen.bool("home", sink) ?? false,
            styles: styles, stylesObject: stylesObject, dataObject: dataObject, navigations: navigations ?? [],
            node: screen)
    }
}
