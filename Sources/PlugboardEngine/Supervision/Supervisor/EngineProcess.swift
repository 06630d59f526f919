import Foundation
@_spi(Layers) import PlugboardCore
import PlugboardIsolation

/// One engine process, seen from the supervisor: started with a launch (a `ChildProcess`, the
/// runner the harness uses too), asked one request at a time, watched while it answers. Whatever
/// the engine does — crash, `exit`, loop forever, print garbage — a request comes back as a reply
/// or a `ContainedFailure`; the supervisor is never ended or hung by it.
///
/// The watchdog reads the flight recorder while it waits: a call into plugin code that makes no
/// progress (no call entered or returned) for `callTimeout` seconds, or an engine that answers
/// nothing for `hostTimeout` seconds with no plugin call in flight, is killed with SIGKILL.
final class EngineProcess {
    struct Limits: Sendable {
        /// How long one call into plugin code may run (`--call-timeout`).
        var callTimeout: Double
        /// How long the engine's own code may take to answer, and the most a whole request may
        /// take, counted from when it was sent: no progress a plugin fakes in the recorder
        /// extends it.
        var hostTimeout: Double { max(10, 5 * callTimeout) }
    }

    private let child: ChildProcess
    private let requests: Int32
    private let replies: Int32
    private let recorder: FlightRecorder
    private let limits: Limits
    private var buffer = FrameBuffer()
    /// Opens the engine's frames after its hello: one it did not seal is a broken protocol.
    private var seal: FrameSeal
    /// What one `read` fills, kept for the process's life (replies may carry whole drawings).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var failure: ContainedFailure?
    private var isStopped = false
    /// The one folder the sandboxed engine may write (its `TMPDIR`), removed with the engine.
    private let scratch: EngineScratch?

    /// Starts `executable __engine` (or takes the one `prestart` started for it) and sends it the
    /// handshake and `launch`; `handshake()` then waits for it to load the app.
    init(executable: String, launch: EngineLaunch, limits: Limits) throws(EngineStartFailure) {
        self.limits = limits
        let started: Started
        if let prestarted = Prestarted.take(executable) {
            started = prestarted
        } else {
            started = try Started(executable: executable)
        }
        (child, recorder, seal, scratch) = (started.child, started.recorder, started.seal, started.scratch)
        requests = child.input!
        replies = child.output!
        // A dead engine is seen when its answer is read.
        EngineFrame.writeHandshake(ProtocolHello(), to: requests)
        EngineFrame.writeHandshake(seal.message, to: requests)
        EngineFrame.write(launch, to: requests)
    }

    /// Stopped first; `scratch` goes after, with the rest of this object.
    deinit { stop() }

    /// The engine's first messages: its protocol version (another one is refused, naming both),
    /// then ready, or the configuration error it cannot start with.
    func handshake() throws(ContainedFailure) -> EngineMessage {
        let hello = try receive(sealed: false) { payload throws(FrameError) in
            try EngineFrame.decodeHandshake(ProtocolHello.self, from: payload)
        }
        do throws(FrameError) {
            try hello.check()
        } catch {
            throw fail(.brokeProtocol(error.description))
        }
        let message = try receiveMessage()
        // Not sooner: while the engine starts, every processor is on the way to the first screen.
        scratch?.sweepSiblingsOnce()
        return message
    }

    /// Sends one request and waits for its reply under the watchdog.
    func send(_ call: EngineCall) throws(ContainedFailure) -> EngineReply {
        if let failure { throw failure }
        precondition(!isStopped, "a request to a stopped engine")
        guard EngineFrame.write(call, to: requests) else { throw fail(nil) }
        switch try receiveMessage() {
        case .reply(let reply): return reply
        case .fatal(let why): throw fail(.brokeProtocol(why))
        case .ready: throw fail(.brokeProtocol("a handshake where a reply was expected"))
        }
    }

    /// Ends the engine: standard input closes, and it shuts the app down (every instance's
    /// `destroy`) and exits. The shutdown is watched as a request is: a plugin call that makes no
    /// progress for the call time-out ends the engine with SIGKILL and is returned, and whatever
    /// is still running after the host time-out is killed. A forked engine that closed its
    /// replies has shut the app down: it is left to end (`ChildProcess.letEnd`), so that the
    /// supervisor need not wait while the kernel takes it apart.
    @discardableResult
    func stop() -> ContainedFailure? {
        guard !isStopped else { return nil }
        isStopped = true
        child.closeInput()
        guard failure == nil else { return nil }  // already ended and waited for
        switch watchShutdown() {
        case .hung(let failure): return failure
        case .closedItsReplies where child.letEnd(within: limits.hostTimeout): return nil
        case .closedItsReplies, .ended, .overdue:
            _ = child.finish(within: limits.hostTimeout)
            return nil
        }
    }

    /// How a shutdown the supervisor watched came out.
    private enum Shutdown {
        /// The engine closed its replies: its shutdown is over, and it is ending.
        case closedItsReplies
        /// Its process ended.
        case ended
        /// Its own code took longer than the host time-out (`finish` kills it).
        case overdue
        /// A plugin call made no progress for the call time-out: it was killed.
        case hung(ContainedFailure)
    }

    /// Waits until the engine closes its replies or its process ends, reading the recorder as
    /// `receive` does: a call into plugin code without progress for `callTimeout` is a failure;
    /// the engine's own code gets `hostTimeout`.
    private func watchShutdown() -> Shutdown {
        var watchdog = EngineWatchdog(limits, recorder)
        while true {
            let slice: Int32
            switch watchdog.look(recorder) {
            case .success(let milliseconds): slice = milliseconds
            case .failure(.call(let limit)): return .hung(fail(.timedOut(seconds: limit)))
            case .failure: return .overdue
            }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, slice) > 0 else {
                if child.hasEnded { return .ended }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count == 0 { return .closedItsReplies }
            if count < 0 && errno != EINTR && errno != EAGAIN { return .ended }
        }
    }

    // MARK: waiting

    /// Reads the engine's next sealed message under the watchdog.
    private func receiveMessage() throws(ContainedFailure) -> EngineMessage {
        try receive { payload throws(FrameError) in try EngineFrame.decode(EngineMessage.self, from: payload) }
    }

    /// Reads one frame under the watchdog and decodes its payload.
    private func receive<Message>(sealed: Bool = true, as decode: (Data) throws(FrameError) -> Message)
        throws(ContainedFailure) -> Message
    {
        if let failure { throw failure }
        var watchdog = EngineWatchdog(limits, recorder)
        while true {
            do throws(FrameError) {
                if let frame = try buffer.next() {
                    return try decode(sealed ? seal.open(frame) : frame)
                }
            } catch {
                var failure = fail(.brokeProtocol(error.description))
                if case .unsealed = error {
                    failure.tampering = .unsealedFrame
                    self.failure = failure
                }
                throw failure
            }
            let slice: Int32
            switch watchdog.look(recorder) {
            case .success(let milliseconds): slice = milliseconds
            case .failure(let overdue): throw fail(.timedOut(seconds: overdue.seconds))
            }
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, slice) > 0 else {
                // The engine's end is its process's, not the pipe's: a process it forked keeps
                // the pipe open. (A reply written just before the end is still read first.)
                if child.hasEnded, poll(&descriptor, 1, 0) == 0 { throw fail(nil) }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { throw fail(nil) }  // end of file: the engine is gone
            buffer.append(chunk[..<count])
        }
    }

    /// Ends the engine if it still runs (SIGKILL), waits for it, and says how it ended with the
    /// recorder's calls in flight and log lines. `ending` nil: it ended on its own.
    private func fail(_ ending: ContainedFailure.Ending?) -> ContainedFailure {
        if ending != nil { child.kill() }
        let ended = child.finish(within: limits.hostTimeout)
        let how = ending ?? ContainedFailure.Ending(ended)
        let calls = recorder.callsInFlight
        // The failed plugin's own lines ("acme warning: …"), not its neighbours'.
        let log = calls.last?.plugin.map { plugin in recorder.lastLogLines.filter { $0.hasPrefix("\(plugin) ") } } ?? []
        var failure = ContainedFailure(ending: how, calls: calls, log: log)
        if ending == nil, how == .exited(EngineChild.pipeReplacedStatus) { failure.tampering = .pipeReplaced }
        // Only an engine that ended on its own has a verdict from its warden (`FlightRecorder.fault`).
        if ending == nil, case .signal = how, let fault = recorder.fault { failure.faultingLibrary = fault.library }
        self.failure = failure
        return failure
    }
}

extension EngineProcess {
    /// An engine process started, not yet spoken to: it waits for the supervisor's hello, its
    /// session key and its launch on its standard input. Its scratch folder, its `TMPDIR`, is
    /// named on its command line, where its warden reads it to remove it when it ends
    /// (`EngineScratch`).
    struct Started {
        let child: ChildProcess
        let recorder: FlightRecorder
        let seal: FrameSeal
        let scratch: EngineScratch?

        init(executable: String) throws(EngineStartFailure) {
            do {
                recorder = try FlightRecorder(sealed: "plugboard-recorder")
            } catch {
                throw EngineStartFailure(error)
            }
            scratch = EngineScratch()
            do {
                child = try ChildProcess(
                    executable: executable,
                    arguments: ["__engine", "--recorder", recorder.sealedPath ?? ""]
                        + (scratch.map { ["--scratch", $0.path] } ?? []),
                    input: .pipe, output: .pipe)
            } catch {
                throw EngineStartFailure("cannot start the engine \(executable): \(error.localizedDescription)")
            }
            seal = FrameSeal()
        }

        /// The engine `plugboard run` forked before main (`ForkedEngine`), handed its recorder
        /// and scratch folder; nil when there is none to take.
        static func forked() -> Started? {
            guard let recorder = try? FlightRecorder(sealed: "plugboard-recorder"),
                let descriptor = recorder.sealedDescriptor
            else { return nil }
            let scratch = EngineScratch()
            guard let child = ForkedEngine.take(recorder: descriptor, scratch: scratch?.path) else { return nil }
            return Started(child: child, recorder: recorder, seal: FrameSeal(), scratch: scratch)
        }

        private init(child: ChildProcess, recorder: FlightRecorder, seal: FrameSeal, scratch: EngineScratch?) {
            (self.child, self.recorder, self.seal, self.scratch) = (child, recorder, seal, scratch)
        }
    }

    /// Starts an engine of `executable` now, before its launch is known, for the next
    /// `EngineProcess` of that executable to take: a command that will run a supervised engine
    /// calls it first thing, so the engine process's start (about a third of the supervised
    /// `run`'s start to its first screen) overlaps the parsing of the command line and the
    /// reading of the app; the engine `plugboard run` forked before main (`ForkedEngine`) is
    /// taken rather than another started. An engine nobody takes ends, without a word, when this
    /// process does (its standard input closes before its launch). Quietly does nothing when the
    /// engine cannot be started: the `EngineProcess` that needs it starts one and reports why not.
    static func prestart(executable: String) {
        guard let started = Started.forked() ?? (try? Started(executable: executable)) else { return }
        Prestarted.put(started, executable)
    }

    /// The one engine `prestart` started, until an `EngineProcess` takes it.
    private enum Prestarted {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var waiting: (executable: String, started: Started)?

        static func put(_ started: Started, _ executable: String) {
            lock.withLock { waiting = (executable, started) }
        }

        /// The waiting engine when it is of `executable` and has not ended.
        static func take(_ executable: String) -> Started? {
            lock.withLock {
                guard let engine = waiting, engine.executable == executable else { return nil }
                waiting = nil
                return engine.started.child.hasEnded ? nil : engine.started
            }
        }
    }
}
