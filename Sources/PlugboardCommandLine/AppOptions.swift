import ArgumentParser
import Foundation
import PlugboardConfig
import PlugboardEngine
import PlugboardLoader

/// How a command finds an app and its plugin libraries: shared by run, render, inspect, call and
/// serve.
package struct AppOptions: ParsableArguments {
    package init() {}

    @Argument(help: "The app folder: plugins.json, rivers.json and optionally settings.json.")
    package var folder: String?

    @Option(help: "A plugins.json file (overrides the folder's).")
    package var plugins: String?

    @Option(help: "A rivers.json file (overrides the folder's).")
    package var rivers: String?

    @Option(
        name: .customLong("plugin-path"),
        help:
            "A folder to search for plugin libraries (repeatable). The executable's folder and the app folder are always searched."
    )
    package var pluginPath: [String] = []

    @Flag(
        name: .customLong("allow-unsafe-plugin-paths"),
        help:
            "Load plugin libraries even from files or folders writable by others, or through links out of the search folders."
    )
    package var allowUnsafePluginPaths = false

    @Option(help: "Device profile: phone or tablet (overrides settings.json).")
    package var device: DeviceProfile.Kind?

    package func validate() throws {
        guard folder != nil || (plugins != nil && rivers != nil) else {
            throw ValidationError("give an app folder, or both --plugins FILE and --rivers FILE")
        }
    }

    /// The plugin search path: --plugin-path folders, then the app folder, then the folder of
    /// this executable (where `swift build` puts the first-party plugins).
    package var searchPath: LibrarySearchPath {
        Self.searchPath(pluginPath, folder: folder, allowsUnsafeFiles: allowUnsafePluginPaths)
    }

    package static func searchPath(_ pluginPath: [String], folder: String?, allowsUnsafeFiles: Bool)
        -> LibrarySearchPath
    {
        var directories = pluginPath
        if let folder { directories.append(folder) }
        // From /proc/self/exe only: a relative argv[0] would name a folder of the caller's choosing.
        if let executable = Executables.resolved {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent().path)
        }
        return LibrarySearchPath(directories, allowsUnsafeFiles: allowsUnsafeFiles)
    }

    /// What the engine is started with (see `EngineLaunch`; it loads the app and reports a
    /// missing folder or an invalid configuration as the one error of the command).
    package var engineLaunch: EngineLaunch {
        EngineLaunch(folder: folder, pluginsFile: plugins, riversFile: rivers, searchPath: searchPath, device: device)
    }
}

extension DeviceProfile.Kind: ExpressibleByArgument {}
