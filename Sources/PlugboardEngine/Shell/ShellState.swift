import PlugboardNavigation
import PlugboardRender

/// What `run --json` prints after each command (and the simulator's API answers): which command
/// (and line) it answers, the state and the numbered tap targets; `events` and `help` add what
/// they print.
package struct ShellState: Codable, Sendable, Equatable {
    /// The command as typed.
    package var command: String?
    /// Its line in the script or standard input (1…).
    package var line: Int?
    package var state: AppState
    package var targets: [TapTarget]
    package var events: [AppEvent]?
    package var help: [String]?
    /// What a question answers in words, one line each: `routes` lists the routes; a change of
    /// routes says what changed and what the app had to leave.
    package var output: [String]?

    package init(command: String? = nil, line: Int? = nil, _ current: EngineState) {
        self.command = command
        self.line = line
        state = current.state
        targets = current.targets
    }
}
