import Foundation
import PlugboardIsolation

/// The parent's side of the process that forks the libraries' servers
/// (`plugboard __check-child --serve`, `CheckForkServer.serve()`): one executable start per
/// check, where a start per library cost each library's server the executable's start, the
/// mapping of the Swift runtime and the filling of its caches. `plugboard check` starts it
/// before main (`PrestartedForkServer`); a check that finds none started starts it here.
final class ForkServerStarter: @unchecked Sendable {  // used under CheckRunner's lock
    private let process: ChildProcess
    private let channel: ForkServerChannel

    /// Takes the process started before main for `executable`, or starts one, and waits (at
    /// most `timeout` seconds) until it is ready. Its own output (nothing, unless it fails) goes
    /// to `outputPath` when it is started here.
    init(executable: String, outputPath: String, timeout: Double) throws(ForkServerConnection.Refusal) {
        if let prestarted = PrestartedForkServer.take(executable: executable) {
            (process, channel) = (prestarted.process, prestarted.channel)
            defer { close(prestarted.output) }
            try Self.waitUntilReady(channel, process, timeout: timeout) {
                PrestartedForkServer.written(to: prestarted.output)
            }
            return
        }
        do {
            let ends = try ForkServerChannel.pair()
            defer { ends.server.close() }  // the process has its own copy
            do {
                process = try ChildProcess(
                    executable: executable, arguments: ["__check-child", "--serve"],
                    input: .descriptor(ends.server.descriptor), output: .file(outputPath), error: .withOutput,
                    environment: ["LD_BIND_NOW": "1"])
            } catch {
                ends.parent.close()
                throw error
            }
            channel = ends.parent
        } catch {
            throw .init(reason: "the fork server could not start: \(error)")
        }
        try Self.waitUntilReady(channel, process, timeout: timeout) {
            (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        }
    }

    /// Waits until the process says `ready`; closes the channel and throws, with what it wrote
    /// (`said`), when it does not within `timeout` seconds.
    private static func waitUntilReady(
        _ channel: ForkServerChannel, _ process: ChildProcess, timeout: Double, said: () -> String
    ) throws(ForkServerConnection.Refusal) {
        guard channel.isReadable(within: timeout) else {
            channel.close()
            throw .init(reason: "the fork server was not ready within \(CheckRunner.seconds(timeout))")
        }
        guard let reply = channel.receive()?.text, reply == "ready" else {
            channel.close()
            let ending = process.finish(within: timeout)
            throw .init(reason: "the fork server did not start (\(ending)) \(said())")
        }
    }

    /// Closing the socket ends the process (the libraries' servers it forked end with their own
    /// sockets), and the ChildProcess reaps it.
    deinit { channel.close() }

    /// Forks a server for `library`, its output to `outputPath`; returns its pid and the
    /// parent's end of its socket.
    func server(for library: String, outputPath: String, timeout: Double) throws(ForkServerConnection.Refusal)
        -> (pid: pid_t, channel: ForkServerChannel)
    {
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .init(reason: "no output file for the fork server (errno \(errno))") }
        defer { close(output) }
        let ends: (parent: ForkServerChannel, server: ForkServerChannel)
        do {
            ends = try ForkServerChannel.pair()
        } catch {
            throw .init(reason: "no socket for the fork server: \(error)")
        }
        let sent = channel.send(Array("library \(library)".utf8), descriptors: [ends.server.descriptor, output])
        ends.server.close()  // the server has its own
        guard sent == 0, channel.isReadable(within: timeout), let reply = channel.receive()?.text,
            reply.hasPrefix("forked "), let pid = pid_t(reply.dropFirst(7))
        else {
            ends.parent.close()
            throw .init(reason: "the fork server forked no server for the library")
        }
        return (pid, ends.parent)
    }
}
