import Foundation

/// A user's mistake found while a command runs (an unreadable script, an unknown screen, an
/// unwritable output file): ArgumentParser prints it as one `Error: …` line and exits with status 1.
/// (A `ValidationError` thrown from `run()` would add a usage line naming no subcommand.)
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Prints a command's output, ending it with one line break: a drawing ends in one already, and
/// a blank line after it would take a row of the terminal it is fitted to. The output is written
/// at once, whole: standard output piped is buffered, and what goes to standard error meanwhile
/// (the next command's error, a plugin's log line) landed in the middle of a drawing when both
/// went to one file.
package func printOutput(_ text: String) {
    print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
    fflush(nil)  // every output stream; `stdout` itself is a global Swift 6 will not read
}

/// Writes `message` and a line break to standard error, after what standard output holds.
package func printError(_ message: String) {
    fflush(nil)  // every output stream; `stdout` itself is a global Swift 6 will not read
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
