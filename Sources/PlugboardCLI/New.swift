import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardScaffold

extension PluginScaffold.Kind: ExpressibleByArgument {}
extension PluginScaffold.Language: ExpressibleByArgument {}

/// `plugboard new`: scaffolds an out-of-tree plugin that builds with one command and passes
/// `plugboard check` as made, so an author starts from working code, not from the header alone.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Make a new plugin: sources, a one-command build, an app folder that uses it, a README.",
        discussion: """
            The plugin builds against this Plugboard checkout (the header through pkg-config, \
            PlugboardSDK by path, or the Rust binding copied in). Nothing is overwritten: the \
            folder must not exist or be empty.

            Examples:
              plugboard new --kind screen --lang c weather
              plugboard new --kind nav-bar --lang swift MyBar ~/src/my-bar
              plugboard new --kind root --lang rust tabs
            """)

    @Option(help: "What the plugin is: \(PluginScaffold.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: PluginScaffold.Kind

    @Option(
        name: .customLong("lang"),
        help: "Its language: \(PluginScaffold.Language.allCases.map(\.rawValue).joined(separator: ", ")).")
    var language: PluginScaffold.Language

    @Argument(help: "The plugin's name (letters, digits, '-', '_'): its identifier is the name in snake case.")
    var name: String

    @Argument(help: "The folder to make (default: ./NAME).")
    var folder: String?

    @Option(help: "The vendor in the plugin's descriptor.")
    var vendor = "Your name"

    @Option(
        name: .customLong("plugboard-root"),
        help: "The Plugboard checkout to build against (default: the one this plugboard was built from).")
    var plugboardRoot: String?

    func run() throws {
        do {
            let scaffold = try PluginScaffold(
                kind: kind, language: language, name: name, vendor: vendor,
                plugboardRoot: plugboardRoot.map { URL(fileURLWithPath: $0) })
            let target = URL(fileURLWithPath: folder ?? name)
            let written = try scaffold.write(to: target)
            print("made \(scaffold.names.display) (\(kind.rawValue), \(language.rawValue)) in \(target.path):")
            for path in written { print("  \(path)") }
            let library = scaffold.library
            print(
                """

                next:
                  cd \(target.path)
                  \(scaffold.buildCommand.joined(separator: " "))
                  \(scaffold.executable) check --plugin-path \(library.folder) app
                  \(scaffold.executable) run --plugin-path \(library.folder) app
                """)
        } catch let error as ScaffoldError {
            throw CommandFailure(error.description)
        }
    }
}
