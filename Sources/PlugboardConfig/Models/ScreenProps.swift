import PlugboardCore

/// What a screen plugin is created with (seed 002, "Example of receiving props"): the screen
/// model flattened for backward compatibility (its `styles` and `general` keys at the top level),
/// plus `uibuilder_screen_model` and, when there is one, `data_source_model`.
package enum ScreenProps {
    package static func json(screenModel: JSONValue, dataSource: JSONValue?) -> String {
        var entries = JSONObject(
            [("uibuilder_screen_model", screenModel)] + (dataSource.map { [("data_source_model", $0)] } ?? [])
        ).entries
        for section in ["styles", "general"] {
            for entry in screenModel.objectValue?[section]?.objectValue?.entries ?? []
            where !entries.contains(where: { $0.key == entry.key }) {
                entries.append(entry)
            }
        }
        return JSONValue.object(JSONObject(entries: entries)).serialized()
    }

    /// The data source of a screen: its `data` when it names a `source`, else nil.
    package static func dataSource(of data: JSONValue?) -> JSONValue? {
        guard let object = data?.objectValue, let source = object["source"]?.stringValue, !source.isEmpty else {
            return nil
        }
        return data
    }

    /// The screen model and data source a component nav item's screen is created with: the
    /// item's data when it names a source, or `dataSource` when the request carries its own.
    package static func componentModels(
        _ item: NavItem, dataSource given: JSONValue? = nil
    ) -> (screen: JSONValue, dataSource: JSONValue?) {
        let dataSource = given ?? ScreenProps.dataSource(of: item.node["data"]?.node.value)
        let model = syntheticModel(
            id: "\(item.typeName):\(item.id)", type: item.typeName, title: item.title ?? item.typeName, data: dataSource
        )
        return (model, dataSource)
    }

    /// The screen model and data source the web screen of a URL button is created with.
    package static func webModels(url: String, title: String, itemID: String) -> (
        screen: JSONValue, dataSource: JSONValue
    ) {
        let data = JSONValue.object(JSONObject([("source", .string(url))]))
        return (syntheticModel(id: "web:\(itemID)", type: "web", title: title, data: data), data)
    }

    /// A screen model for screens that rivers.json does not list.
    private static func syntheticModel(id: String, type: String, title: String, data: JSONValue?) -> JSONValue {
        .object(
            JSONObject([
                ("id", .string(id)), ("name", .string(title)), ("type", .string(type)), ("home", .bool(false)),
                ("data", data ?? .object(JSONObject([]))), ("styles", .object(JSONObject([]))),
            ]))
    }
}
