import Foundation
import PlugboardEngine
import PlugboardIsolation

/// Where the engine that runs plugin code lives and how long one call into it may take, as plain
/// values: what `SupervisionOptions` reads with swift-argument-parser, and `run`'s own reader
/// (`RunArguments.read`) without it.
package struct SupervisionSettings: Equatable, Sendable {
    /// Plugin code runs in this process, without supervision (`--in-process`).
    package var inProcess = false
    /// Seconds one call into plugin code may run (`--call-timeout`).
    package var callTimeout: Double = 5
    /// The engine runs without its sandbox (`--no-sandbox`).
    package var noSandbox = false
    /// The engine's address-space limit in MiB (`--memory-limit`); nil: the app's or the default.
    package var memoryLimit: Int?

    package init() {}

    /// Why these settings cannot be used, or nil when they can.
    package var validationError: String? {
        guard callTimeout > 0, callTimeout.isFinite else { return "--call-timeout must be a positive number" }
        if let memoryLimit, memoryLimit < 64 { return "--memory-limit must be at least 64 (MiB)" }
        return nil
    }

    /// The engine driver: supervised (an engine process of this same executable), or in process.
    package func driver(_ launch: EngineLaunch, logLevel: String) -> any EngineDriver {
        if inProcess { return InProcessDriver(launch: launch) }
        // Inherited by the engine process, which confines itself unless it is set.
        if noSandbox { setenv(Sandbox.disabledVariable, "1", 1) }
        var launch = launch
        launch.logLevel = logLevel
        if let memoryLimit { launch.sandbox.memoryLimitMiB = memoryLimit }
        return Supervisor(executable: Executables.current, launch: launch, callTimeout: callTimeout)
    }
}
