import ArgumentParser
import Foundation
import Plugboard

/// `plugboard call`: call a plugin's dynamic export with JSON arguments and print the result.
struct Call: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let loaded = try app.launch(environment: PlugboardHost())
        defer { loaded.shutdown() }
        let exports = loaded.plugins.exports
        if list {
            for (plugin, functions) in exports.catalog {
                for function in functions { print("\(plugin).\(function.name) \(function.signature)") }
            }
            return
        }
        guard let function, let dot = function.lastIndex(of: ".") else {
            throw ValidationError("give PLUGIN.EXPORT, e.g. epg_legacy_screen.epg_tune (or --list)")
        }
        let plugin = String(function[..<dot])
        let name = String(function[function.index(after: dot)...])
        if let failure = loaded.plugins.failures[plugin] { throw failure }
        print(try exports.call(plugin: plugin, name: name, arguments: arguments).serialized())
    }
}
