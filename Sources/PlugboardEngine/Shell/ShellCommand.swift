import Foundation
import PlugboardConfig
import PlugboardNavigation

/// One command of the host shell (`plugboard run`), parsed from a line.
package enum ShellCommand: Equatable, Sendable {
    /// Tap a numbered tap target, or a view by identifier.
    case tap(String)
    case back
    case close
    case menu
    /// Select a root menu item by id.
    case select(String)
    case device(DeviceProfile.Kind)
    /// Print the drawing again.
    case show
    case state
    case events
    case help
    case quit
    /// Route changes composed into one transition (seed 004): `push shows + present contact`.
    case route([RouteStep])
    /// A gesture (seed 003): `swipe back --from 10 --progress 0.3 --velocity 500`.
    case swipe(Swipe)
    /// Advance the virtual clock by milliseconds.
    case wait(Double)
    /// Switch the transitions' clock.
    case clock(TransitionClock.Mode)

    /// One route change of the shell.
    package enum RouteStep: Equatable, Sendable {
        /// A URL of the app's scheme (text as typed; parsed when it runs, so errors name the column).
        case open(String)
        case push(key: String, data: String?)
        case root(key: String, data: String?)
        case present(String)
        case dismiss(String)
        case pop(Int)
    }

    /// The commands, for `help`: usage and what each does.
    package static let usage: [(String, String)] = [
        ("tap N|ID", "tap the numbered element N, or the view whose identifier is ID"),
        ("back", "go back (pop the visible stack)"),
        ("close", "close the presented screen"),
        ("menu", "press the menu (special) button"),
        ("select ITEM", "select the root menu item ITEM (an id)"),
        ("open URL", "go to the state a URL of the app's scheme names (app://home/shows?menu=v)"),
        (
            "push KEY[::DATA]",
            "push a route (a screen id) onto the root stack, with its data; join route commands with + to run them as one transition"
        ),
        ("root KEY[::DATA]", "make a route the root stack's only screen"),
        ("present KEY", "present a route (or open the menu: present menu)"),
        ("dismiss KEY", "dismiss a presented route (or close the menu)"),
        ("pop [N]", "pop N screens off the root stack (default 1)"),
        (
            "swipe back|forward [--from X] [--progress P] [--velocity V]",
            "a gesture from X points (default: the edge), P of the width (default 1), V pt/s when it ends (default 0): it finishes above 400 pt/s or past 0.4, else cancels"
        ),
        (
            "clock instant|virtual",
            "instant (default): transitions take no time; virtual: they run on a clock that only 'wait' advances"
        ),
        ("wait MS", "advance the virtual clock MS milliseconds: transitions move and end"),
        ("device phone|tablet", "switch the device profile"),
        ("show", "draw the screen again"),
        ("state", "print stacks, bar model, context button, frames and cache statistics"),
        ("events", "print the lifecycle and navigation event log"),
        ("help", "list the commands"),
        ("quit", "leave"),
    ]

    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case missingArgument(String)
        case badArgument(String, String)

        package var description: String {
            switch self {
            case .unknown(let word): "unknown command '\(word)'; type 'help' for the list"
            case .missingArgument(let command): "'\(command)' needs an argument; type 'help'"
            case .badArgument(let command, let argument): "'\(command)' does not take '\(argument)'; type 'help'"
            }
        }
    }

    /// Parses a line; nil for a blank line or a `#` comment.
    package static func parse(_ line: String) throws(ParseError) -> ShellCommand? {
        let parts = line.split(separator: " + ", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1 {
            var steps: [RouteStep] = []
            for part in parts {
                guard case .route(let more)? = try parseOne(part) else {
                    throw .badArgument("+", part.trimmingCharacters(in: .whitespaces))
                }
                steps += more
            }
            return .route(steps)
        }
        return try parseOne(line)
    }

    private static func parseOne(_ line: String) throws(ParseError) -> ShellCommand? {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let word = words.first?.lowercased(), !word.hasPrefix("#") else { return nil }
        let argument = words.dropFirst().joined(separator: " ")
        func needArgument() throws(ParseError) -> String {
            guard !argument.isEmpty else { throw .missingArgument(word) }
            return argument
        }
        func noArgument(_ command: ShellCommand) throws(ParseError) -> ShellCommand {
            guard argument.isEmpty else { throw .badArgument(word, argument) }
            return command
        }
        switch word {
        case "tap": return .tap(try needArgument())
        case "back": return try noArgument(.back)
        case "close": return try noArgument(.close)
        case "menu": return try noArgument(.menu)
        case "select": return .select(try needArgument())
        case "device":
            guard let kind = DeviceProfile.Kind(rawValue: try needArgument().lowercased()) else {
                throw .badArgument(word, argument)
            }
            return .device(kind)
        case "show": return try noArgument(.show)
        case "state": return try noArgument(.state)
        case "events": return try noArgument(.events)
        case "help", "?": return try noArgument(.help)
        case "quit", "exit": return try noArgument(.quit)
        case "open": return .route([.open(try needArgument())])
        case "push", "root":
            let target = try needArgument()
            let parts = target.components(separatedBy: "::")
            let key = parts[0]
            let data = parts.count > 1 ? parts.dropFirst().joined(separator: "::") : nil
            guard !key.isEmpty else { throw .badArgument(word, argument) }
            return .route([word == "push" ? .push(key: key, data: data) : .root(key: key, data: data)])
        case "present": return .route([.present(try needArgument())])
        case "dismiss": return .route([.dismiss(try needArgument())])
        case "swipe": return .swipe(try parseSwipe(words.dropFirst().map { $0 }))
        case "wait":
            guard let milliseconds = Double(try needArgument()), milliseconds >= 0, milliseconds.isFinite else {
                throw .badArgument(word, argument)
            }
            return .wait(milliseconds)
        case "clock":
            guard let mode = TransitionClock.Mode(rawValue: try needArgument().lowercased()) else {
                throw .badArgument(word, argument)
            }
            return .clock(mode)
        case "pop":
            if argument.isEmpty { return .route([.pop(1)]) }
            guard let count = Int(argument), count > 0 else { throw .badArgument(word, argument) }
            return .route([.pop(count)])
        default: throw .unknown(word)
        }
    }

    /// `swipe back|forward [--from X] [--progress P] [--velocity V]`.
    private static func parseSwipe(_ arguments: [String]) throws(ParseError) -> Swipe {
        guard let direction = arguments.first?.lowercased() else { throw .missingArgument("swipe") }
        var swipe: Swipe
        switch direction {
        case "back": swipe = Swipe(.pop)
        case "forward": swipe = Swipe(.push)
        default: throw .badArgument("swipe", direction)
        }
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            let text = rest.popFirst()
            guard let text, let value = Double(text), value.isFinite else {
                throw .badArgument("swipe", [option, text].compactMap { $0 }.joined(separator: " "))
            }
            switch option {
            case "--from": swipe.from = value
            case "--progress": swipe.progress = value
            case "--velocity": swipe.velocity = value
            default: throw .badArgument("swipe", option)
            }
        }
        return swipe
    }

    /// Commands that change the app as a user's input does; refused while a transition runs
    /// (the router's `start` rule). Route commands are refused by the router itself.
    var isInput: Bool {
        switch self {
        case .tap, .back, .close, .menu, .select, .swipe: true
        default: false
        }
    }
}
