import Foundation

/// A user's mistake found while a command runs (an unreadable script, an unknown screen, an
/// unwritable output file): ArgumentParser prints it as one `Error: …` line and exits with status 1.
/// (A `ValidationError` thrown from `run()` would add a usage line naming no subcommand.)
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Prints a command's output, ending it with one line break: a drawing ends in one already, and
/// a blank line after it would take a row of the terminal it is fitted to.
package func printOutput(_ text: String) {
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
}

package func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
