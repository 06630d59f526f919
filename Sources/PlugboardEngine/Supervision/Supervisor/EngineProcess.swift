import Foundation
import PlugboardIsolation

/// One engine process, seen from the supervisor: started with a launch, asked one request at a
/// time, watched while it answers. Whatever the engine does — crash, `exit`, loop forever, print
/// garbage — a request comes back as a reply or a `ContainedFailure`; the supervisor is never
/// ended or hung by it.
///
/// The watchdog reads the flight recorder while it waits: a call into plugin code that makes no
/// progress (no call entered or returned) for `callTimeout` seconds, or an engine that answers
/// nothing for `hostTimeout` seconds with no plugin call in flight, is killed with SIGKILL.
final class EngineProcess {
    struct Limits: Sendable {
        /// How long one call into plugin code may run (`--call-timeout`).
        var callTimeout: Double
        /// How long the engine's own code may take to answer.
        var hostTimeout: Double { max(10, 5 * callTimeout) }
    }

    private let process = Process()
    private let requests: Int32
    private let replies: Int32
    private let recorder: FlightRecorder
    private let limits: Limits
    private let ended = DispatchSemaphore(value: 0)
    private var buffer: [UInt8] = []
    /// What one `read` fills, kept for the process's life (replies carry whole drawings).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var failure: ContainedFailure?
    private var isStopped = false

    /// Starts `executable __engine`; `handshake()` then waits for it to load the app.
    init(executable: String, launch: EngineLaunch, recorderPath: String, limits: Limits) throws(EngineStartFailure) {
        self.limits = limits
        do {
            recorder = try FlightRecorder(creatingAt: recorderPath)
        } catch {
            throw EngineStartFailure(error)
        }
        let launchJSON = String(decoding: (try? JSONEncoder().encode(launch)) ?? Data(), as: UTF8.self)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["__engine", "--launch", launchJSON, "--recorder", recorderPath]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is contained: no symbolication wait
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.terminationHandler = { [ended] _ in ended.signal() }
        // A write to an engine that just died must fail with EPIPE, not end the supervisor.
        signal(SIGPIPE, SIG_IGN)
        do {
            try process.run()
        } catch {
            throw EngineStartFailure("cannot start the engine \(executable): \(error.localizedDescription)")
        }
        requests = dup(input.fileHandleForWriting.fileDescriptor)
        replies = dup(output.fileHandleForReading.fileDescriptor)
        try? input.fileHandleForWriting.close()
        try? output.fileHandleForReading.close()
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
    }

    deinit {
        stop()
        close(replies)
    }

    /// The engine's first message: ready, or the configuration error it cannot start with.
    func handshake() throws(ContainedFailure) -> EngineMessage {
        try receive()
    }

    /// Sends one request and waits for its reply under the watchdog.
    func send(_ request: EngineRequest) throws(ContainedFailure) -> EngineReply {
        if let failure { throw failure }
        precondition(!isStopped, "a request to a stopped engine")
        var line = (try? JSONEncoder().encode(request)) ?? Data()
        line.append(UInt8(ascii: "\n"))
        let written = line.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(requests, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        guard written else { throw fail(nil) }
        switch try receive() {
        case .reply(let reply): return reply
        case .ready, .fatal: throw fail(.brokeProtocol("a handshake where a reply was expected"))
        }
    }

    /// Ends the engine: standard input closes (it shuts the app down and exits), and whatever is
    /// still running after the host time-out is killed.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        close(requests)
        guard failure == nil else { return }  // already ended and waited for
        if ended.wait(timeout: .now() + limits.hostTimeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
    }

    // MARK: waiting

    /// Reads one message line under the watchdog.
    private func receive() throws(ContainedFailure) -> EngineMessage {
        if let failure { throw failure }
        var lastProgress = recorder.progress
        var since = DispatchTime.now().uptimeNanoseconds
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let message = try? JSONDecoder().decode(EngineMessage.self, from: line) else {
                    throw fail(
                        .brokeProtocol("not a JSON message: \(String(decoding: line.prefix(80), as: UTF8.self))"))
                }
                return message
            }
            let progress = recorder.progress
            let now = DispatchTime.now().uptimeNanoseconds
            if progress != lastProgress {
                lastProgress = progress
                since = now
            }
            let limit = progress.depth > 0 ? limits.callTimeout : limits.hostTimeout
            let waited = Double(now - since) / 1e9
            if waited >= limit { throw fail(.timedOut(seconds: limit)) }
            // Wake at least every 100 ms to look at the recorder.
            var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let slice = Int32(min(100, max(1, (limit - waited) * 1000)))
            guard poll(&descriptor, 1, slice) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { throw fail(nil) }  // end of file: the engine is gone
            buffer += chunk[..<count]
        }
    }

    /// Ends the engine if it still runs (SIGKILL), waits for it, and says how it ended with the
    /// recorder's calls in flight and log lines. `ending` nil: it ended on its own.
    private func fail(_ ending: ContainedFailure.Ending?) -> ContainedFailure {
        if ending != nil { kill(process.processIdentifier, SIGKILL) }
        if ended.wait(timeout: .now() + limits.hostTimeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        let how =
            ending
            ?? (process.terminationReason == .uncaughtSignal
                ? .signal(process.terminationStatus) : .exited(process.terminationStatus))
        let calls = recorder.callsInFlight
        // The failed plugin's own lines ("acme warning: …"), not its neighbours'.
        let log = calls.last?.plugin.map { plugin in recorder.lastLogLines.filter { $0.hasPrefix("\(plugin) ") } } ?? []
        let failure = ContainedFailure(ending: how, calls: calls, log: log)
        self.failure = failure
        return failure
    }
}
