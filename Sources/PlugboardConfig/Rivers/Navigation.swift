import PlugboardCore

/// A navigation of a screen: its navigation bar (`nav_bar`) or its root menu (`menu`).
package struct Navigation: Sendable {
    package enum Category: String, Sendable, Codable, CaseIterable {
        case navBar = "nav_bar"
        case menu
    }

    package var id: String
    package var name: String?
    package var category: Category
    /// The identifier of the plugin that draws it.
    package var navigationType: String?
    /// Styles and assets with the plugin's manifest defaults behind them.
    package var styles: DefaultedObject
    package var assets: DefaultedObject
    /// The values of the plugin's own `rules` fields (a manifest section like `styles`, for
    /// behaviour rather than looks), with the manifest's initial values behind them. The host
    /// gives no rule a meaning: they are the plugin's, read through its model (`rules.KEY`).
    package var rules: DefaultedObject
    package var navItems: [NavItem]
    package var node: ConfigNode

    /// The navigation with defaults filled in, as JSON text for plugins.
    package var modelJSON: String {
        let written = node.node.objectValue ?? JSONObject(entries: [])
        let model = written.setting("styles", to: styles.merged).setting("assets", to: assets.merged)
            .setting("rules", to: rules.merged)
        return JSONValue.object(model).serialized()
    }

    static func read(_ node: ConfigNode, plugins: PluginsFile, _ sink: DiagnosticSink) -> Navigation? {
        guard let navigation = node.asObject(sink) else { return nil }
        let id = navigation.string("id", required: true, sink)
        let categoryName = navigation.oneOf("category", Category.allCases.map(\.rawValue), required: true, sink)
        let navigationType = navigation.string("navigation_type", sink)
        let styles = DefaultedObject(
            written: navigation.object("styles", sink),
            defaults: plugins.initialValues(of: navigationType, section: "styles"), parent: navigation)
        let assets = DefaultedObject(
            written: navigation.object("assets", sink),
            defaults: plugins.initialValues(of: navigationType, section: "assets"), parent: navigation)
        let rules = DefaultedObject(
            written: navigation.object("rules", sink),
            defaults: plugins.initialValues(of: navigationType, section: "rules"), parent: navigation)
        let items = navigation.array("nav_items", sink)?.compactMap { NavItem.read($0, sink) } ?? []
        guard let id, let categoryName, let category = Category(rawValue: categoryName) else { return nil }
        return Navigation(
            id: id, name: navigation.string("name", sink), category: category, navigationType: navigationType,
            styles: styles, assets: assets, rules: rules, navItems: items, node: navigation)
    }
}
