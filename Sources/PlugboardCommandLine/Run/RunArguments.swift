import Logging
import PlugboardRender

/// Everything `plugboard run` is given, as plain values: what `Run` reads with
/// swift-argument-parser and what `RunArguments.read` reads without it, so both reach the same
/// `execute()`.
package struct RunArguments: Equatable, Sendable {
    /// The app and where its plugin libraries are (`AppOptions`).
    package var app = AppLocation()
    /// `--script FILE`: the commands to run instead of reading input.
    package var script: String?
    /// `--json`: the state as JSON after every command instead of the drawing.
    package var json = false
    /// `--open-url-command`: the command URL buttons' URLs are handed to.
    package var openURLCommand: String?
    /// `--open URL`: the state to start from.
    package var open: String?
    /// `--state-file FILE`: where the state URL is kept.
    package var stateFile: String?
    /// `--restore`: start where the last run with the same state file stopped.
    package var restore = false
    /// `--size COLSxROWS`: the terminal the drawing is fitted to.
    package var size: TerminalSize?
    /// `--allow-fallbacks`: plugins that fail to load do not fail a script.
    package var allowFallbacks = false
    /// Where the engine runs and how long a call may take (`SupervisionOptions`).
    package var supervision = SupervisionSettings()
    /// `--log-level` (`LoggingOptions`).
    package var logLevel: Logger.Level = .warning

    package init() {}

    /// Why these arguments cannot run, in the words of the option checks, or nil when they can.
    package var validationError: String? {
        if let why = app.validationError ?? supervision.validationError { return why }
        return restore && stateFile == nil ? "--restore needs --state-file FILE" : nil
    }
}
