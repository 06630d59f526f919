import ArgumentParser
import PlugboardEngine

/// The executable's entry: an internal process (`InternalProcess`) when the arguments name one,
/// else the command tree.
@main
enum PlugboardMain {
    static func main() async {
        if let request = InternalProcess.request(Array(CommandLine.arguments.dropFirst())) {
            InternalProcess.run(request)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if SupervisionOptions.startsAnEngine(arguments) { Supervisor.prestartEngine(executable: Check.executable) }
        await PlugboardCommand.main()
    }
}

/// `plugboard`: the host shell and tools for plugin authors and app builders.
struct PlugboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugboard",
        abstract: "Load, inspect and run Plugboard plugins.",
        version: "0.1.0",
        subcommands: [
            Run.self, Render.self, Call.self, Inspect.self, Lint.self, Check.self, Route.self, New.self, Serve.self,
        ]
    )
}
