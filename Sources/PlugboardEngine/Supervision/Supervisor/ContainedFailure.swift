import Foundation
@_spi(Layers) import PlugboardCore
import PlugboardIsolation

/// An engine process that died or stopped answering, as the supervisor tells it: how it ended,
/// the calls into plugin code in flight (read from the flight recorder after the process is
/// gone), the plugins' last log lines, and what the supervisor did about it.
package struct ContainedFailure: Error, Sendable, Codable, Equatable {
    package enum Ending: Sendable, Codable, Equatable {
        /// Killed by a signal (SIGSEGV, SIGABRT, …).
        case signal(Int32)
        /// Called `exit` (or returned from `main`) with this status without being asked to.
        case exited(Int32)
        /// Killed by the watchdog: a call into plugin code ran longer than `seconds`, or (with no
        /// call in flight) the engine did not answer for `seconds`.
        case timedOut(seconds: Double)
        /// Answered something that is not a reply (`reason` says what).
        case brokeProtocol(String)

        /// How an engine process that ended on its own ended.
        init(_ ending: ChildProcess.Ending) {
            switch ending {
            case .signaled(let signal): self = .signal(signal)
            case .exited(let status): self = .exited(status)
            case .timedOut(let seconds): self = .timedOut(seconds: seconds)
            }
        }
    }

    package var ending: Ending
    /// The calls into plugin code in flight, outermost first; the last one failed.
    package var calls: [PluginCall]
    /// The plugins' last log lines, oldest first.
    package var log: [String]
    /// What the restarted engine leaves out: `plugin "x"`, `library "/p/libX.so"`, or nil when the
    /// failure could not be traced to a plugin.
    package var leftOut: String?
    /// Where the user is after the restart (the state URL the engine was brought back to).
    package var stateURL: String?
    /// The library whose code faulted, as the engine's warden saw it (nil: no fault seen).
    package var faultingLibrary: String?
    /// How the engine's replies were tampered with, when they were: what a plugin did to the
    /// pipe the supervisor reads (nil: nothing seen).
    package var tampering: Tampering?

    package enum Tampering: String, Sendable, Codable, Equatable {
        /// A frame without the session's seal: something other than the engine's code wrote it.
        case unsealedFrame = "a frame the engine did not seal"
        /// The engine found its reply or request pipe replaced (closed, or another file put
        /// over its descriptor) and ended with `EngineChild.pipeReplacedStatus`.
        case pipeReplaced = "its pipes replaced under it"
    }

    package init(ending: Ending, calls: [PluginCall], log: [String]) {
        self.ending = ending
        self.calls = calls
        self.log = log
    }

    /// The call that failed.
    package var call: PluginCall? { calls.last }

    /// `SIGSEGV`, `exit(0)`, `no return within 2 s`.
    package var reason: String {
        switch ending {
        case .signal(let signal): SignalName.of(signal)
        case .exited(let status): "exit(\(status))"
        case .timedOut(let seconds):
            call == nil
                ? "no answer within \(Self.format(seconds)) s"
                : "no return within \(Self.format(seconds)) s (--call-timeout)"
        case .brokeProtocol(let why): "a broken reply (\(why))"
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

extension ContainedFailure: CustomStringConvertible {
    /// `plugin "acme" (library /p/libAcme.so) failed: SIGSEGV in create of screen "acme"`, then
    /// its last log lines and what happens next, each on its own line.
    package var description: String {
        var lines: [String] = []
        if let call {
            let who =
                call.plugin.map { "plugin \"\($0)\"" + (call.library.map { " (library \($0))" } ?? "") }
                ?? call.library.map { "library \($0)" } ?? "plugin code"
            lines.append("\(who) failed: \(reason) in \(call)")
        } else {
            lines.append("the engine failed: \(reason), with no call into plugin code in flight")
        }
        if !log.isEmpty { lines += ["  last log lines:"] + log.map { "    \($0)" } }
        if let leftOut {
            lines.append("  restarted without \(leftOut)" + (stateURL.map { ", back at \($0)" } ?? ""))
        } else if let stateURL {
            lines.append("  restarted, back at \(stateURL)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The JSON event a script sees for a contained failure (`run --json`, `--script`, standard
/// input): `{"event":"plugin_failed", "plugin":…, "library":…, "call":…, "reason":…, …}`.
package struct FailureEvent: Encodable {
    package let event = "plugin_failed"
    package var plugin: String?
    package var kind: PluginKind?
    package var library: String?
    /// The C function in flight, e.g. `will_appear`.
    package var call: String?
    /// `signal`, `exit`, `timeout` or `protocol`.
    package var reason: String
    package var signal: String?
    package var exitStatus: Int32?
    package var timeoutSeconds: Double?
    package var log: [String]
    package var leftOut: String?
    package var stateURL: String?
    /// The same, as the text on standard error.
    package var message: String

    package init(_ failure: ContainedFailure) {
        plugin = failure.call?.plugin
        kind = failure.call?.kind
        library = failure.call?.library
        call = failure.call?.function
        switch failure.ending {
        case .signal(let number):
            reason = "signal"
            signal = SignalName.of(number)
        case .exited(let status):
            reason = "exit"
            exitStatus = status
        case .timedOut(let seconds):
            reason = "timeout"
            timeoutSeconds = seconds
        case .brokeProtocol: reason = "protocol"
        }
        log = failure.log
        leftOut = failure.leftOut
        stateURL = failure.stateURL
        message = failure.description
    }

    enum CodingKeys: String, CodingKey {
        case event, plugin, kind, library, call, reason, signal, log, message
        case exitStatus = "exit_status", timeoutSeconds = "timeout_seconds", leftOut = "left_out", stateURL =
            "state_url"
    }
}
