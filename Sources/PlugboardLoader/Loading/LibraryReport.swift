import Logging
import PlugboardCore

/// What `plugboard inspect <library.so>` shows: the library's ABI version and, for each plugin,
/// its descriptor and the optional extensions it answers.
package struct LibraryReport: Codable, Sendable, Equatable {
    package struct Plugin: Codable, Sendable, Equatable {
        package var descriptor: PluginDescriptor
        /// Extension ids a probe instance answered, or nil when no instance could be made.
        package var extensions: [String]?
        /// Why `extensions` is nil.
        package var note: String?
    }

    package var path: String
    package var abiVersion: ABIVersion
    package var hostABIVersion: ABIVersion
    package var plugins: [Plugin]

    /// Every extension id the host knows, probed on each plugin.
    static let knownExtensions = ["plugboard.ext.special-action", "plugboard.ext.placement"]

    /// Opens the library and probes each plugin with a throw-away instance created from empty
    /// models (`{}`), so that the extensions it answers can be listed.
    package init(library: PluginLibrary) {
        path = library.path
        abiVersion = library.abiVersion
        hostABIVersion = .host
        plugins = library.descriptors.map { descriptor in
            do {
                let extensions = try Self.probe(library: library, descriptor: descriptor)
                return Plugin(descriptor: descriptor, extensions: extensions, note: nil)
            } catch {
                return Plugin(descriptor: descriptor, extensions: nil, note: "not probed: \(error)")
            }
        }
    }

    private static func probe(library: PluginLibrary, descriptor: PluginDescriptor) throws(PluginLoadError) -> [String]
    {
        // The probe's models are empty on purpose; what plugins log about that is not news.
        var logger = Logger(label: "plugboard.probe")
        logger.logLevel = .error
        let environment = PlugboardHost(logger: logger)
        switch descriptor.kind {
        case .screen:
            let screen = try ScreenInstance(
                library: library, pluginID: descriptor.id, environment: environment, pluginJSON: "{}",
                screenJSON: "{}", dataSourceJSON: nil)
            defer { screen.destroy() }
            return knownExtensions.filter { screen.extension($0) != nil }
        case .navBar:
            let bar = try NavigationBarInstance(
                library: library, pluginID: descriptor.id, environment: environment, pluginJSON: "{}",
                navBarJSON: "{}", delegate: nil, appearance: NavigationBarAppearance())
            defer { bar.destroy() }
            return knownExtensions.filter { bar.extension($0) != nil }
        case .root:
            let root = try RootInstance(
                library: library, pluginID: descriptor.id, environment: environment, pluginJSON: "{}",
                dataSourceJSON: "{}", delegate: nil)
            defer { root.destroy() }
            return knownExtensions.filter { root.extension($0) != nil }
        }
    }

    /// The human-readable form.
    package var text: String {
        var lines = ["\(path)", "  ABI \(abiVersion) (host \(hostABIVersion))"]
        if plugins.isEmpty { lines.append("  no plugins (get_factory returned NULL for every kind)") }
        for plugin in plugins {
            let d = plugin.descriptor
            lines.append("  \(d.kind) \(d.id) — \(d.name) \(d.version)\(d.vendor.map { " by \($0)" } ?? "")")
            if let summary = d.description { lines.append("    \(summary)") }
            lines.append("    flags: \(d.isScreen ? "screen" : "none")")
            if let extensions = plugin.extensions {
                lines.append("    extensions: \(extensions.isEmpty ? "none" : extensions.joined(separator: ", "))")
            } else if let note = plugin.note {
                lines.append("    extensions: \(note)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
