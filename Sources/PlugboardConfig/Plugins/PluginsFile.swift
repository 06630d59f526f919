import Foundation
import PlugboardCore

/// One entry of plugins.json: `{"plugin": <manifest>, "configuration_json": <object> | null}`.
package struct PluginEntry: Sendable {
    package var manifest: PluginManifest
    /// The app's values for the plugin's custom configuration fields, or nil.
    package var configuration: ConfigNode?
    /// Where the entry is.
    package var location: ConfigLocation {
        get { place.location }
        set { place = .location(newValue) }
    }
    private var place: DeferredLocation

    init(manifest: PluginManifest, configuration: ConfigNode?, node: ConfigNode) {
        self.manifest = manifest
        self.configuration = configuration
        self.place = .node(node)
    }

    /// The plugin model a plugin is created with: its manifest with `configuration_json`
    /// added, as JSON text.
    package var pluginModelJSON: String {
        let written = manifest.node.node.objectValue ?? JSONObject(entries: [])
        let configuration = configuration?.node ?? JSONNode(.null, position: .start)
        return JSONValue.object(written.setting("configuration_json", to: configuration)).serialized()
    }
}

/// plugins.json as UI Builder delivers it: an array of entries. A real app's file holds plugins
/// this host runs no code for (analytics, login, player …); they load as configuration.
package struct PluginsFile: Sendable {
    package var file: String
    package var entries: [PluginEntry] { didSet { index() } }
    /// False when the file is not JSON or not an array: rules that refer to it are not checked,
    /// since every reference would fail for the same reason.
    package var isReadable = true
    /// Each identifier's first entry: looked up per screen, so made once (again only if
    /// `entries` is changed).
    private var positions: [String: Int] = [:]

    package init(file: String, entries: [PluginEntry], isReadable: Bool = true) {
        self.file = file
        self.entries = entries
        self.isReadable = isReadable
        index()
    }

    private mutating func index() {
        positions = entries.firstPositions { $0.manifest.identifier }
    }

    /// Reads `data`, reporting every problem into `sink` with `file` as the name shown.
    package static func read(_ data: Data, file: String, _ sink: DiagnosticSink) -> PluginsFile {
        guard let root = parse(data, file: file, sink) else {
            return PluginsFile(file: file, entries: [], isReadable: false)
        }
        guard let items = root.elements else {
            root.mismatch("an array of {\"plugin\": …, \"configuration_json\": …} entries", sink)
            return PluginsFile(file: file, entries: [], isReadable: false)
        }
        let entries = items.compactMap { item -> PluginEntry? in
            guard let entry = item.asObject(sink) else { return nil }
            let configuration = entry["configuration_json"].flatMap { value -> ConfigNode? in
                if value.node.isNull { return nil }
                return value.asObject(sink)
            }
            guard let manifestNode = entry.member("plugin", required: true, sink),
                let manifest = PluginManifest.read(manifestNode, sink)
            else { return nil }
            return PluginEntry(manifest: manifest, configuration: configuration, node: entry)
        }
        return PluginsFile(file: file, entries: entries)
    }

    /// Parses JSON, reporting a syntax error at its exact character.
    static func parse(_ data: Data, file: String, _ sink: DiagnosticSink) -> ConfigNode? {
        do {
            return ConfigNode(try JSONParser.parse(data), file: file)
        } catch {
            sink.error(
                ConfigLocation(file: file, position: error.position, path: .root), "invalid JSON: \(error.message)")
            return nil
        }
    }

    /// The entry whose manifest has `identifier`.
    package func entry(_ identifier: String) -> PluginEntry? { positions[identifier].map { entries[$0] } }

    /// The initial values of `section` in the manifest with `identifier`, or none: the defaults
    /// behind a screen's or navigation's objects. Read in place, since `entry` copies a whole
    /// entry (every field of its manifest retained) and this is asked for every screen.
    func initialValues(of identifier: String?, section: String) -> [(key: String, value: ConfigNode)] {
        guard let identifier, let position = positions[identifier] else { return [] }
        return entries[position].manifest.sections[section]?.initialValues ?? []
    }
}
