import PlugboardEngine

/// What the page shows, pushed over the WebSocket after every change: the drawing, the state as
/// `run --json` prints it, the event log, and the error that replaces the device when the app
/// cannot start (a configuration error: file:line:column: JSON path: message).
struct SimulatorSnapshot: Codable, Sendable, Equatable {
    /// An SVG that plays a change's transition (SMIL), and how long it plays.
    struct Animation: Codable, Sendable, Equatable {
        var svg: String
        var milliseconds: Int
    }

    /// Increases with every update.
    var revision = 0
    /// Increases every time the engine process is started again (hot reload).
    var engine = 0
    var url = ""
    var svg = ""
    /// The transitions the last change started, in the order they play: one for a single
    /// change, one per movement for a composed transition (a push, then the present queued
    /// behind it); empty when nothing moved.
    var animations: [Animation] = []
    /// The state and tap targets; nil without an app.
    var state: ShellState?
    /// The newest event lines of this engine, oldest first (`name subject: detail`).
    var log: [String] = []
    var error: String?
    /// Contained plugin failures, newest last: shown above the device; the app goes on.
    var failures: [String] = []

    /// How many lines `log` keeps.
    static let logLength = 200
    /// How many failures `failures` keeps.
    static let failureCount = 20

    /// The WebSocket message.
    var json: String { ShellSession.json(self, pretty: false) }
}
