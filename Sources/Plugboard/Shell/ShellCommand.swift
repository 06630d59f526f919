/// One command of the host shell (`plugboard run`), parsed from a line.
public enum ShellCommand: Equatable, Sendable {
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

    /// The commands, for `help`: usage and what each does.
    public static let usage: [(String, String)] = [
        ("tap N|ID", "tap the numbered element N, or the view whose identifier is ID"),
        ("back", "go back (pop the visible stack)"),
        ("close", "close the presented screen"),
        ("menu", "press the menu (special) button"),
        ("select ITEM", "select the root menu item ITEM (an id)"),
        ("device phone|tablet", "switch the device profile"),
        ("show", "draw the screen again"),
        ("state", "print stacks, bar model, context button, frames and cache statistics"),
        ("events", "print the lifecycle and navigation event log"),
        ("help", "list the commands"),
        ("quit", "leave"),
    ]

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case missingArgument(String)
        case badArgument(String, String)

        public var description: String {
            switch self {
            case .unknown(let word): "unknown command '\(word)'; type 'help' for the list"
            case .missingArgument(let command): "'\(command)' needs an argument; type 'help'"
            case .badArgument(let command, let argument): "'\(command)' does not take '\(argument)'; type 'help'"
            }
        }
    }

    /// Parses a line; nil for a blank line or a `#` comment.
    public static func parse(_ line: String) throws(ParseError) -> ShellCommand? {
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
        default: throw .unknown(word)
        }
    }
}
