import CSandbox
import Foundation

/// The process that forks `plugboard check`'s fork servers, started before main
/// (`pb_check_prestart` in `plugboard_sandbox.h`): its start — the dynamic linker binding every
/// symbol, the Swift run-time, the warm-up — then overlaps the parent's own start, the reading
/// of its command line and of the app, where it used to follow them.
package enum PrestartedForkServer {
    /// The process, once, when one was started before main and runs `executable`: the child, the
    /// parent's end of its socket, and the file in memory its output goes to (the caller's to
    /// close); nil otherwise (the caller starts one itself).
    package static func take(executable: String) -> (process: ChildProcess, channel: ForkServerChannel, output: Int32)?
    {
        var socket: Int32 = -1
        var output: Int32 = -1
        let pid = pb_check_prestart_take(executable, &socket, &output)
        guard pid > 0 else { return nil }
        return (ChildProcess(adopting: pid), ForkServerChannel(descriptor: socket), output)
    }

    /// What the process wrote to `output` (a file in memory), for the message that says why it
    /// did not start.
    package static func written(to output: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let count = bytes.withUnsafeMutableBytes { pread(output, $0.baseAddress, $0.count, 0) }
        return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
    }
}
