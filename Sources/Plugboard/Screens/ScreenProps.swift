/// What a screen plugin is created with (seed 002, "Example of receiving props"): the screen
/// model flattened for backward compatibility (its `styles` and `general` keys at the top level),
/// plus `uibuilder_screen_model` and, when there is one, `data_source_model`.
enum ScreenProps {
    static func json(screenModel: JSONValue, dataSource: JSONValue?) -> String {
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
    static func dataSource(of data: JSONValue?) -> JSONValue? {
        guard let object = data?.objectValue, let source = object["source"]?.stringValue, !source.isEmpty else {
            return nil
        }
        return data
    }
}
