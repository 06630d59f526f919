import PlugboardConfig
import PlugboardCore

extension CheckModels {
    /// Minimal valid models for a plugin known only by its descriptor: what a plain app would
    /// pass, with two nav items for bars and three menu items for roots.
    static func minimal(for plugin: DiscoveredPlugin) -> CheckModels {
        func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
        func node(_ value: JSONValue) -> JSONNode { JSONNode(value, position: .start) }
        func items(_ prefix: String, _ count: Int) -> JSONValue {
            .array(
                (1...count).map { index in
                    node(
                        object([
                            ("id", .string("\(prefix)-\(index)")), ("title", .string("Item \(index)")),
                            ("type", .string("button")), ("data", object([("target", .string("check_screen"))])),
                        ]))
                })
        }
        let type: String =
            switch plugin.kind {
            case .screen: "general"
            case .navBar: "nav_bar"
            case .root: "menu"
            }
        let manifest = object([
            ("identifier", .string(plugin.id)), ("name", .string(plugin.name)), ("type", .string(type)),
            ("screen", .bool(plugin.kind == .screen)), ("configuration_json", object([])),
        ])
        let screen = minimalScreen(for: plugin)
        let bar = object([
            ("id", .string("check_nav_bar")), ("category", .string("nav_bar")), ("navigation_type", .string(plugin.id)),
            (
                "styles",
                object([
                    ("style", .string("left")), ("presentation_style", .string("title")), ("state", .string("on_top")),
                    ("background_color", .string("#FF202020")), ("title_color", .string("#FFFFFFFF")),
                ])
            ),
            ("assets", object([])), ("nav_items", items("check-nav-item", 2)),
        ])
        let menu = object([
            ("id", .string("check_menu")), ("category", .string("menu")), ("navigation_type", .string(plugin.id)),
            ("styles", object([])), ("assets", object([])), ("nav_items", items("check-menu-item", 3)),
        ])
        // Screens get two models: without a data source, and with one (a failable screen such as
        // Web needs a URL, seed 002's `init?`).
        let dataSource = object([("source", .string("https://example.com/check")), ("type", .string("WEB_URL"))])
        var models = CheckModels(
            plugin: manifest.serialized(),
            screens: [
                ScreenModel(screen: ScreenProps.json(screenModel: screen, dataSource: nil), dataSource: nil),
                ScreenModel(
                    screen: ScreenProps.json(screenModel: screen, dataSource: dataSource),
                    dataSource: dataSource.serialized()),
            ],
            navigationBars: [bar.serialized()], menu: menu.serialized())
        models.minimal = true
        return models
    }

    /// A rivers.json screen of the plugin's type with empty sections.
    static func minimalScreen(for plugin: DiscoveredPlugin) -> JSONValue {
        func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }
        return object([
            ("id", .string("check_screen")), ("name", .string("Check")), ("type", .string(plugin.id)),
            ("styles", object([])), ("data", object([])), ("general", object([])), ("navigations", .array([])),
        ])
    }

    /// These models with the author's screen model and data source first (`check --screen-model
    /// FILE --data-source FILE`): instead of minimal screens, before an app's. The screen is made
    /// with them, and a NULL from them is a failure.
    func withAuthorScreen(_ author: AuthorScreenModels, plugin: DiscoveredPlugin) -> CheckModels {
        var models = self
        let screen = author.screen ?? Self.minimalScreen(for: plugin)
        let given = ScreenModel(
            screen: ScreenProps.json(screenModel: screen, dataSource: author.dataSource),
            dataSource: author.dataSource?.serialized())
        models.screens = [given] + (minimal ? [] : screens)
        models.minimal = false
        return models
    }

    /// The models an app gives the plugin of `entry` (minimal ones where the app has none).
    static func fromApp(
        _ configuration: AppConfiguration, entry: PluginEntry, plugin: DiscoveredPlugin
    ) -> CheckModels {
        var models = minimal(for: plugin)
        models.minimal = false
        let identifier = entry.manifest.identifier
        let screens = configuration.rivers.screens
        models.plugin = entry.pluginModelJSON
        models.appScreens = screens.map(\.id)
        switch plugin.kind {
        case .screen:
            // Every way the app creates the screen: a rivers.json screen of its type, a nav item
            // of its type (components), a URL button (the web screen).
            func model(_ screen: JSONValue, _ dataSource: JSONValue?) -> ScreenModel {
                ScreenModel(
                    screen: ScreenProps.json(screenModel: screen, dataSource: dataSource),
                    dataSource: dataSource?.serialized())
            }
            var served = screens.filter { $0.type == identifier }.map { screen in
                model(screen.model, ScreenProps.dataSource(of: screen.dataObject.merged))
            }
            let items = screens.flatMap(\.navigations).flatMap(\.navItems).flatMap(\.flattened)
            for item in items {
                if item.typeName == identifier {
                    let (screen, dataSource) = ScreenProps.componentModels(item)
                    served.append(model(screen, dataSource))
                } else if identifier == "web", let url = item.webURL {
                    let (screen, dataSource) = ScreenProps.webModels(
                        url: url, title: item.title ?? url, itemID: item.id)
                    served.append(model(screen, dataSource))
                }
            }
            if !served.isEmpty { models.screens = served }
        case .navBar:
            let using = screens.filter { $0.navigationBar?.navigationType == identifier }
            if !using.isEmpty {
                models.navigationBars = using.compactMap { $0.navigationBar?.modelJSON }
                models.screens = using.map { ScreenModel(screen: $0.model.serialized(), dataSource: nil) }
            }
            let styles = entry.manifest.sections["styles"]?.fields.first { $0.key == "style" }?.options
            for style in styles?.compactMap(\.value.stringValue) ?? [] where !models.barStyles.contains(style) {
                models.barStyles.append(style)
            }
        case .root:
            if let menu = screens.compactMap(\.menu).first(where: { $0.navigationType == identifier }) {
                models.menu = menu.modelJSON
            }
        }
        return models
    }
}
