import PlugboardCore

/// What a content screen opened from a cell (or by the EPG with a programme) shows first: the
/// data it was opened with, so a details screen is about that item without any component.
struct ContentDetails: Equatable {
    var title: String
    var summary: String?
    var image: String?

    /// The details of a data source that has a `title`; nil for a screen's own `data` (a feed
    /// `source`), which has none.
    init?(dataSource: JSONValue?) {
        guard let object = dataSource?.objectValue, let title = Self.text(object["title"]) else { return nil }
        self.title = title
        summary = Self.text(object["summary"]) ?? Self.text(object["description"])
        image = Self.text(object["image"])
    }

    private static func text(_ node: JSONNode?) -> String? {
        guard let string = node?.stringValue, !string.isEmpty else { return nil }
        return string
    }
}
