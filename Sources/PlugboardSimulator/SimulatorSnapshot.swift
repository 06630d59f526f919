import Foundation

/// What the page shows, pushed over the WebSocket after every change: the drawing, the state as
/// `run --json` prints it, the event log, and the error that replaces the device when the app
/// cannot start (a configuration error: file:line:column: JSON path: message).
struct SimulatorSnapshot: Sendable {
    /// Increases with every update.
    var revision = 0
    /// Increases every time the engine process is started again (hot reload).
    var engine = 0
    var url = ""
    var svg = ""
    /// An SVG that plays the last change's transition (SMIL), and how long it plays, if any.
    var animation: (svg: String, milliseconds: Int)?
    /// One line of `run --json` (ShellState), or "null" without an app.
    var stateJSON = "null"
    var log: [String] = []
    var error: String?
    /// Contained plugin failures, newest last: shown above the device; the app goes on.
    var failures: [String] = []

    /// The WebSocket message.
    var json: String {
        var object: [String: Any] = [
            "revision": revision, "engine": engine, "url": url, "svg": svg, "log": log, "failures": failures,
            "error": error ?? NSNull(),
        ]
        object["state"] =
            (try? JSONSerialization.jsonObject(with: Data(stateJSON.utf8), options: .fragmentsAllowed)) ?? NSNull()
        if let animation {
            object["animation"] = ["svg": animation.svg, "milliseconds": animation.milliseconds]
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
