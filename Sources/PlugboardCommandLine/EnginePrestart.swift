import PlugboardEngine

/// Starting the engine of a command that surely needs one before its command line is parsed
/// (`Supervisor.prestartEngine`), so that the engine process's start overlaps the command's.
package enum EnginePrestart {
    /// Whether `arguments` (after the executable's name) surely run a supervised engine from the
    /// start: `run` and `serve`, without `--in-process`, `--no-sandbox` (the engine inherits its
    /// switch in the environment) or help. Read before swift-argument-parser runs; a false yes
    /// costs an engine that ends unused, a false no only the time the prestart saves.
    package static func startsAnEngine(_ arguments: [String]) -> Bool {
        guard let command = arguments.first, command == "run" || command == "serve" else { return false }
        let options = arguments.dropFirst().prefix { $0 != "--" }
        return !options.contains { ["--in-process", "--no-sandbox", "--help", "-h", "help"].contains($0) }
    }

    /// Starts `engine`'s engine process when `arguments` surely need one.
    package static func startIfNeeded(_ arguments: [String], engine: String) {
        if startsAnEngine(arguments) { Supervisor.prestartEngine(executable: engine) }
    }
}
