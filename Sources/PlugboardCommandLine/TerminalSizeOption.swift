import ArgumentParser
import Foundation
import PlugboardRender

extension TerminalSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension TerminalSize {
    /// The size of the terminal standard output is; 80×24 when it is one whose size cannot be
    /// read (nor `COLUMNS` and `LINES` say it); nil when it is not a terminal.
    package static var ofStandardOutput: TerminalSize? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        let environment = ProcessInfo.processInfo.environment
        if let columns = environment["COLUMNS"].flatMap(Int.init), let rows = environment["LINES"].flatMap(Int.init),
            columns >= 10, rows >= 10
        {
            return TerminalSize(columns: columns, rows: rows)
        }
        return TerminalSize(columns: 80, rows: 24)
    }
}
