import Foundation
import PlugboardIsolation

/// The parent's side of a fork server (`CheckForkServer`): starts it for one library, sends it
/// each job with the files its process writes, and owns the time limit — when it passes, the
/// server is asked to kill the test's process, as the parent kills a fresh child.
final class ForkServerConnection {
    let library: String
    /// What the server could not apply of the sandbox (`CheckRunner.gapPrefix` lines).
    private(set) var gaps: [String] = []
    /// What the server printed while it loaded the library (a constructor's output): a fresh
    /// child's output starts with it, so each test's output does too.
    let loadingOutput: [Substring]
    private let process: ChildProcess
    private let channel: ForkServerChannel

    /// Why a library's tests run in fresh processes instead.
    struct Refusal: Error { var reason: String }

    /// Starts a server for `library` and waits (at most `timeout` seconds) until it has loaded
    /// it; it refuses when forking would be unsafe, or dies when a constructor crashes or exits.
    init(library: String, executable: String, outputPath: String, timeout: Double) throws(Refusal) {
        self.library = library
        do {
            let ends = try ForkServerChannel.pair()
            defer { ends.server.close() }  // the server has its own copy
            do {
                process = try ChildProcess(
                    executable: executable, arguments: ["__check-child", "--serve", library],
                    input: .descriptor(ends.server.descriptor), output: .file(outputPath), error: .withOutput)
            } catch {
                ends.parent.close()
                throw error
            }
            channel = ends.parent
        } catch {
            throw Refusal(reason: "the fork server could not start: \(error)")
        }
        var gaps: [String] = []
        while true {
            guard channel.isReadable(within: timeout) else {
                channel.close()
                throw Refusal(reason: "the fork server loaded nothing within \(CheckRunner.seconds(timeout))")
            }
            guard let reply = channel.receive()?.text else {
                channel.close()
                throw Refusal(
                    reason: "the fork server ended while it loaded the library (\(process.finish(within: timeout)))")
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

    /// Closing the socket ends the server (and the ChildProcess reaps it).
    deinit { channel.close() }

    /// How running one job ended.
    enum Run {
        case ended(ChildProcess.Ending)
        /// The job did not fit in one record: it runs in a fresh process.
        case tooLarge
        /// The server is gone: this and later jobs run in fresh processes.
        case lost(String)
    }

    /// Runs `job` (its seal key is `seal`) in a process forked for it, which writes `transcript`
    /// and `output` (descriptors the server receives); at most `timeout` seconds.
    func run(_ job: Data, seal: OutcomeSeal, transcript: Int32, output: Int32, timeout: Double) -> Run {
        let message = Array("job \(seal.hex)\n".utf8) + job
        let sent = channel.send(message, descriptors: [transcript, output])
        if sent == EMSGSIZE { return .tooLarge }
        guard sent == 0 else { return .lost("the fork server no longer answers (errno \(sent))") }
        guard channel.isReadable(within: timeout) else {
            channel.send("kill")
            // The server answers at once: its process is killed and reaped.
            guard channel.isReadable(within: max(timeout, 5)), ending(of: channel.receive()) != nil else {
                process.kill()
                return .lost("the fork server did not kill a test that ran out of time")
            }
            return .ended(.timedOut(seconds: timeout))
        }
        guard let reply = channel.receive() else {
            return .lost("the fork server ended (\(process.finish(within: timeout)))")
        }
        guard let ending = ending(of: reply) else {
            process.kill()
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
