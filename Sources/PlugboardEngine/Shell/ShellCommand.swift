import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardNavigation

/// What a person types at the shell (`plugboard run`, `render --steps`, the simulator's
/// `POST /command`), parsed: a request for the engine, or one of the shell's own commands. This
/// is the one translation of shell text into requests; it runs where the person is (the parent),
/// never in the engine.
package enum ShellCommand: Equatable, Sendable {
    /// What the engine does: `tap 2` is `.tap(.number(2))`, `push shows + present contact` one
    /// `.route`, `show` a `.show`.
    case request(EngineRequest)
    /// List the commands (answered by the shell).
    case help
    /// Leave (the shell stops its engine).
    case quit

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
        (
            "back --unanimated",
            "any action (tap, back, close, menu, select, swipe, open, push, root, present, dismiss, pop) ending in --unanimated takes no time on the virtual clock"
        ),
        ("routes", "list the routes: key → screen (kind, transition)"),
        (
            "routes set KEY SCREEN [KIND] [OPTIONS]",
            "add or replace a route while the app runs: KIND stack (default), modal or animation; OPTIONS give it its own transition: --duration MS (0 to 10000), --curve linear, ease_in, ease_out or ease_in_out, --direction from_right, from_left, from_bottom, from_top or fade; the state URL is written with the new routes"
        ),
        (
            "routes remove KEY",
            "remove a route; a screen no route names any more is left (popped or dismissed), and the app says so"
        ),
        (
            "scroll Y|+DY|-DY",
            "scroll the visible screen's content to Y points, or by DY: a large title collapses into the bar as it goes"
        ),
        ("device phone|tablet", "switch the device profile"),
        ("show", "draw the screen again"),
        (
            "more",
            "draw the screen again with the next page of its legend, when the legend is too long for the terminal"
        ),
        ("state", "print stacks, bar model, context button, frames and cache statistics"),
        ("events", "print the lifecycle and navigation event log"),
        ("help", "list the commands"),
        ("quit", "leave"),
    ]

    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case missingArgument(String)
        case badArgument(String, String)
        /// A line over `maximumLineLength` bytes (its length).
        case tooLong(Int)

        package var description: String {
            switch self {
            case .unknown(let word): "unknown command '\(word)'; type 'help' for the list"
            case .missingArgument(let command): "'\(command)' needs an argument; type 'help'"
            case .badArgument(let command, let argument): "'\(command)' does not take '\(argument)'; type 'help'"
            case .tooLong(let length):
                "a command of \(length) bytes, over the limit of \(ShellCommand.maximumLineLength): refused"
            }
        }
    }

    /// What makes an action take no time.
    static let unanimatedFlag = "--unanimated"

    /// The longest command line: a URL or a data string is far shorter; a longer line is a
    /// mistake (or an attack) to refuse before it costs the engine anything.
    package static let maximumLineLength = 65_536

    /// Parses a line; nil for a blank line or a `#` comment. An action ending in
    /// `--unanimated` takes no time (`EngineRequest.unanimated`).
    package static func parse(_ line: String) throws(ParseError) -> ShellCommand? {
        guard line.utf8.count <= maximumLineLength else { throw .tooLong(line.utf8.count) }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix(" " + unanimatedFlag) {
            let action = String(trimmed.dropLast(unanimatedFlag.count + 1))
            guard case .request(let request)? = try parse(action), request.isInput || request.isRoute else {
                throw .badArgument(action.split(separator: " ").first.map(String.init) ?? "", unanimatedFlag)
            }
            return .request(.unanimated(request))
        }
        let parts = line.split(separator: " + ", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1 {
            var steps: [RouteStep] = []
            for part in parts {
                guard case .request(.route(let more))? = try parseOne(part) else {
                    throw .badArgument("+", part.trimmingCharacters(in: .whitespaces))
                }
                steps += more
            }
            return .request(.route(steps))
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
        func noArgument(_ request: EngineRequest) throws(ParseError) -> ShellCommand {
            guard argument.isEmpty else { throw .badArgument(word, argument) }
            return .request(request)
        }
        switch word {
        case "tap": return .request(.tap(TapReference(try needArgument())))
        case "back": return try noArgument(.back)
        case "close": return try noArgument(.close)
        case "menu": return try noArgument(.menu)
        case "select": return .request(.select(try needArgument()))
        case "device":
            guard let kind = DeviceProfile.Kind(rawValue: try needArgument().lowercased()) else {
                throw .badArgument(word, argument)
            }
            return .request(.device(kind))
        case "show": return try noArgument(.show)
        case "more": return try noArgument(.more)
        case "state": return try noArgument(.state)
        case "events": return try noArgument(.events)
        case "help", "?":
            guard argument.isEmpty else { throw .badArgument(word, argument) }
            return .help
        case "quit", "exit":
            guard argument.isEmpty else { throw .badArgument(word, argument) }
            return .quit
        case "open": return .request(.route([.open(try needArgument())]))
        case "push", "root":
            let target = try needArgument()
            let parts = target.components(separatedBy: "::")
            let key = parts[0]
            let data = parts.count > 1 ? parts.dropFirst().joined(separator: "::") : nil
            guard !key.isEmpty else { throw .badArgument(word, argument) }
            return .request(.route([word == "push" ? .push(key: key, data: data) : .root(key: key, data: data)]))
        case "present": return .request(.route([.present(try needArgument())]))
        case "dismiss": return .request(.route([.dismiss(try needArgument())]))
        case "swipe": return .request(.swipe(try parseSwipe(words.dropFirst().map { $0 })))
        case "routes": return .request(.routes(try parseRoutes(Array(words.dropFirst()))))
        case "scroll":
            let text = try needArgument()
            guard let offset = Double(text), offset.isFinite else { throw .badArgument(word, argument) }
            return .request(.scroll(offset, relative: text.hasPrefix("+") || text.hasPrefix("-")))
        case "wait":
            guard let milliseconds = Double(try needArgument()), milliseconds >= 0, milliseconds.isFinite else {
                throw .badArgument(word, argument)
            }
            return .request(.wait(milliseconds))
        case "clock":
            guard let mode = TransitionClock.Mode(rawValue: try needArgument().lowercased()) else {
                throw .badArgument(word, argument)
            }
            return .request(.clock(mode))
        case "pop":
            if argument.isEmpty { return .request(.route([.pop(1)])) }
            guard let count = Int(argument), count > 0 else { throw .badArgument(word, argument) }
            return .request(.route([.pop(count)]))
        default: throw .unknown(word)
        }
    }

    /// `routes`, `routes set KEY SCREEN [KIND] [--duration MS] [--curve C] [--direction D]`,
    /// `routes remove KEY`.
    private static func parseRoutes(_ arguments: [String]) throws(ParseError) -> [AppRoutes.Change] {
        let all = arguments.joined(separator: " ")
        guard let verb = arguments.first else { return [] }
        switch (verb, arguments.count) {
        case ("remove", 2): return [AppRoutes.Change(key: arguments[1], screenID: nil)]
        case ("set", 3...):
            var change = AppRoutes.Change(key: arguments[1], screenID: arguments[2])
            var rest = arguments.dropFirst(3)
            if let word = rest.first, let kind = AppRoutes.Route.Kind(rawValue: word) {
                change.kind = kind
                rest = rest.dropFirst()
            }
            var transition = TransitionSpec.defaults(for: .push)
            var hasTransition = false
            while let option = rest.popFirst() {
                guard option.hasPrefix("--"), let value = rest.popFirst() else { throw .badArgument("routes", option) }
                hasTransition = true
                switch option {
                case "--duration":
                    guard let duration = Double(value), (0...TransitionSpec.maximumDuration).contains(duration) else {
                        throw .badArgument("routes", "\(option) \(value)")
                    }
                    transition.duration = duration
                case "--curve":
                    guard let curve = TransitionSpec.Curve(rawValue: value) else {
                        throw .badArgument("routes", "\(option) \(value)")
                    }
                    transition.curve = curve
                case "--direction":
                    guard let direction = TransitionSpec.Direction(rawValue: value) else {
                        throw .badArgument("routes", "\(option) \(value)")
                    }
                    transition.direction = direction
                default: throw .badArgument("routes", option)
                }
            }
            change.transition = hasTransition ? transition : nil
            return [change]
        default: throw .badArgument("routes", all)
        }
    }

    /// `swipe back|forward [--from X] [--progress P] [--velocity V]`.
    private static func parseSwipe(_ arguments: [String]) throws(ParseError) -> SwipeGesture {
        guard let word = arguments.first?.lowercased() else { throw .missingArgument("swipe") }
        guard let direction = SwipeGesture.Direction(rawValue: word) else { throw .badArgument("swipe", word) }
        var swipe = SwipeGesture(direction)
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
}
