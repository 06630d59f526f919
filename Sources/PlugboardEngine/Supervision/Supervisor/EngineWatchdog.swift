import Foundation
import PlugboardIsolation

/// The supervisor's watchdog over one wait on the engine (a request, or the app's shutdown),
/// read from the flight recorder: a call into plugin code that makes no progress (no call
/// entered or returned) for the call time-out, the engine's own code silent for the host
/// time-out, and — since the recorder is written by code a plugin shares memory with, so the
/// progress it shows may be faked — the whole wait past the host time-out.
struct EngineWatchdog {
    /// What ran out, with its limit in seconds.
    enum Overdue {
        case call(Double)
        case engine(Double)
        case wait(Double)

        var seconds: Double {
            switch self {
            case .call(let limit), .engine(let limit), .wait(let limit): limit
            }
        }
    }

    private let limits: EngineProcess.Limits
    private let started = DispatchTime.now().uptimeNanoseconds
    private var since: UInt64
    private var lastProgress: (entered: UInt64, returned: UInt64, depth: Int)

    init(_ limits: EngineProcess.Limits, _ recorder: FlightRecorder) {
        self.limits = limits
        since = started
        lastProgress = recorder.progress
    }

    /// What has run out now; else how long to wait before looking again (milliseconds, at most
    /// 100, so the recorder is read at least ten times a second).
    mutating func look(_ recorder: FlightRecorder) -> Result<Int32, Overdue> {
        let progress = recorder.progress
        let now = DispatchTime.now().uptimeNanoseconds
        if progress != lastProgress {
            lastProgress = progress
            since = now
        }
        let inCall = progress.depth > 0
        let limit = inCall ? limits.callTimeout : limits.hostTimeout
        let waited = Double(now - since) / 1e9
        if waited >= limit { return .failure(inCall ? .call(limit) : .engine(limit)) }
        if Double(now - started) / 1e9 >= limits.hostTimeout { return .failure(.wait(limits.hostTimeout)) }
        return .success(Int32(min(100, max(1, (limit - waited) * 1000))))
    }
}

extension EngineWatchdog.Overdue: Error {}
