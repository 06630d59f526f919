import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardEngine
import PlugboardNavigation
import PlugboardRender

/// `plugboard run`: load an app and drive it the way a person would.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    func validate() throws {
        if restore && stateFile == nil { throw ValidationError("--restore needs --state-file FILE") }
    }

    func run() throws {
        logging.bootstrap()
        // The script is read before the app is loaded, so an unreadable one is the only output.
        let lines: AnySequence<String>
        let interactive: Bool
        if let script {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                throw CommandFailure("cannot read the script '\(script)'")
            }
            // Split on Characters, so a CRLF line end ("\r\n" is one Character) counts as one line.
            lines = AnySequence(
                text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
            interactive = false
        } else if isatty(STDIN_FILENO) == 1 {
            lines = AnySequence(LineEditor(prompt: "plugboard> "))
            interactive = true
        } else {
            lines = AnySequence(AnyIterator { readLine() })
            interactive = false
        }

        var launch = app.engineLaunch
        launch.includesState = json
        launch.openURLCommand = openURLCommand
        let terminal = size ?? .ofStandardOutput
        launch.terminal = terminal
        launch.startURL = startURL()
        let engine = supervision.driver(launch, logLevel: logging.logLevel.rawValue)
        defer { engine.stop() }
        let failures = PluginFailureReport(json: json, scripted: !interactive)
        let ready: EngineReady
        do throws(EngineStartFailure) {
            ready = try engine.start()
        } catch {
            throw CommandFailure(error.description)
        }
        failures.report(ready.failures)
        if let why = ready.startFailure, let url = launch.startURL {
            if url == open { throw CommandFailure("\(url): \(why)") }
            printError("cannot restore \(url): \(why); starting at \(ready.stateURL)")
        }
        let persist = StatePersistence(path: stateFile)
        for line in ready.startup { printError(line) }  // "error ID: why" / "fallback ID: why"
        let shell = ShellSession(engine: engine, json: json, terminal: terminal)
        let first = shell.run(line: "show")
        failures.report(first.failures)
        try persist.save(first.stateURL ?? "")
        printOutput(first.output)

        for (index, line) in lines.enumerated() {
            // A window that changed size since the last command: what follows fits its new size.
            if interactive, size == nil, let now = TerminalSize.ofStandardOutput { shell.fit(now) }
            let outcome = shell.run(line: line, number: index + 1)
            failures.report(outcome.failures)
            if outcome.quit { break }
            if !outcome.succeeded {
                let location = script.map { "\($0):\(index + 1): " } ?? (interactive ? "" : "line \(index + 1): ")
                printError("\(location)\(outcome.output)")
                if !interactive { throw ExitCode(1) }
                continue
            }
            try persist.save(outcome.stateURL ?? "")
            // With --json, one object per command: blank lines and comments print nothing.
            if !outcome.output.isEmpty { printOutput(outcome.output) }
        }
        // The app's shutdown (each instance's `destroy`) is watched like a command.
        failures.report(engine.stop().map { [$0] } ?? [])
        try failures.finish()
        if !interactive && !allowFallbacks && !ready.startup.isEmpty {
            printError(
                "\(ready.startup.count) plugin problem(s) at start-up (above): exit status 1; --allow-fallbacks accepts them"
            )
            throw ExitCode(1)
        }
    }

    /// Where the app starts: `--open URL`, else with `--restore` the state file's URL (an
    /// unreadable file, like a URL that no longer resolves, starts at home with a line saying why).
    private func startURL() -> String? {
        if let open { return open }
        guard restore, let stateFile else { return nil }
        do throws(StateFile.Failure) {
            return try StateFile.read(stateFile).flatMap { $0.isEmpty ? nil : $0 }
        } catch {
            printError("\(error); starting at home")
            return nil
        }
    }
}
