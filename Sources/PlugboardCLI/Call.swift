import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardEngine

/// `plugboard call`: call a plugin's dynamic export with JSON arguments and print the result.
struct Call: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call a dynamic export a plugin declares, with JSON arguments, and print the JSON result.",
        discussion: """
            Exports are declared in the manifest under "plugboard": {"exports": {"name": "(i32) -> json"}} \
            and called through libffi. Example: plugboard call Examples/Showcase epg_legacy_screen.epg_tune '[5]'
            """
    )

    @OptionGroup var app: AppOptions

    @Argument(help: "PLUGIN.EXPORT, e.g. epg_legacy_screen.epg_tune")
    var function: String?

    @Argument(help: "The arguments as a JSON array.")
    var arguments: String = "[]"

    @Flag(help: "List the exports of the app's plugins instead.")
    var list = false

    @OptionGroup var supervision: SupervisionOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let request: EngineRequest
        if list {
            request = .exports
        } else {
            guard let function, let dot = function.lastIndex(of: ".") else {
                throw ValidationError("give PLUGIN.EXPORT, e.g. epg_legacy_screen.epg_tune (or --list)")
            }
            request = .call(
                plugin: String(function[..<dot]), name: String(function[function.index(after: dot)...]),
                arguments: arguments)
        }
        let engine = try CommandEngine(supervision, app.engineLaunch, logging)
        let output = try engine.output(of: engine.perform(request))
        if !output.isEmpty { print(output) }
        try engine.failures.finish()
    }
}
