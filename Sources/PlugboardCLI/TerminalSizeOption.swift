import ArgumentParser
import Foundation
import PlugboardRender

extension TerminalSize: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension TerminalSize {
    /// The size of the terminal standard output is, or nil when it is not one.
    static var ofStandardOutput: TerminalSize? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
