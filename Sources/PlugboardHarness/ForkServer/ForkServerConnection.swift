import Foundation
import PlugboardIsolation

/// The parent's side of a library's fork server (`CheckForkServer`): has it forked for one
/// library, sends it each job with the files its process writes, and owns the time limit —
/// when it passes, the server is asked to kill the test's process, as the parent kills a fresh
/// child.
final class ForkServerConnection: @unchecked Sendable {  // used by one worker at a time
    let library: String
    /// What the server could not apply of the sandbox (`CheckRunner.gapPrefix` lines).
    private(set) var gaps: [String] = []
    /// What the server printed while it loaded the library (a constructor's output): a fresh
    /// child's output starts with it, so each test's output does too.
    let loadingOutput: [Substring]
    /// The server's process, forked by the first fork server or by another library server (a
    /// copy, `clone`): this process can kill it but not wait for it.
    private let pid: pid_t
    private let channel: ForkServerChannel

    /// Why a library's tests run in fresh processes instead.
    struct Refusal: Error { var reason: String }

    /// Has `starter` fork a server for `library` and waits (at most `timeout` seconds) until it
    /// has loaded it; it refuses when forking would be unsafe, or dies when a constructor
    /// crashes or exits. Its output (a constructor's) goes to `outputPath`.
    init(library: String, starter: ForkServerStarter, outputPath: String, timeout: Double) throws(Refusal) {
        self.library = library
        (pid, channel) = try starter.server(for: library, outputPath: outputPath, timeout: timeout)
        var gaps: [String] = []
        while true {
            guard channel.isReadable(within: timeout) else {
                channel.close()
                _ = kill(pid, SIGKILL)
                throw Refusal(reason: "the fork server loaded nothing within \(CheckRunner.seconds(timeout))")
            }
            guard let reply = channel.receive()?.text else {
                channel.close()
                throw Refusal(reason: "the fork server (process \(pid)) ended while it loaded the library")
            }
            if reply.hasPrefix("gap ") {
                gaps.append(String(reply.dropFirst(4)))
            } else if reply == "ready" {
                break
            } else {
                channel.close()
                throw Refusal(reason: reply.hasPrefix("unsafe ") ? String(reply.dropFirst(7)) : reply)
            }
        }
        self.gaps = gaps
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        loadingOutput = output.split(separator: "\n")
    }

    private init(copyOf server: ForkServerConnection, pid: pid_t, channel: ForkServerChannel) {
        library = server.library
        gaps = server.gaps
        loadingOutput = server.loadingOutput
        self.pid = pid
        self.channel = channel
    }

    /// A copy of this server, forked by it, for another worker: it costs a `fork`, where a new
    /// server starts the executable, loads the library and warms up. Only between jobs.
    func clone(timeout: Double) throws(Refusal) -> ForkServerConnection {
        let ends: (parent: ForkServerChannel, server: ForkServerChannel)
        do {
            ends = try ForkServerChannel.pair()
        } catch {
            throw Refusal(reason: "no socket for a copy of the fork server: \(error)")
        }
        let sent = channel.send(Array("clone".utf8), descriptors: [ends.server.descriptor])
        ends.server.close()  // the copy has its own
        guard sent == 0, channel.isReadable(within: timeout), let reply = channel.receive()?.text,
            reply.hasPrefix("cloned "), let pid = pid_t(reply.dropFirst(7))
        else {
            ends.parent.close()
            throw Refusal(reason: "the fork server made no copy of itself")
        }
        return ForkServerConnection(copyOf: self, pid: pid, channel: ends.parent)
    }

    /// Closing the socket ends the server.
    deinit { channel.close() }

    /// How running one job ended.
    enum Run {
        case ended(ChildProcess.Ending)
        /// The job did not fit in one record: it runs in a fresh process.
        case tooLarge
        /// The server is gone: this and later jobs run in fresh processes.
        case lost(String)
    }

    /// Runs the job of `message` (`ForkedJob.Encoder`'s) in a process forked for it, which
    /// writes `transcript` and `output` (descriptors the server receives); at most `timeout`
    /// seconds.
    func run(_ message: [UInt8], transcript: Int32, output: Int32, timeout: Double) -> Run {
        let sent = channel.send(message, descriptors: [transcript, output])
        if sent == EMSGSIZE { return .tooLarge }
        guard sent == 0 else { return .lost("the fork server no longer answers (errno \(sent))") }
        guard channel.isReadable(within: timeout) else {
            channel.send("kill")
            // The server answers at once: its process is killed and reaped.
            guard channel.isReadable(within: max(timeout, 5)), ending(of: channel.receive()) != nil else {
                _ = kill(pid, SIGKILL)
                return .lost("the fork server did not kill a test that ran out of time")
            }
            return .ended(.timedOut(seconds: timeout))
        }
        guard let reply = channel.receive() else {
            return .lost("the fork server (process \(pid)) ended")
        }
        guard let ending = ending(of: reply) else {
            _ = kill(pid, SIGKILL)
            return .lost("the fork server answered '\(reply.text)'")
        }
        return .ended(ending)
    }

    /// The ending a server's reply reports; nil for anything else (the server is gone).
    private func ending(of record: ForkServerChannel.Record?) -> ChildProcess.Ending? {
        guard let parts = record?.text.split(separator: " "), parts.count == 2, let number = Int32(parts[1]) else {
            return nil
        }
        switch parts[0] {
        case "exited": return .exited(number)
        case "signaled": return .signaled(number)
        default: return nil
        }
    }
}
