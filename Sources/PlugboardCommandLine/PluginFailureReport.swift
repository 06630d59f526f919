import ArgumentParser
import Foundation
import PlugboardEngine

/// Tells the user about plugin failures the supervisor contained: the text on standard error;
/// in a script (`--script`, standard input, `--json`) also one JSON event per failure — on
/// standard output with `--json`, else on standard error. A command that contained a failure
/// ends with exit status 3 (`PluginFailureReport.exitStatus`).
package final class PluginFailureReport {
    package static let exitStatus: Int32 = 3
    let json: Bool
    let scripted: Bool
    private(set) var count = 0

    package init(json: Bool, scripted: Bool) {
        self.json = json
        self.scripted = scripted
    }

    package func report(_ failures: [ContainedFailure]) {
        for failure in failures {
            count += 1
            printError(failure.description)
            guard json || scripted else { continue }
            let event = ShellSession.json(FailureEvent(failure), pretty: false)
            if json { print(event) } else { printError(event) }
        }
    }

    /// Throws exit status 3 when anything failed.
    package func finish() throws {
        if count > 0 { throw ExitCode(Self.exitStatus) }
    }
}
