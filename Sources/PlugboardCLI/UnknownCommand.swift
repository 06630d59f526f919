import ArgumentParser
import Foundation

/// A first argument that names no command (`plugboard chekc app`): said in those words, with the
/// command it most likely meant, where swift-argument-parser reports every argument as
/// "unexpected".
enum UnknownCommand {
    /// The command names `plugboard` takes, in the order of its help.
    static var names: [String] { PlugboardCommand.configuration.subcommands.map { $0._commandName } }

    /// The message for `arguments` (the command line without the executable), or nil when its
    /// first argument is an option, a command or `help`.
    static func message(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !names.contains(first) else {
            return nil
        }
        let guess = names.map { ($0, distance(first, $0)) }.min { $0.1 < $1.1 }
        let suggestion = guess.flatMap { $0.1 <= 2 ? "; did you mean '\($0.0)'?" : nil } ?? ""
        return "Error: '\(first)' is not a plugboard command\(suggestion)\n"
            + "Commands: \(names.joined(separator: ", ")). See 'plugboard --help'."
    }

    /// Prints the message and exits with status 64 (a usage error, as the parser's own) when
    /// `arguments` name no command.
    static func exitIfUnknown(_ arguments: [String]) {
        guard let message = message(arguments) else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(64)
    }

    /// Levenshtein distance: the fewest insertions, deletions and substitutions from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
