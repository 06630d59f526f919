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

    /// The terminal the drawings fit (`help` wraps to its width); nil when output is not one.
    package private(set) var terminal: TerminalSize?

    package init(engine: any EngineDriver, json: Bool = false, terminal: TerminalSize? = nil) {
        self.engine = engine
        self.json = json
        self.terminal = terminal
    }

    /// A shell over an app already loaded in this process, drawing as text (tests).
    package convenience init(app: PlugboardApp) {
        let launch = EngineLaunch(folder: nil, searchPath: LibrarySearchPath([]))
        self.init(engine: InProcessDriver(engine: AppEngine(app: app, launch: launch)))
    }

    /// Fits what follows to a terminal of `size`, when it is not the size the drawings fit now
    /// (the user's window changed size). False when the engine refused it.
    @discardableResult
    package func fit(_ size: TerminalSize) -> Bool {
        guard size != terminal else { return true }
        guard engine.perform(.terminal(size), drawing: nil).succeeded else { return false }
        terminal = size
        return true
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
        case .help where !json: return Outcome(output: Self.helpText(terminal: terminal), succeeded: true)
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
                    if case .routes = request { line.output = reply.text.split(separator: "\n").map(String.init) }
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
        case .state, .events, .clock, .exports, .call, .report, .probe, .routes: nil
        default: .text
        }
    }

    /// `help` as a person reads it: what the drawing fits, then one command a line, the
    /// descriptions in a column and wrapped between words to the terminal's width (80 columns
    /// when it is not known); a usage too long for the column puts its description below it.
    static func helpText(terminal: TerminalSize?) -> String {
        let width = terminal?.columns ?? 80
        let column = min(ShellCommand.usage.map(\.0.count).filter { $0 <= 20 }.max() ?? 0, width / 3)
        let indent = String(repeating: " ", count: column + 2)
        let fits =
            terminal.map { "The drawing fits \($0) characters" } ?? "The drawing is not fitted to a terminal"
        var lines = wrap(fits + "; plugboard run --size COLSxROWS fits another size. Commands:", width: width)
        for (usage, text) in ShellCommand.usage {
            let description = wrap(text, width: max(20, width - indent.count))
            if usage.count <= column {
                lines.append(usage.padding(toLength: column, withPad: " ", startingAt: 0) + "  " + description[0])
                lines += description.dropFirst().map { indent + $0 }
            } else {
                lines.append(usage)
                lines += description.map { indent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken only between words (a word longer
    /// than a line has one to itself).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        return lines + [current]
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
