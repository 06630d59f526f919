import CSandbox
import Foundation

/// One end of the socket pair between `plugboard check` and one of its fork servers: records
/// (`SOCK_SEQPACKET`, so a message is never split or merged) that can carry descriptors. The
/// server's end is its standard input, so it starts like any child (`ChildProcess`).
package struct ForkServerChannel: Sendable {
    package let descriptor: Int32

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// A connected pair, close-on-exec: no other child inherits either end, so each side sees
    /// the other's end as soon as it closes or dies.
    package static func pair() throws -> (parent: ForkServerChannel, server: ForkServerChannel) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return (ForkServerChannel(descriptor: ends[0]), ForkServerChannel(descriptor: ends[1]))
    }

    /// Sends `bytes` and `descriptors` as one record. Returns 0 or errno (EMSGSIZE: larger than
    /// the socket's buffer; EPIPE: the other end is gone).
    @discardableResult
    package func send(_ bytes: [UInt8], descriptors: [Int32] = []) -> Int32 {
        bytes.withUnsafeBytes { bytes in
            descriptors.withUnsafeBufferPointer {
                pb_fork_server_send(descriptor, bytes.baseAddress, bytes.count, $0.baseAddress, Int32($0.count))
            }
        }
    }

    @discardableResult
    package func send(_ text: String) -> Int32 { send(Array(text.utf8)) }

    /// A record and the descriptors it carried (the receiver owns them).
    package struct Record {
        package var bytes: [UInt8]
        package var descriptors: [Int32]
        package var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The next record, waiting for it; nil when the other end is gone (or the record did not
    /// fit in `capacity` bytes).
    package func receive(capacity: Int = 1 << 20) -> Record? {
        var descriptors = [Int32](repeating: -1, count: Int(PB_FORK_SERVER_MAX_DESCRIPTORS))
        var count: Int32 = 0
        var length = 0
        // Its length first (a record is never split): a megabyte made for every record of a few
        // bytes cost more than the record.
        var waiting: Int
        repeat {
            waiting = recv(descriptor, nil, 0, Int32(MSG_PEEK) | Int32(MSG_TRUNC))
        } while waiting < 0 && errno == EINTR
        let size = min(capacity, max(1, waiting))
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            length = pb_fork_server_receive(descriptor, buffer.baseAddress, buffer.count, &descriptors, &count)
            initialized = max(0, length)
        }
        let received = Array(descriptors.prefix(Int(count)))
        guard length > 0 else {
            received.forEach { _ = Foundation.close($0) }
            return nil
        }
        return Record(bytes: bytes, descriptors: received)
    }

    /// True when a record (or the other end's close) arrives within `seconds`.
    package func isReadable(within seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while true {
            let left = max(0, Double(deadline.uptimeNanoseconds) - Double(DispatchTime.now().uptimeNanoseconds)) / 1e6
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, Int32(min(left.rounded(.up), Double(Int32.max))))
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    package func close() { _ = Foundation.close(descriptor) }
}

/// The fork server's process calls: what a server does between receiving a job and reporting how
/// its process ended.
package enum ForkServerProcess {
    /// Makes this process the reaper of whatever its descendants orphan (a process a library's
    /// constructor started, then left by a double fork, is still seen as a child).
    package static func becomeSubreaper() -> Int32 { pb_fork_server_become_subreaper() }

    /// Reaps the processes this one started that have ended, without waiting.
    package static func reapEnded() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }

    /// True when a process this one started still runs.
    package static var hasChildren: Bool { pb_fork_server_has_children() != 0 }

    /// Kills and reaps every process this one started, and the orphans it reaps as a subreaper.
    package static func killChildren() { pb_fork_server_kill_children() }

    /// `fork(2)`.
    package static func fork() -> pid_t { pb_fork_server_fork() }

    /// Runs `body` on a new thread (`pb_fork_server_run_on_new_thread` says why), or on this
    /// one when no thread can be made; ends the process (status 0) if the thread ends without.
    package static func onNewThread(_ body: @escaping () -> Never) -> Never {
        final class Body {
            let run: () -> Never
            init(_ run: @escaping () -> Never) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pb_fork_server_run_on_new_thread(
            { Unmanaged<Body>.fromOpaque($0!).takeRetainedValue().run() }, context)
        guard status != 0 else { _exit(0) }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    }

    /// A file in memory for a forked test to write (`pb_fork_server_scratch`); the caller owns
    /// the descriptor.
    package static func scratch(_ name: String, append: Bool) throws -> Int32 {
        let descriptor = pb_fork_server_scratch(name, append ? 1 : 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// Everything written to `descriptor`, a file, read from its start (as UTF-8, repaired).
    package static func contents(of descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for `child` to end; meanwhile a "kill" record on `channel` kills it (the parent's
    /// time limit). Returns how it ended, or nil when the parent is gone (the child is killed).
    package static func wait(for child: pid_t, killedBy channel: ForkServerChannel) -> ChildProcess.Ending? {
        var status: Int32 = 0
        guard pb_fork_server_wait(child, channel.descriptor, &status) == 0 else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// How many threads this process has.
    package static var threadCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count ?? 0
    }
}
