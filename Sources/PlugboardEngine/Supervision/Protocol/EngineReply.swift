import PlugboardConfig
import PlugboardNavigation
import PlugboardRender

/// The engine's answer to one request: whether it succeeded and what changed — the state URL,
/// the events since the last reply, the state when asked for — plus the drawing only when the
/// request asked for one.
package struct EngineReply: Sendable, Equatable {
    package var succeeded: Bool
    /// Why the request failed; or what a question answers in words: an export's JSON result,
    /// the list of exports, a report, a probe. Empty otherwise.
    package var text: String
    /// The screen after the request, in the form the request asked for.
    package var drawing: String?
    /// The app's state URL after the request (empty without an app).
    package var stateURL = ""
    /// The state and tap targets: for `state`, and for every request when the launch asks.
    package var state: EngineState?
    /// `state` as the engine wrote it, in a reply read from the wire: one line of JSON with
    /// sorted keys (`ShellSession.json`), which is also `run --json`'s line for this state with
    /// nothing else to say (a `ShellState` leaves its other fields out when nil). `serve`
    /// answers it as it is, rather than encoding again what it was just sent.
    package var stateJSON: String?
    /// The events recorded since the engine's last reply, oldest first (for `events`: the whole log).
    package var events: [AppEvent] = []
    /// Plugin failures a supervisor contained while answering (the engine was restarted).
    package var failures: [ContainedFailure] = []
    /// The URLs URL nav items asked to open while answering, for a supervisor to open (a
    /// sandboxed engine may run no program).
    package var urlsToOpen: [String] = []
    /// The plugin library the engine mapped last (`PluginLibrary.lastMapped`).
    package var lastLibrary: String?
    /// When the routes changed since the last reply (the shell's `routes`, plugins through
    /// plugboard.host.routes): all the changes that make the configured routes the routes now
    /// (at most one per route), replacing what a supervisor kept to replay in a restarted
    /// engine. Nil when they did not change.
    package var routeChanges: [AppRoutes.Change]?

    package init(succeeded: Bool, text: String = "") {
        self.succeeded = succeeded
        self.text = text
    }

    /// A reply that says why a request failed.
    package static func failed(_ why: String) -> EngineReply { EngineReply(succeeded: false, text: why) }
}

/// The app's state and what can be tapped now.
package struct EngineState: Codable, Sendable, Equatable {
    package var state: AppState
    package var targets: [TapTarget]

    package init(state: AppState, targets: [TapTarget]) {
        self.state = state
        self.targets = targets
    }

    package init(app: PlugboardApp) {
        self.init(state: app.state, targets: app.tapTargets)
    }
}

/// What the engine says once it has started: problems met loading the app (plugins that failed
/// to load, fallbacks), or nothing for a probe.
package struct EngineReady: Sendable, Equatable {
    /// `error ID: why` and `fallback ID: why` lines.
    package var startup: [String]
    package var stateURL: String
    /// Why the launch's `startURL` could not be reached (the app started at home).
    package var startFailure: String?
    /// Plugin failures a supervisor contained while starting.
    package var failures: [ContainedFailure] = []
    /// The parts of the sandbox this machine's kernel could not apply, each with what that
    /// leaves open (`Sandbox.confine`); the session says them once.
    package var sandboxGaps: [String] = []
    /// The plugin library the engine mapped last (`PluginLibrary.lastMapped`).
    package var lastLibrary: String?

    package init(startup: [String], stateURL: String) {
        self.startup = startup
        self.stateURL = stateURL
    }
}
