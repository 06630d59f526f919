import ArgumentParser
import Foundation
import Plugboard

/// `plugboard run`: load an app and drive it the way a person would.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load an app and drive it from the terminal: tap, back, close, menu, select …",
        discussion: """
            The composed screen is drawn with box characters in the device's proportions; every \
            tappable element has a number. Type 'help' for the commands. Commands come from the \
            keyboard (with line editing and history), from standard input, or from --script FILE; \
            in a script, the first command that fails stops the run with exit status 1.
            """
    )

    @OptionGroup var app: AppOptions

    @Option(help: "Run the commands in FILE (one per line, # for comments) instead of reading input.")
    var script: String?

    @Flag(help: "After every command print the state as JSON (one object per line) instead of the drawing.")
    var json = false

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let environment = PlugboardHost()
        let loaded = try app.launch(environment: environment)
        defer { loaded.shutdown() }
        let session = ShellSession(app: loaded)
        for event in loaded.events where event.name == "error" || event.name == "fallback" {
            printError("\(event.name): \(event)")
        }
        show(session, session.drawing)

        let lines: AnySequence<String>
        let interactive: Bool
        if let script {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
                throw ValidationError("cannot read the script '\(script)'")
            }
            lines = AnySequence(text.components(separatedBy: .newlines))
            interactive = false
        } else if isatty(STDIN_FILENO) == 1 {
            lines = AnySequence(LineEditor(prompt: "plugboard> "))
            interactive = true
        } else {
            lines = AnySequence(AnyIterator { readLine() })
            interactive = false
        }
        for (index, line) in lines.enumerated() {
            let outcome = session.run(line: line)
            if outcome.quit { return }
            if !outcome.succeeded {
                let location = script.map { "\($0):\(index + 1): " } ?? (interactive ? "" : "line \(index + 1): ")
                printError("\(location)\(outcome.output)")
                if !interactive { throw ExitCode(1) }
                continue
            }
            if !outcome.output.isEmpty || json { show(session, outcome.output) }
        }
    }

    private func show(_ session: ShellSession, _ text: String) {
        if json {
            print(
                ShellSession.json(ShellState(state: session.app.state, targets: session.app.tapTargets), pretty: false))
        } else {
            print(text)
        }
    }
}

/// What `--json` prints after each command: the state and the numbered tap targets.
struct ShellState: Encodable {
    var state: AppState
    var targets: [TapTarget]
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
