import ArgumentParser
import PlugboardConfig
import PlugboardEngine

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
        if let why = location.validationError { throw ValidationError(why) }
    }

    /// The options as plain values.
    package var location: AppLocation {
        var location = AppLocation()
        location.folder = folder
        location.plugins = plugins
        location.rivers = rivers
        location.pluginPath = pluginPath
        location.allowsUnsafePluginPaths = allowUnsafePluginPaths
        location.device = device
        return location
    }

    /// What the engine is started with (`AppLocation.engineLaunch`).
    package var engineLaunch: EngineLaunch { location.engineLaunch }
}

extension DeviceProfile.Kind: ExpressibleByArgument {}
