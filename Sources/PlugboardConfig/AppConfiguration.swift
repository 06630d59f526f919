import Foundation

/// An app as UI Builder delivers it: plugins.json + rivers.json, read, defaulted and validated
/// together. Nothing is used from a configuration that has errors: `load` throws them all.
public struct AppConfiguration: Sendable {
    package var plugins: PluginsFile
    package var rivers: RiversFile
    /// Warnings of a configuration that loaded.
    package var warnings: [ConfigDiagnostic]

    /// Every error and warning of a configuration that did not load.
    public struct Invalid: Error, CustomStringConvertible {
        package var diagnostics: [ConfigDiagnostic]
        package init(diagnostics: [ConfigDiagnostic]) { self.diagnostics = diagnostics }
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    /// The files of an app folder.
    package static func files(in folder: URL) -> (plugins: URL, rivers: URL) {
        (folder.appendingPathComponent("plugins.json"), folder.appendingPathComponent("rivers.json"))
    }

    /// Reads and checks both files; diagnostics name each file by the path given.
    package static func check(pluginsURL: URL?, riversURL: URL?) -> (AppConfiguration?, [ConfigDiagnostic]) {
        let sink = DiagnosticSink()
        // Worked out once per file: a URL's path is not stored but made on each call.
        let pluginsFile = pluginsURL?.displayPath ?? "plugins.json"
        let riversFile = riversURL?.displayPath ?? "rivers.json"
        var plugins = PluginsFile(file: pluginsFile, entries: [], isReadable: false)
        if let pluginsURL, let data = read(pluginsURL, sink) {
            plugins = PluginsFile.read(data, file: pluginsFile, sink)
        }
        var rivers = RiversFile(file: riversFile, screens: [])
        if let riversURL, let data = read(riversURL, sink) {
            rivers = RiversFile.read(data, file: riversFile, plugins: plugins, sink)
            // Cross-file rules only mean something when both files were given and readable.
            if plugins.isReadable {
                let root = ConfigLocation(file: riversFile, position: .start, path: .root)
                CrossValidation.check(plugins: plugins, rivers: rivers, riversRoot: root, sink)
            }
        }
        let configuration =
            sink.hasErrors ? nil : AppConfiguration(plugins: plugins, rivers: rivers, warnings: sink.warnings)
        return (configuration, sink.diagnostics)
    }

    /// Loads an app folder, or throws every problem found.
    package static func load(folder: URL) throws(Invalid) -> AppConfiguration {
        let files = files(in: folder)
        let (configuration, diagnostics) = check(pluginsURL: files.plugins, riversURL: files.rivers)
        guard let configuration else { throw Invalid(diagnostics: diagnostics) }
        return configuration
    }

    /// Reads a single manifest file (a manifest object, as plugin authors keep it).
    package static func checkManifest(_ url: URL) -> (PluginManifest?, [ConfigDiagnostic]) {
        let sink = DiagnosticSink()
        guard let data = read(url, sink), let root = PluginsFile.parse(data, file: url.displayPath, sink) else {
            return (nil, sink.diagnostics)
        }
        let manifest = PluginManifest.read(root, sink)
        return (sink.hasErrors ? nil : manifest, sink.diagnostics)
    }

    private static func read(_ url: URL, _ sink: DiagnosticSink) -> Data? {
        do {
            return try Data(contentsOf: url)
        } catch {
            sink.error(
                ConfigLocation(file: url.displayPath, position: .start, path: .root),
                "cannot read the file: \((error as NSError).localizedDescription)")
            return nil
        }
    }
}

extension URL {
    /// The path as the user gave it, without a leading "./": what diagnostics show.
    package var displayPath: String {
        let path = relativePath
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
