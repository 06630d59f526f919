import ArgumentParser
import Foundation
import PlugboardEngine
import PlugboardRender

/// `plugboard run`: load an app and drive it the way a person would.
package struct Run: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Load an app and drive it from the terminal: tap, back, close, menu, select …",
        discussion: """
            The composed screen is drawn with box characters in the device's proportions; every \
            tappable element has a number. Type 'help' for the commands. Commands come from the \
            keyboard (with line editing and history), from standard input, or from --script FILE; \
            in a script or from standard input, the first command that fails stops the run with \
            exit status 1, with FILE:LINE (or line N) and why on standard error.

            Plugins run in a supervised engine process: when one crashes, exits or hangs past \
            --call-timeout, the failure is named (plugin, library, call in flight, its last log \
            lines), the engine restarts without that plugin and the app comes back where it was. \
            In a script or with --json each failure is also a JSON event ("event":"plugin_failed"), \
            and the run ends with exit status 3.

            On a terminal, the drawing, its legend and the prompt fit the terminal's size (80x24 \
            when it cannot be read; the next command fits a window that changed size), or --size \
            COLSxROWS: the legend goes beside the drawing when \
            the columns allow, and 'more' pages a legend too long for the rows. Output that is not \
            a terminal gets the whole drawing, then the whole legend, unless --size is given.

            Commands:

            """
                + ShellCommand.usage.map { "  \($0.0): \($0.1)" }.joined(separator: "\n")
    )

    @OptionGroup var app: AppOptions

    @Option(help: "Run the commands in FILE (one per line, # for comments) instead of reading input.")
    var script: String?

    @Flag(help: "After every command print the state as JSON (one object per line) instead of the drawing.")
    var json = false

    @Option(
        name: .customLong("open-url-command"),
        help:
            "A command that opens the URLs of URL buttons (run as: COMMAND URL), e.g. xdg-open. Without it they are only printed."
    )
    var openURLCommand: String?

    @Option(help: "Start from the state this URL of the app's scheme names (app://home/shows?menu=v).")
    var open: String?

    @Option(
        name: .customLong("state-file"),
        help: "Keep the state URL in FILE, replaced atomically after every change (see --restore).")
    var stateFile: String?

    @Flag(help: "Start where the last run with the same --state-file stopped.")
    var restore = false

    @Option(
        help:
            "Fit the drawing and its legend to a terminal of COLSxROWS characters, each at least 10 (e.g. 80x24); by default the terminal's own size (80x24 when it cannot be read), or the whole drawing when output is not a terminal."
    )
    var size: TerminalSize?

    @Flag(
        name: .customLong("allow-fallbacks"),
        help:
            "In a script or from standard input, do not fail the run (exit status 1) when plugins fail to load and the app falls back."
    )
    var allowFallbacks = false

    @OptionGroup var supervision: SupervisionOptions

    @OptionGroup var logging: LoggingOptions

    package init() {}

    package func validate() throws {
        if restore && stateFile == nil { throw ValidationError("--restore needs --state-file FILE") }
    }

    package func run() throws { try arguments.execute() }

    /// The arguments as plain values.
    package var arguments: RunArguments {
        var arguments = RunArguments()
        arguments.app = app.location
        arguments.script = script
        arguments.json = json
        arguments.openURLCommand = openURLCommand
        arguments.open = open
        arguments.stateFile = stateFile
        arguments.restore = restore
        arguments.size = size
        arguments.allowFallbacks = allowFallbacks
        arguments.supervision = supervision.settings
        arguments.logLevel = logging.logLevel
        return arguments
    }
}
