import Foundation
import PlugboardCore
import PlugboardLoader
import PlugboardNavigation
import PlugboardRender

/// The shell behind `plugboard run` and `plugboard render --steps`, on the side the person talks
/// to: each line is translated into a request (`ShellCommand`), sent to the engine (in this
/// process or supervised) and its reply turned into what to print — the drawing, the state, the
/// event log, or with `json` one line of `ShellState` per command.
package final class ShellSession {
    package let engine: any EngineDriver
    /// `run --json`: each command prints its state as one line of JSON instead of the drawing.
    package let json: Bool

    /// What a line produced.
    package struct Outcome {
        /// Text to print (the drawing after a change, the state, the event log, help, a JSON
        /// line); empty for nothing.
        package var output: String
        /// False when the command failed (unknown command, nothing to go back to, a target that
        /// is not tappable): a script stops there with a non-zero status.
        package var succeeded: Bool
        /// True for `quit`.
        package var quit = false
        /// The state URL after the command; nil when the engine was not asked.
        package var stateURL: String?
        /// Plugin failures a supervisor contained on the way.
        package var failures: [ContainedFailure] = []
    }

    package init(engine: any EngineDriver, json: Bool = false) {
        self.engine = engine
        self.json = json
    }

    /// A shell over an app already loaded in this process, drawing as text (tests).
    package convenience init(app: PlugboardApp) {
        let launch = EngineLaunch(folder: nil, searchPath: LibrarySearchPath([]))
        self.init(engine: InProcessDriver(engine: AppEngine(app: app, launch: launch)))
    }

    /// Translates and runs one line (`number`: its line in the script or input, for `--json`).
    /// Blank lines and comments do nothing and succeed.
    package func run(line: String, number: Int? = nil) -> Outcome {
        let command: ShellCommand
        do throws(ShellCommand.ParseError) {
            guard let parsed = try ShellCommand.parse(line) else { return Outcome(output: "", succeeded: true) }
            command = parsed
        } catch {
            return Outcome(output: error.description, succeeded: false)
        }
        let typed = line.trimmingCharacters(in: .whitespaces)
        switch command {
        case .quit: return Outcome(output: "", succeeded: true, quit: true)
        case .help where !json: return Outcome(output: Self.helpText, succeeded: true)
        case .help: return perform(.state, typed: typed, number: number, help: Self.helpLines)
        case .request(let request): return perform(request, typed: typed, number: number)
        }
    }

    private func perform(_ request: EngineRequest, typed: String, number: Int?, help: [String]? = nil) -> Outcome {
        let reply = engine.perform(request, drawing: json ? nil : Self.drawing(for: request))
        var outcome = Outcome(output: reply.text, succeeded: reply.succeeded)
        outcome.stateURL = reply.stateURL
        outcome.failures = reply.failures
        guard reply.succeeded else { return outcome }
        if json {
            outcome.output =
                reply.state.map { current in
                    var line = ShellState(command: typed, line: number, current)
                    if request == .events { line.events = reply.events }
                    line.help = help
                    return Self.json(line, pretty: false)
                } ?? "{}"
            return outcome
        }
        switch request {
        case .state: outcome.output = reply.state.map { Self.json($0.state) } ?? "{}"
        case .events: outcome.output = reply.events.map(\.description).joined(separator: "\n")
        case .clock: outcome.output = ""
        default: outcome.output = reply.drawing ?? reply.text
        }
        return outcome
    }

    /// The drawing a request's text output is: the screen after every change and `show`.
    private static func drawing(for request: EngineRequest) -> DrawingFormat? {
        switch request {
        case .state, .events, .clock, .exports, .call, .report, .probe: nil
        default: .text
        }
    }

    /// `help` as a person reads it: one command a line, the descriptions aligned.
    static var helpText: String {
        let width = ShellCommand.usage.map(\.0.count).max() ?? 0
        return ShellCommand.usage.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
            .joined(separator: "\n")
    }

    /// `help` in a JSON line: `usage: what it does`.
    package static var helpLines: [String] { ShellCommand.usage.map { "\($0.0): \($0.1)" } }

    /// Key-sorted JSON of a state: pretty for `state`, one line for `--json`.
    package static func json(_ value: some Encodable, pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
