import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardEngine
import PlugboardIsolation

/// `--in-process` and `--call-timeout`, shared by run, render, call and inspect: where the
/// engine that runs plugin code lives, and how long one call into it may take.
struct SupervisionOptions: ParsableArguments {
    @Flag(
        name: .customLong("in-process"),
        help:
            "Run plugin code in this process, without supervision (for debuggers and benchmarks). A crash or exit() in plugin code still names the plugin and the call before the process ends."
    )
    var inProcess = false

    @Option(
        name: .customLong("call-timeout"),
        help:
            "Seconds one call into plugin code may run before the supervised engine is stopped and restarted without that plugin."
    )
    var callTimeout: Double = 5

    @Flag(
        name: .customLong("no-sandbox"),
        help:
            "Run the engine without its sandbox (namespaces, Landlock, seccomp filter, parent watch, memory limit), to debug a plugin with strace or gdb."
    )
    var noSandbox = false

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            "The engine's address-space limit in MiB (default: settings.json's sandbox memory_limit_mb, else half the machine's memory, 4 GiB at least).",
            valueName: "MiB")
    )
    var memoryLimit: Int?

    func validate() throws {
        guard callTimeout > 0, callTimeout.isFinite else {
            throw ValidationError("--call-timeout must be a positive number")
        }
        if let memoryLimit, memoryLimit < 64 { throw ValidationError("--memory-limit must be at least 64 (MiB)") }
    }

    /// The engine driver: supervised (an engine process of this same executable), or in process.
    func driver(_ launch: EngineLaunch, logLevel: String) -> any EngineDriver {
        if inProcess { return InProcessDriver(launch: launch) }
        // Inherited by the engine process, which confines itself unless it is set.
        if noSandbox { setenv(Sandbox.disabledVariable, "1", 1) }
        var launch = launch
        launch.logLevel = logLevel
        if let memoryLimit { launch.sandbox.memoryLimitMiB = memoryLimit }
        return Supervisor(executable: Executables.current, launch: launch, callTimeout: callTimeout)
    }
}

/// Tells the user about plugin failures the supervisor contained: the text on standard error;
/// in a script (`--script`, standard input, `--json`) also one JSON event per failure — on
/// standard output with `--json`, else on standard error. A command that contained a failure
/// ends with exit status 3 (`PluginFailureReport.exitStatus`).
final class PluginFailureReport {
    static let exitStatus: Int32 = 3
    let json: Bool
    let scripted: Bool
    private(set) var count = 0

    init(json: Bool, scripted: Bool) {
        self.json = json
        self.scripted = scripted
    }

    func report(_ failures: [ContainedFailure]) {
        for failure in failures {
            count += 1
            printError(failure.description)
            guard json || scripted else { continue }
            let event = ShellSession.json(FailureEvent(failure), pretty: false)
            if json { print(event) } else { printError(event) }
        }
    }

    /// Throws exit status 3 when anything failed.
    func finish() throws {
        if count > 0 { throw ExitCode(Self.exitStatus) }
    }
}
