import Foundation
import PlugboardConfig
import PlugboardCore

/// Readable component data in state URLs (`app://home/shows/show-details::harbour-lights`).
///
/// A screen opened from a cell has the cell's feed entry as its data source: a JSON object of
/// several hundred characters once percent-encoded. Its component is written as the entry's id
/// instead — the id's last segment (`harbour-lights` for `urn:showcase:show:harbour-lights`)
/// when that is enough — and a component's data string is read back through the feeds of the
/// screen the component was opened from (the one before it), else through every feed of the app.
///
/// A name is written only when reading it back gives the very same data source, so every state
/// URL reopens to an equal state: an id two different entries share, or a data source with no
/// `id`, keeps its JSON text; `{"data": "42"}` is written `42` unless an entry answers to `42`.
final class RouteDataNames {
    private let rivers: RiversFile
    private let feedBase: URL?
    /// The data sources of each screen's cells (its local feeds), read once: feeds do not change
    /// while the app runs (a hot reload starts a new app).
    private var cellsByScreen: [String: [JSONValue]] = [:]
    private var everyCell: [JSONValue]?

    init(rivers: RiversFile, feedBase: URL?) {
        self.rivers = rivers
        self.feedBase = feedBase
    }

    /// The data source a component's data string stands for, after the screen `previous`: a
    /// JSON object written as such, a feed entry's id or its last segment, else `{"data": …}`.
    func dataSource(of data: String, after previous: String?) -> JSONValue {
        if let parsed = try? JSONParser.parse(data), parsed.value.objectValue != nil { return parsed.value }
        return entry(named: data, after: previous) ?? .object(JSONObject([("data", .string(data))]))
    }

    /// The data string a component is written with for `dataSource` (canonical JSON text) after
    /// the screen `previous`: the shortest that `dataSource(of:after:)` reads back to it.
    func data(for dataSource: String, after previous: String?) -> String {
        guard let object = (try? JSONParser.parse(dataSource))?.value.objectValue else { return dataSource }
        var candidates: [String] = []
        if let id = object["id"]?.stringValue { candidates += [Self.lastSegment(of: id), id] }
        if object.count == 1, let data = object["data"]?.stringValue { candidates.append(data) }
        let readable = candidates.first {
            !$0.isEmpty && self.dataSource(of: $0, after: previous).canonicalText() == dataSource
        }
        return readable ?? dataSource
    }

    /// The one entry answering to `name` in the feeds of `previous`, else of the whole app; nil
    /// when none does or two different ones do.
    private func entry(named name: String, after previous: String?) -> JSONValue? {
        if let previous {
            switch Self.match(name, in: cells(of: previous)) {
            case .one(let entry): return entry
            case .several: return nil  // the app's feeds hold them too
            case .none: break
            }
        }
        if case .one(let entry) = Self.match(name, in: allCells()) { return entry }
        return nil
    }

    private enum Match {
        case none, one(JSONValue), several
    }

    /// An entry whose id is `name`, else one whose id's last segment is.
    private static func match(_ name: String, in cells: [JSONValue]) -> Match {
        for exact in [true, false] {
            var found: (entry: JSONValue, text: String)?
            for cell in cells {
                guard let id = cell.objectValue?["id"]?.stringValue, (exact ? id : lastSegment(of: id)) == name
                else { continue }
                let text = cell.canonicalText()
                if let found, found.text != text { return .several }
                found = (cell, text)
            }
            if let found { return .one(found.entry) }
        }
        return .none
    }

    /// What follows the last `:` or `/` of an id (`harbour-lights` of `urn:showcase:show:harbour-lights`).
    static func lastSegment(of id: String) -> String {
        guard let separator = id.lastIndex(where: { $0 == ":" || $0 == "/" }) else { return id }
        return String(id[id.index(after: separator)...])
    }

    private func cells(of screenID: String) -> [JSONValue] {
        if let cells = cellsByScreen[screenID] { return cells }
        let cells = rivers.screen(screenID).map(cells(of:)) ?? []
        cellsByScreen[screenID] = cells
        return cells
    }

    private func cells(of screen: Screen) -> [JSONValue] {
        let components = screen.node["ui_components"]?.elements?.map(\.node.value) ?? []
        return ContentSection.sections(of: components, feedBase: feedBase).flatMap(\.cells).map(\.dataSource)
    }

    private func allCells() -> [JSONValue] {
        if let everyCell { return everyCell }
        let cells = rivers.screens.flatMap { self.cells(of: $0.id) }
        everyCell = cells
        return cells
    }
}
