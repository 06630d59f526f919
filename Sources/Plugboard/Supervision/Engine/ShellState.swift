/// What `run --json` prints after each command: which command (and line) it answers, the state
/// and the numbered tap targets; `events` and `help` add what they print.
public struct ShellState: Encodable {
    /// The command as typed; nil for the drawing at start-up.
    public var command: String?
    /// Its line in the script or standard input (1…).
    public var line: Int?
    public var state: AppState
    public var targets: [TapTarget]
    public var events: [AppEvent]?
    public var help: [String]?

    public init(app: PlugboardApp) {
        state = app.state
        targets = app.tapTargets
    }
}
