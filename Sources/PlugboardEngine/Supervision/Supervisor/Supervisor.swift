import Foundation
@_spi(Layers) import PlugboardCore

/// Runs the engine in a separate process and keeps the session going when a plugin takes it
/// down (Chromium's model: the part the user talks to never runs plugin code).
///
/// When the engine process dies or the watchdog ends it, the supervisor names the call in
/// flight, leaves out the plugin that made it (its library, when the call was the library's
/// entry or factory), starts a new engine without it and brings it back to the last state URL;
/// a request that does not change the app is then asked again. Each restart leaves out one more
/// plugin, so the restarts end; a failure that cannot be traced to a plugin ends the engine.
package final class Supervisor: EngineDriver {
    /// The `plugboard` executable that has the hidden `__engine` subcommand.
    let executable: String
    private(set) var launch: EngineLaunch
    let limits: EngineProcess.Limits
    private var engine: EngineProcess?
    /// The last state URL an engine reported: where a restarted engine is brought back to.
    private var stateURL: String?
    private var started = 0
    /// The most engine starts in one session: the first and a handful of restarts.
    static let maximumStarts = 12
    /// Why the last restart could not start an engine.
    private var startFailure: String?
    /// Failures not traced to a plugin since the last answered request: a second one ends the engine.
    private var untracedInARow = 0
    /// The command URL nav items' URLs are handed to (`--open-url-command`): run here, since
    /// the sandboxed engine may run no program.
    private let openURLCommand: String?
    /// The plugin library the engine said it mapped last: what a broken frame with no call in
    /// flight is blamed on.
    private var lastLibrary: String?
    /// Who is to blame for a failure, from what the supervisor can trust.
    private lazy var blame = FailureBlame(executable: executable, launch: launch)
    /// Whether the sandbox's missing parts were told (once a session, not at every restart).
    private var toldSandboxGaps = false

    /// `callTimeout`: seconds one call into plugin code may run before the engine is killed.
    package init(executable: String, launch: EngineLaunch, callTimeout: Double) {
        self.executable = executable
        self.launch = launch
        openURLCommand = launch.openURLCommand
        self.launch.opensURLs = false
        self.launch.openURLCommand = nil
        limits = EngineProcess.Limits(callTimeout: callTimeout)
    }

    deinit { stop() }

    /// Starts the first engine of `executable` now, before its launch is known, so that its
    /// start overlaps the caller's (`EngineProcess.prestart`).
    package static func prestartEngine(executable: String) {
        EngineProcess.prestart(executable: executable)
    }

    package func start() throws(EngineStartFailure) -> EngineReady {
        var failures: [ContainedFailure] = []
        var ready = try startEngine(&failures)
        ready.failures = failures
        stateURL = ready.stateURL.isEmpty ? nil : ready.stateURL
        return ready
    }

    package func perform(_ request: EngineRequest, drawing: DrawingFormat?) -> EngineReply {
        var failures: [ContainedFailure] = []
        var reply = answer(EngineCall(request, drawing: drawing), &failures)
        reply.failures = failures
        return reply
    }

    @discardableResult
    package func stop() -> ContainedFailure? {
        defer { engine = nil }
        return engine?.stop()
    }

    // MARK: the policy

    private func answer(_ call: EngineCall, _ failures: inout [ContainedFailure]) -> EngineReply {
        while let engine {
            let failure: ContainedFailure
            do throws(ContainedFailure) {
                let reply = try engine.send(call)
                if !reply.stateURL.isEmpty { stateURL = reply.stateURL }
                // The routes are part of where the user is: a restarted engine gets them first.
                if let changes = reply.routeChanges { launch.routeChanges = changes }
                lastLibrary = reply.lastLibrary ?? lastLibrary
                for url in reply.urlsToOpen { ExternalURL.open(url, command: openURLCommand) }
                untracedInARow = 0
                // The device is not part of the state URL: a restarted engine starts on the one chosen last.
                if reply.succeeded, case .device(let kind) = call.request { launch.device = kind }
                if reply.succeeded, case .terminal(let size) = call.request { launch.terminal = size }
                return reply
            } catch {
                failure = error
            }
            let traced = recover(from: failure, &failures)
            guard self.engine != nil else { break }
            switch call.request.recovery {
            // Asked again only while each failure leaves out one more plugin, so this ends.
            case .repeated where traced: continue
            case .shown: return answer(EngineCall(.show, drawing: call.drawing), &failures)
            case .repeated, .failed: return .failed(failure.description)
            }
        }
        let why = startFailure.map { ": \($0)" } ?? ""
        return .failed("the engine could not be restarted\(why)")
    }

    /// After `failure`: leaves its plugin out, starts a new engine and brings it back to the last
    /// state URL (home when that state itself fails). Returns whether the failure was traced to
    /// a plugin; `engine` is nil when no engine could be started, or when an untraced failure
    /// comes twice in a row.
    private func recover(from failure: ContainedFailure, _ failures: inout [ContainedFailure]) -> Bool {
        engine = nil
        var failure = failure
        let traced = leaveOut(&failure)
        let index = failures.count
        failures.append(failure)
        if !traced {
            untracedInARow += 1
            guard untracedInARow < 2 else { return false }
        }
        while true {
            // The new engine starts where the last one was: only the screens of that state are made.
            launch.startURL = stateURL
            let ready: EngineReady
            do throws(EngineStartFailure) {
                ready = try startEngine(&failures)
            } catch {
                // An untraced failure while reaching the state: the state itself fails, go home.
                if stateURL != nil {
                    stateURL = nil
                    continue
                }
                startFailure = error.description
                return traced
            }
            stateURL = ready.stateURL.isEmpty ? nil : ready.stateURL
            failures[index].stateURL = stateURL
            return traced
        }
    }

    /// Starts an engine, leaving out each plugin that fails while it loads.
    private func startEngine(_ failures: inout [ContainedFailure]) throws(EngineStartFailure) -> EngineReady {
        while true {
            // Bounded per session, never per plugin name: a plugin that fails under another
            // name at every start (forging what the recorder says) cannot restart it forever.
            guard started < Self.maximumStarts else {
                throw EngineStartFailure(
                    "the engine was started \(started) times this session, the most there may be: a plugin keeps taking it down"
                )
            }
            started += 1
            let process = try EngineProcess(executable: executable, launch: launch, limits: limits)
            let message: EngineMessage
            do throws(ContainedFailure) {
                message = try process.handshake()
            } catch {
                var failure = error
                guard leaveOut(&failure) else {
                    throw EngineStartFailure("the engine failed while starting:\n\(failure)")
                }
                failures.append(failure)
                continue
            }
            switch message {
            case .ready(let ready):
                engine = process
                lastLibrary = ready.lastLibrary ?? lastLibrary
                if !toldSandboxGaps {
                    toldSandboxGaps = true
                    for gap in ready.sandboxGaps {
                        FileHandle.standardError.write(Data("plugboard: sandbox without \(gap)\n".utf8))
                    }
                }
                return ready
            case .fatal(let message): throw EngineStartFailure(message)
            case .reply: throw EngineStartFailure("the engine answered before it was ready")
            }
        }
    }

    /// Adds the plugin (or library) of the failed call to the exclusions; false when the
    /// failure cannot be traced to one, or it was already left out.
    @discardableResult
    private func leaveOut(_ failure: inout ContainedFailure) -> Bool {
        blame.assign(&failure, lastLibrary: lastLibrary)
        let reason = failure.call.map { "\(failure.reason) in \($0.function)" } ?? failure.reason
        if let plugin = failure.call?.plugin, launch.exclusions.plugins[plugin] == nil {
            launch.exclusions.plugins[plugin] = reason
            failure.leftOut = "plugin \"\(plugin)\""
            return true
        }
        if let library = failure.call?.library, failure.call?.plugin == nil, launch.exclusions.libraries[library] == nil
        {
            launch.exclusions.libraries[library] = reason
            failure.leftOut = "library \(library)"
            return true
        }
        return false
    }
}
