import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardConfig
import PlugboardCore
import PlugboardHarness

/// `plugboard lint`: every error and warning of an app's plugins.json and rivers.json.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check plugins.json and rivers.json and print every error and warning.",
        discussion: """
            Each problem is printed as file:line:column: JSON path: message. The exit status is 1 \
            when there is an error (warnings alone exit 0). With only --plugins or only --rivers, \
            the rules that tie the two files together are not checked.
            """
    )

    @Argument(help: "An app folder holding plugins.json, rivers.json and optionally settings.json.")
    var folder: String?

    @Option(help: "A plugins.json file (instead of, or besides, the folder's).")
    var plugins: String?

    @Option(help: "A rivers.json file (instead of, or besides, the folder's).")
    var rivers: String?

    @Option(help: "A single plugin manifest file (a manifest object, not plugins.json).")
    var manifest: String?

    @Option(
        name: .customLong("plugin-path"),
        help:
            "A folder to search for plugin libraries (repeatable); the app folder and this executable's folder are searched too."
    )
    var pluginPath: [String] = []

    @Flag(help: "Print the diagnostics as JSON.")
    var json = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if folder == nil && plugins == nil && rivers == nil && manifest == nil {
            throw ValidationError("give an app folder, --plugins FILE, --rivers FILE or --manifest FILE")
        }
    }

    func run() throws {
        logging.bootstrap()
        var pluginsURL = plugins.map { URL(fileURLWithPath: $0) }
        var riversURL = rivers.map { URL(fileURLWithPath: $0) }
        if let folder {
            guard FileManager.default.isFolder(atPath: folder) else {
                throw CommandFailure("'\(folder)' is not a folder")
            }
            let files = AppConfiguration.files(in: URL(fileURLWithPath: folder))
            pluginsURL = pluginsURL ?? files.plugins
            riversURL = riversURL ?? files.rivers
        }
        var diagnostics: [ConfigDiagnostic] = []
        var checked: [String] = []  // what an "ok" line counts
        if let manifest {
            diagnostics += AppConfiguration.checkManifest(URL(fileURLWithPath: manifest)).1
            checked.append("1 manifest")
        }
        var configuration: AppConfiguration?
        if pluginsURL != nil || riversURL != nil {
            let found: [ConfigDiagnostic]
            (configuration, found) = AppConfiguration.check(pluginsURL: pluginsURL, riversURL: riversURL)
            diagnostics += found
            if let configuration, pluginsURL != nil {
                // The libraries it names: found, ELF, the host's ABI major (read from the files),
                // then their descriptors matched with the manifests (listed in a child process).
                let lister = try CheckRunner(options: CheckOptions(), executable: Executables.current)
                var app = AppLocation()
                app.folder = folder
                app.pluginPath = pluginPath
                diagnostics += LibraryCheck.diagnostics(
                    configuration, searchPath: app.searchPath, listing: lister.discover)
            }
            if let configuration {
                if pluginsURL != nil { checked.append(Self.count(configuration.plugins.entries.count, "plugin")) }
                if riversURL != nil { checked.append(Self.count(configuration.rivers.screens.count, "screen")) }
            }
        }
        var grants: [String] = []
        if let folder {
            let (settings, found) = AppSettings.check(folder: URL(fileURLWithPath: folder))
            diagnostics += found
            grants = settings?.sandbox.lines ?? []
            if let settings, let configuration {
                diagnostics += Self.unmetAsks(configuration, settings, folder: folder)
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // An empty list is `[]` (the encoder writes it over two lines).
            print(diagnostics.isEmpty ? "[]" : String(decoding: try encoder.encode(diagnostics), as: UTF8.self))
        } else {
            for diagnostic in diagnostics { print(diagnostic) }
            // What the app lets its plugins reach, for the reviewer of a third-party plugin.
            if !grants.isEmpty { print("sandbox grants: " + grants.joined(separator: "; ")) }
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.count - errors
            if diagnostics.isEmpty {
                print("ok: " + checked.joined(separator: ", "))
            } else {
                print("\(errors) error(s), \(warnings) warning(s)")
            }
        }
        if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    /// A warning for each plugin that asks its sandbox for what settings.json does not grant.
    static func unmetAsks(_ configuration: AppConfiguration, _ settings: AppSettings, folder: String)
        -> [ConfigDiagnostic]
    {
        configuration.plugins.entries.compactMap { entry in
            guard let keys = entry.manifest.plugboard, let asks = keys.asks, let location = keys.asksLocation else {
                return nil
            }
            let unmet = settings.sandbox.unmet(asks, folder: folder)
            guard !unmet.isEmpty else { return nil }
            return ConfigDiagnostic(
                .warning, at: location,
                "plugin \"\(entry.manifest.identifier)\" asks for \(unmet.joined(separator: ", ")), which settings.json's \"sandbox\" does not grant: it runs without"
            )
        }
    }

    /// "1 plugin", "7 screens".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
