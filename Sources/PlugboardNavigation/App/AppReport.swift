import Foundation
import PlugboardConfig
import PlugboardLoader

/// What `plugboard inspect <app-folder>` shows: each plugin (library, ABI version, descriptor,
/// extensions) or why it has none, each screen and what serves it, and the navigations.
package struct AppReport: Codable, Sendable, Equatable {
    package struct Plugin: Codable, Sendable, Equatable {
        package var identifier: String
        package var type: String
        /// nil for configuration-only plugins.
        package var library: String?
        package var abiVersion: ABIVersion?
        package var descriptor: PluginDescriptor?
        package var extensions: [String]?
        /// Why the plugin's code is not loaded (configuration only, or the load error).
        package var note: String?
        /// What the plugin asks the sandbox to grant (its manifest's `sandbox`), nil: nothing.
        package var asks: [String]?
    }

    package struct Screen: Codable, Sendable, Equatable {
        package var id: String
        package var name: String?
        package var type: String
        package var home: Bool
        /// `built-in` or the plugin identifier.
        package var servedBy: String
    }

    package struct Navigation: Codable, Sendable, Equatable {
        package var screen: String
        package var id: String
        package var category: String
        package var navigationType: String?
        /// `id (type → target or source)` per item, nested ones included.
        package var items: [String]
    }

    package var plugins: [Plugin]
    package var screens: [Screen]
    package var navigations: [Navigation]
    /// What settings.json's `sandbox` grants the engine beyond its own folders (nil: nothing).
    package var sandbox: [String]?

    package init(app: PlugboardApp) {
        let grants = app.settings.sandbox.lines
        sandbox = grants.isEmpty ? nil : grants
        var reports: [String: LibraryReport] = [:]
        plugins = app.configuration.plugins.entries.map { entry in
            let manifest = entry.manifest
            var plugin = Plugin(identifier: manifest.identifier, type: manifest.typeName)
            plugin.asks = manifest.plugboard?.asks.map(\.lines)
            if let loaded = app.plugins.plugin(manifest.identifier) {
                let report = reports[loaded.library.path] ?? LibraryReport(library: loaded.library)
                reports[loaded.library.path] = report
                plugin.library = loaded.library.path
                plugin.abiVersion = loaded.library.abiVersion
                plugin.descriptor = loaded.descriptor
                let probed = report.plugins.first { $0.descriptor.id == loaded.descriptor.id }
                plugin.extensions = probed?.extensions
                plugin.note = probed?.note
            } else if let failure = app.plugins.failures[manifest.identifier] {
                plugin.note = failure.error.description
            } else {
                plugin.note = "configuration only (no \"plugboard\" library)"
            }
            return plugin
        }
        screens = app.configuration.rivers.screens.map { screen in
            let servedBy: String
            if app.plugins.plugin(screen.type) != nil {
                servedBy = screen.type
            } else if app.configuration.plugins.entry(screen.type) != nil {
                servedBy = "\(screen.type) (not loaded: an error screen is shown)"
            } else {
                servedBy = "built-in"
            }
            return Screen(id: screen.id, name: screen.name, type: screen.type, home: screen.isHome, servedBy: servedBy)
        }
        navigations = app.configuration.rivers.screens.flatMap { screen in
            screen.navigations.map { navigation in
                Navigation(
                    screen: screen.id, id: navigation.id, category: navigation.category.rawValue,
                    navigationType: navigation.navigationType,
                    items: navigation.navItems.flatMap(\.flattened).map { item in
                        let to = item.data.target.map { " → \($0)" } ?? item.data.source.map { " → \($0)" } ?? ""
                        return "\(item.id) (\(item.typeName)\(to))"
                    })
            }
        }
    }

    package var text: String {
        var lines = ["Plugins:"]
        for plugin in plugins {
            lines.append("  \(plugin.identifier) (\(plugin.type))")
            if let library = plugin.library, let version = plugin.abiVersion, let descriptor = plugin.descriptor {
                lines.append("    library \(library), ABI \(version)")
                lines.append(
                    "    descriptor \(descriptor.id) — \(descriptor.name) \(descriptor.version), \(descriptor.kind)")
                if let extensions = plugin.extensions {
                    lines.append("    extensions: \(extensions.isEmpty ? "none" : extensions.joined(separator: ", "))")
                }
            }
            if let note = plugin.note { lines.append("    \(note)") }
            if let asks = plugin.asks { lines.append("    asks the sandbox for: \(asks.joined(separator: "; "))") }
        }
        lines.append("Screens:")
        for screen in screens {
            let home = screen.home ? " [home]" : ""
            lines.append(
                "  \(screen.id) \"\(screen.name ?? "")\" — \(screen.type), served by \(screen.servedBy)\(home)")
        }
        lines.append("Navigations:")
        for navigation in navigations {
            lines.append(
                "  \(navigation.screen): \(navigation.category) \(navigation.id) → \(navigation.navigationType ?? "default")"
            )
            for item in navigation.items { lines.append("    \(item)") }
        }
        if let sandbox { lines += ["Sandbox grants:"] + sandbox.map { "  " + $0 } }
        // A plugin's descriptor strings and a file's are printed: their control characters
        // escaped, so none adds a line or drives the terminal.
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }
}
