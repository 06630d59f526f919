import ArgumentParser
import Foundation
import Plugboard

/// How a command finds an app and its plugin libraries: shared by run, render, inspect and call.
struct AppOptions: ParsableArguments {
    @Argument(help: "The app folder: plugins.json, rivers.json and optionally settings.json.")
    var folder: String?

    @Option(help: "A plugins.json file (overrides the folder's).")
    var plugins: String?

    @Option(help: "A rivers.json file (overrides the folder's).")
    var rivers: String?

    @Option(
        name: .customLong("plugin-path"),
        help:
            "A folder to search for plugin libraries (repeatable). The executable's folder and the app folder are always searched."
    )
    var pluginPath: [String] = []

    @Flag(
        name: .customLong("allow-unsafe-plugin-paths"),
        help:
            "Load plugin libraries even from files or folders writable by others, or through links out of the search folders."
    )
    var allowUnsafePluginPaths = false

    @Option(help: "Device profile: phone or tablet (overrides settings.json).")
    var device: DeviceProfile.Kind?

    func validate() throws {
        guard folder != nil || (plugins != nil && rivers != nil) else {
            throw ValidationError("give an app folder, or both --plugins FILE and --rivers FILE")
        }
    }

    /// The plugin search path: --plugin-path folders, then the app folder, then the folder of
    /// this executable (where `swift build` puts the first-party plugins).
    var searchPath: LibrarySearchPath {
        var directories = pluginPath
        if let folder { directories.append(folder) }
        // From /proc/self/exe only: a relative argv[0] would name a folder of the caller's choosing.
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent().path)
        }
        return LibrarySearchPath(directories, allowsUnsafeFiles: allowUnsafePluginPaths)
    }

    /// Loads the app: configuration errors come back as one error listing every diagnostic.
    /// A missing folder is one `Error:` line (checked here, not in `validate()`, which would add
    /// the usage lines).
    func launch(environment: PlugboardHost) throws -> PlugboardApp {
        if let folder {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw CommandFailure("'\(folder)' is not a folder")
            }
        }
        let base = folder.map { URL(fileURLWithPath: $0) }
        let files = base.map(AppConfiguration.files(in:))
        let pluginsURL = plugins.map { URL(fileURLWithPath: $0) } ?? files?.plugins
        let riversURL = rivers.map { URL(fileURLWithPath: $0) } ?? files?.rivers
        let (configuration, diagnostics) = AppConfiguration.check(pluginsURL: pluginsURL, riversURL: riversURL)
        guard let configuration else { throw AppConfiguration.Invalid(diagnostics: diagnostics) }
        var settings = AppSettings()
        if let base { settings = try AppSettings.load(folder: base) }
        if let device { settings.device = device }
        return PlugboardApp(
            configuration: configuration, settings: settings, searchPath: searchPath, environment: environment)
    }
}

extension DeviceProfile.Kind: ExpressibleByArgument {}
