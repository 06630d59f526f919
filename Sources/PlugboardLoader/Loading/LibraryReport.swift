import Logging
import PlugboardABI
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

    /// Every extension id the headers define (plugboard/ext/*.h), probed on each plugin: the
    /// root's (1.0), then the screen's by the ABI minor that added them (1.1, 1.2). A plugin of
    /// one kind asked for another kind's id answers NULL, as for any id it does not know.
    package static let knownExtensions = [
        PB_EXT_SPECIAL_ACTION, PB_EXT_PLACEMENT, PB_EXT_ATTRIBUTES, PB_EXT_CUSTOM_BAR, PB_EXT_GESTURE_NAVIGATION,
        PB_EXT_TRANSITION,
    ]

    /// The note for a screen whose factory declines the probe's empty models: a screen that
    /// shows a data source (a web page, a feed) has nothing to show without one, which is no fault.
    static let needsDataSource = "needs a data source; not probed"

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
                if case .createReturnedNull? = error as? PluginLoadError, descriptor.kind == .screen {
                    return Plugin(descriptor: descriptor, extensions: nil, note: Self.needsDataSource)
                }
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
        // A plugin's descriptor strings and a file's are printed: their control characters
        // escaped, so none adds a line or drives the terminal.
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }
}
