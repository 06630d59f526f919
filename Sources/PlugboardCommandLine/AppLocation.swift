import Foundation
import PlugboardConfig
import PlugboardEngine
import PlugboardLoader

/// Where an app and its plugin libraries are, as plain values: what `AppOptions` reads with
/// swift-argument-parser, and what `run`'s own reader (`RunArguments.read`) reads without it.
package struct AppLocation: Equatable, Sendable {
    /// The app folder: plugins.json, rivers.json and optionally settings.json.
    package var folder: String?
    /// A plugins.json file that overrides the folder's.
    package var plugins: String?
    /// A rivers.json file that overrides the folder's.
    package var rivers: String?
    /// Folders searched for plugin libraries before the app folder and the executable's.
    package var pluginPath: [String] = []
    /// Load plugin libraries even from files or folders writable by others.
    package var allowsUnsafePluginPaths = false
    /// The device profile that overrides settings.json's.
    package var device: DeviceProfile.Kind?

    package init() {}

    /// Why these settings name no app, or nil when they name one.
    package var validationError: String? {
        folder != nil || (plugins != nil && rivers != nil)
            ? nil : "give an app folder, or both --plugins FILE and --rivers FILE"
    }

    /// The plugin search path: --plugin-path folders, then the app folder, then the folder of
    /// this executable (where `swift build` puts the first-party plugins).
    package var searchPath: LibrarySearchPath {
        var directories = pluginPath
        if let folder { directories.append(folder) }
        // From /proc/self/exe only: a relative argv[0] would name a folder of the caller's choosing.
        if let executable = Executables.resolved {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent().path)
        }
        return LibrarySearchPath(directories, allowsUnsafeFiles: allowsUnsafePluginPaths)
    }

    /// What the engine is started with (see `EngineLaunch`; it loads the app and reports a
    /// missing folder or an invalid configuration as the one error of the command).
    package var engineLaunch: EngineLaunch {
        EngineLaunch(folder: folder, pluginsFile: plugins, riversFile: rivers, searchPath: searchPath, device: device)
    }
}
