import PlugboardCore

/// A plugin manifest as UI Builder delivers it (the manifest-format document), typed where the
/// host uses a field and kept whole (`node`) so plugins receive every key.
package struct PluginManifest: Sendable {
    package struct API: Sendable, Hashable {
        /// The name of the plugin inside its library (the host's NSClassFromString).
        package var className: String?
        package var modules: [String]
        package var requireStartupExecution: Bool
    }

    /// The sections whose fields carry `initial_value`s.
    package static let sectionNames = ["styles", "data", "rules", "assets", "general", "advertising"]

    package var identifier: String
    package var name: String
    /// nil when the manifest's type is not one this host knows (kept as `typeName`, warned).
    package var type: ManifestPluginType?
    package var typeName: String
    package var isScreen: Bool
    package var api: API
    package var reactNative: Bool
    /// A version string, or per-platform versions `{ios: …, android: …}`.
    package var minZappSDK: JSONValue?
    package var whitelistedAccountIDs: [String]
    package var targets: [String]
    package var platform: String?
    package var sections: [String: FieldSection]
    package var supportedNavItems: [String]
    package var maxNavItems: Int?
    /// What this host adds: the library to load, its pin, its exports. nil: configuration only.
    package var plugboard: PlugboardKeys?
    /// The manifest object itself, every key included.
    package var node: ConfigNode

    static func read(_ node: ConfigNode, _ sink: DiagnosticSink) -> PluginManifest? {
        guard let manifest = node.asObject(sink) else { return nil }
        let identifier = manifest.string("identifier", required: true, sink)
        let name = manifest.string("name", required: true, sink)
        let typeName = manifest.string("type", required: true, sink)
        let type = typeName.flatMap(ManifestPluginType.init(rawValue:))
        if let typeName, type == nil, let location = manifest["type"]?.location {
            // As AppPlugins loads it: a screen when it says so and names a library.
            let loadsAsScreen = manifest["screen"]?.node.boolValue == true && manifest["plugboard"] != nil
            sink.warning(
                location,
                "unknown plugin type \"\(typeName)\" (known: \(ManifestPluginType.names.joined(separator: ", "))); "
                    + (loadsAsScreen ? "loaded as a screen plugin (\"screen\": true)" : "loaded as configuration"))
        }
        let api = manifest.object("api", sink)
        let minZapp = manifest["min_zapp_sdk"]
        if let minZapp, minZapp.node.stringValue == nil, !minZapp.node.isObject, !minZapp.node.isNull {
            minZapp.mismatch("a version string or an object of versions per platform", sink)
        }
        var sections: [String: FieldSection] = [:]
        for section in sectionNames {
            if let value = manifest.member(section, required: false, sink) {
                sections[section] = FieldSection.read(value, sink)
            }
        }
        let plugboard = manifest.member("plugboard", required: false, sink).flatMap { PlugboardKeys.read($0, sink) }
        guard let identifier, let name, let typeName else { return nil }
        return PluginManifest(
            identifier: identifier, name: name, type: type, typeName: typeName,
            isScreen: manifest.bool("screen", sink) ?? false,
            api: API(
                className: api?.string("class_name", sink), modules: api?.strings("modules", sink) ?? [],
                requireStartupExecution: api?.bool("require_startup_execution", sink) ?? false),
            reactNative: manifest.bool("react_native", sink) ?? false,
            minZappSDK: minZapp?.node.value,
            whitelistedAccountIDs: manifest.strings("whitelisted_account_ids", sink) ?? [],
            targets: manifest.strings("targets", sink) ?? [],
            platform: manifest.string("platform", sink),
            sections: sections,
            supportedNavItems: manifest.strings("supported_nav_items", sink) ?? [],
            maxNavItems: manifest.integer("max_nav_items", sink),
            plugboard: plugboard,
            node: manifest)
    }
}

extension PluginManifest {
    /// The runtime kind the manifest asks for, or nil for configuration-only plugins.
    package var runtimeKind: PluginKind? {
        switch type {
        case .navBar: .navBar
        case .menu: .root
        default: isScreen ? .screen : nil
        }
    }
}
