import ArgumentParser
import Foundation
import PlugboardCommandLine

/// The executable's entry: an internal process (`InternalProcess`) when the arguments name one,
/// an ordinary `run` read without swift-argument-parser (`RunArguments.read`), else the command
/// tree.
@main
enum PlugboardMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let request = InternalProcess.request(arguments) { InternalProcess.run(request) }
        if let serve = ServeForwarding.serveArguments(arguments) { ServeForwarding.exec(serve) }
        EnginePrestart.startIfNeeded(arguments, engine: Executables.current)
        if arguments.first == "run", let run = RunArguments.read(arguments.dropFirst()) {
            do {
                try run.execute()
            } catch {
                PlugboardCommand.exit(withError: error)
            }
            exit(0)
        }
        UnknownCommand.exitIfUnknown(arguments)
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

/// `serve` in the command tree, for `plugboard --help`; `plugboard serve` itself never reaches
/// it: it becomes the `plugboard-serve` executable first (`ServeForwarding`).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: ServeForwarding.abstract)

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() { ServeForwarding.exec(arguments) }
}
