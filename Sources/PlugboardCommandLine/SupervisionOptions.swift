import ArgumentParser
import PlugboardEngine

/// `--in-process` and `--call-timeout`, shared by run, render, call and inspect: where the
/// engine that runs plugin code lives, and how long one call into it may take.
package struct SupervisionOptions: ParsableArguments {
    @Flag(
        name: .customLong("in-process"),
        help:
            "Run plugin code in this process, without supervision (for debuggers and benchmarks). A crash or exit() in plugin code still names the plugin and the call before the process ends."
    )
    package var inProcess = false

    @Option(
        name: .customLong("call-timeout"),
        help:
            "Seconds one call into plugin code may run before the supervised engine is stopped and restarted without that plugin."
    )
    package var callTimeout: Double = 5

    @Flag(
        name: .customLong("no-sandbox"),
        help:
            "Run the engine without its sandbox (namespaces, Landlock, seccomp filter, parent watch, memory limit), to debug a plugin with strace or gdb."
    )
    package var noSandbox = false

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            "The engine's address-space limit in MiB (default: settings.json's sandbox memory_limit_mb, else half the machine's memory, 4 GiB at least).",
            valueName: "MiB")
    )
    package var memoryLimit: Int?

    package init() {}

    package func validate() throws {
        if let why = settings.validationError { throw ValidationError(why) }
    }

    /// The options as plain values.
    package var settings: SupervisionSettings {
        var settings = SupervisionSettings()
        settings.inProcess = inProcess
        settings.callTimeout = callTimeout
        settings.noSandbox = noSandbox
        settings.memoryLimit = memoryLimit
        return settings
    }

    /// The engine driver (`SupervisionSettings.driver`).
    package func driver(_ launch: EngineLaunch, logLevel: String) -> any EngineDriver {
        settings.driver(launch, logLevel: logLevel)
    }
}
