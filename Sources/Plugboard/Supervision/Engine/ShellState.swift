/// What `run --json` prints after each command: the state and the numbered tap targets.
public struct ShellState: Encodable {
    public var state: AppState
    public var targets: [TapTarget]

    public init(app: PlugboardApp) {
        state = app.state
        targets = app.tapTargets
    }
}
