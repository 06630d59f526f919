import PlugboardNavigation
import PlugboardRender

/// What `run --json` prints after each command: which command (and line) it answers, the state
/// and the numbered tap targets; `events` and `help` add what they print.
package struct ShellState: Encodable {
    /// The command as typed; nil for the drawing at start-up.
    package var command: String?
    /// Its line in the script or standard input (1…).
    package var line: Int?
    package var state: AppState
    package var targets: [TapTarget]
    package var events: [AppEvent]?
    package var help: [String]?

    package init(app: PlugboardApp) {
        state = app.state
        targets = app.tapTargets
    }
}
