import ArgumentParser

/// `plugboard`: the host shell and tools for plugin authors and app builders.
@main
struct PlugboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugboard",
        abstract: "Load, inspect and run Plugboard plugins.",
        version: "0.1.0",
        subcommands: [
            Run.self, Render.self, Call.self, Inspect.self, Lint.self, Check.self, Route.self, New.self, Serve.self,
            CheckChildCommand.self,
            EngineCommand.self,
        ]
    )
}
