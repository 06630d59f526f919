/// What the part of a command the user talks to asks the engine that runs the app. The same
/// requests go to an engine in this process (`--in-process`) or, as one JSON line each, to an
/// engine process under a supervisor.
package enum EngineRequest: Codable, Sendable, Equatable {
    /// A shell command line (`tap 2`, `back`, `state`, …), with its line in the script or input.
    case command(String, line: Int? = nil)
    /// Go to the state a URL of the app's scheme names.
    case open(String)
    /// Show a rivers.json screen, pushed from the root as a menu item would (`render --screen`).
    case showScreen(String)
    /// Draw the screen as text or SVG; `animate`: an SVG that plays the running transition.
    case render(svg: Bool, animate: Bool = false)
    /// The dynamic exports of the app's plugins, one `plugin.name signature` per line.
    case exports
    /// Call a dynamic export with a JSON array of arguments.
    case call(plugin: String, name: String, arguments: String)
    /// `inspect APP`: the app's report, as text or JSON.
    case report(json: Bool)
    /// `inspect LIBRARY`: open the library and probe its plugins, as text or JSON.
    case probe(path: String, json: Bool)

    /// Whether a supervisor asks again after restarting without the plugin that failed. A
    /// command that changed the app (a tap) is not repeated: the user is brought back to where
    /// they were instead. A call into one export or a probe is not repeated: it would only
    /// fail again, now because the plugin is left out.
    package var isRepeatedAfterRestart: Bool {
        switch self {
        case .open, .showScreen, .render, .exports, .report: true
        case .command, .call, .probe: false
        }
    }
}

/// The engine's answer to one request.
package struct EngineReply: Codable, Sendable, Equatable {
    /// What to show: a drawing, the state, an export's JSON result, or why the request failed.
    package var output: String
    package var succeeded: Bool
    /// The request was `quit`.
    package var quit = false
    /// The app's state URL after the request (empty without an app).
    package var stateURL = ""
    /// The state and tap targets as one line of JSON, when the launch asked for it.
    package var state: String?
    /// Plugin failures a supervisor contained while answering (the engine was restarted).
    package var failures: [ContainedFailure] = []

    package init(output: String, succeeded: Bool) {
        self.output = output
        self.succeeded = succeeded
    }
}

/// What the engine says once it has started: problems met loading the app (plugins that failed
/// to load, fallbacks), or nothing for a probe.
package struct EngineReady: Codable, Sendable, Equatable {
    /// `error ID: why` and `fallback ID: why` lines.
    package var startup: [String]
    package var stateURL: String
    /// Plugin failures a supervisor contained while starting.
    package var failures: [ContainedFailure] = []
}

/// One line from an engine process to its supervisor.
enum EngineMessage: Codable {
    case ready(EngineReady)
    /// The engine cannot start (an invalid configuration): the message, then it exits.
    case fatal(String)
    case reply(EngineReply)
}
