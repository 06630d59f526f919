import ArgumentParser
import Foundation
import PlugboardEngine
import PlugboardNavigation
import PlugboardRender

extension RunArguments {
    /// Runs the app: the first screen, then each command of the script, standard input or the
    /// keyboard; a failure is thrown for swift-argument-parser's `exit(withError:)` to tell.
    package func execute() throws {
        LoggingOptions.bootstrap(level: logLevel)
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
        let engine = supervision.driver(launch, logLevel: logLevel.rawValue)
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
