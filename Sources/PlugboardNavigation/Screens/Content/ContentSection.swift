import Foundation
import PlugboardCore

/// One `ui_component` of a content screen as the seed's generic screen shows it: a titled section
/// of cells. This is the data only (what to draw and what a tap opens), so it can be checked
/// without a view tree; `ContentScreen` draws it.
struct ContentSection: Equatable {
    struct Cell: Equatable {
        var title: String
        var image: String?
        /// What the screen a tap opens is created with (its `data_source_json`).
        var dataSource: JSONValue
    }

    /// The component's `position`, or its 1-based index when it has none: cells are named
    /// `cell:<position>:<index>` after it.
    var position: Int
    /// The component's `styles.title`, else its `component_type`.
    var title: String
    /// The screen a tap on a cell opens: the component's `data.target` when `data.connected` is true.
    var target: String?
    var cells: [Cell]
    /// Why the component's local feed could not be read (then the component is one cell).
    var problem: AtomFeed.LoadError?

    /// The sections of a screen's `ui_components`, in `position` order (written order on ties).
    static func sections(of components: [JSONValue], feedBase: URL?) -> [ContentSection] {
        components.enumerated()
            .map { index, component in make(component, index: index, feedBase: feedBase) }
            .enumerated()
            .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
    }

    /// The section of one component; its feed is read when `data.source` is a local file.
    static func make(_ component: JSONValue, index: Int, feedBase: URL?) -> ContentSection {
        let object = component.objectValue ?? JSONObject([])
        let data = object["data"]?.objectValue ?? JSONObject([])
        let type = object["component_type"]?.stringValue ?? "component"
        let source = data["source"]?.stringValue
        let connected = data["connected"]?.boolValue == true
        let target = data["target"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var section = ContentSection(
            position: object["position"]?.numberValue?.int ?? index + 1,
            title: object["styles"]?["title"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? type,
            target: connected ? target : nil, cells: [], problem: nil)
        if let source, let feedBase, let url = AtomFeed.resolve(source: source, relativeTo: feedBase) {
            do throws(AtomFeed.LoadError) {
                let feed = try AtomFeed.load(url)
                let limit = itemLimit(object["rules"]?["item_limit"]?.value) ?? feed.entries.count
                section.cells = feed.entries.prefix(limit).map { cell($0, source: source, type: data["type"]?.value) }
                return section
            } catch {
                section.problem = error
            }
        }
        let title = [type, source].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        section.cells = [Cell(title: title, image: nil, dataSource: .object(data))]
        return section
    }

    /// A feed entry's cell; its data source carries where it came from (`source`, `type`).
    static func cell(_ entry: AtomFeed.Entry, source: String, type: JSONValue?) -> Cell {
        let fields: [(String, String?)] = [
            ("id", entry.id), ("title", entry.title), ("summary", entry.summary), ("image", entry.image),
            ("link", entry.link), ("source", source),
        ]
        var members = fields.compactMap { key, value in value.map { (key, JSONValue.string($0)) } }
        if let type, !type.isNull { members.append(("type", type)) }
        return Cell(
            title: entry.title ?? entry.id ?? "(untitled)", image: entry.image,
            dataSource: .object(JSONObject(members)))
    }

    /// `rules.item_limit` (UI Builder writes it as a string) when it is a positive integer.
    private static func itemLimit(_ value: JSONValue?) -> Int? {
        let limit = value?.numberValue?.int ?? value?.stringValue.flatMap { Int($0) }
        return limit.flatMap { $0 > 0 ? $0 : nil }
    }
}
