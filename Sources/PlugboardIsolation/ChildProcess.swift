import CSandbox
import Foundation

/// A child process of this one — a conformance check, a supervised engine — started with the
/// descriptors it needs, watched and reaped. However it ends (an exit, a signal, the watchdog's
/// SIGKILL) the parent learns how, and is never ended or hung by it: the one mechanism the
/// harness and the supervisor share.
///
/// Foundation's `Process` spawns and reaps it; its termination handler only signals, so any
/// thread may wait with a time limit. A crash is a result to report, not a backtrace to
/// symbolicate, so the child runs with `SWIFT_BACKTRACE=enable=no`.
package final class ChildProcess {
    /// What the child reads on standard input.
    package enum Input: Sendable {
        /// `/dev/null`: a child that asks for input gets end of file.
        case nothing
        /// A pipe whose writing end is `input`.
        case pipe
        /// This descriptor (a fork server's socket); the caller keeps and closes its copy.
        case descriptor(Int32)
    }

    /// Where the child's standard output goes.
    package enum Output: Sendable {
        case inherited
        /// A pipe whose reading end is `output`.
        case pipe
        /// A file, created or emptied first.
        case file(String)
    }

    /// Where the child's standard error goes.
    package enum ErrorOutput: Sendable {
        case inherited
        /// Wherever standard output goes.
        case withOutput
    }

    /// How a child ended.
    package enum Ending: Equatable, Sendable, CustomStringConvertible {
        /// `exit` (or a return from `main`) with this status.
        case exited(Int32)
        /// Killed by a signal (SIGSEGV, SIGABRT, …).
        case signaled(Int32)
        /// Still running after `seconds`: killed with SIGKILL.
        case timedOut(seconds: Double)

        /// `exit(3)`, `SIGSEGV`, `no end within 2 s`.
        package var description: String {
            switch self {
            case .exited(let status): "exit(\(status))"
            case .signaled(let signal): SignalName.of(signal)
            case .timedOut(let seconds):
                "no end within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
            }
        }
    }

    /// The writing end of the child's standard input (`Input.pipe`), close-on-exec.
    package let input: Int32?
    /// The reading end of the child's standard output (`Output.pipe`), close-on-exec.
    package let output: Int32?
    /// Foundation's process, for a child this one started; nil for one it adopted.
    private let process: Process?
    /// An adopted child's pid, and a pidfd that becomes readable when it ends.
    private let adopted: (pid: pid_t, pidfd: Int32)?
    private let ended = DispatchSemaphore(value: 0)
    private var ending: Ending?

    /// This process's child `pid`, forked or started before main rather than by Foundation
    /// (`ForkedEngine`, the check's fork servers), with the writing end of its standard input
    /// and the reading end of its standard output when they are pipes; it is watched, killed and
    /// reaped as a started one is.
    package init(adopting pid: pid_t, input: Int32? = nil, output: Int32? = nil) {
        process = nil
        adopted = (pid, pb_process_descriptor(pid))
        self.input = input
        self.output = output
        signal(SIGPIPE, SIG_IGN)  // as for a started child's pipe
    }

    /// The child's pid.
    private var pid: pid_t { adopted?.pid ?? process!.processIdentifier }

    /// Starts `executable` with `arguments`, and `environment` added to this process's; throws
    /// when it cannot be started.
    package init(
        executable: String, arguments: [String], input: Input = .nothing, output: Output = .inherited,
        error: ErrorOutput = .inherited, environment added: [String: String] = [:]
    ) throws {
        let process = Process()
        self.process = process
        adopted = nil
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        // The child's ends of the pipes, closed here once it has its own copies.
        var childEnds: [Int32] = []
        var ourInput: Int32?
        var ourOutput: Int32?
        var started = false
        defer {
            childEnds.forEach { close($0) }
            if !started { [ourInput, ourOutput].compactMap { $0 }.forEach { close($0) } }
        }
        switch input {
        case .nothing: process.standardInput = FileHandle.nullDevice
        case .pipe:
            let (read, write) = try Self.pipe()
            childEnds.append(read)
            ourInput = write
            process.standardInput = FileHandle(fileDescriptor: read, closeOnDealloc: false)
            // A write to a child that just died must fail with EPIPE, not end this process.
            signal(SIGPIPE, SIG_IGN)
        case .descriptor(let descriptor):
            process.standardInput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        }
        let outputHandle: FileHandle?
        switch output {
        case .inherited: outputHandle = nil
        case .pipe:
            let (read, write) = try Self.pipe()
            childEnds.append(write)
            ourOutput = read
            outputHandle = FileHandle(fileDescriptor: write, closeOnDealloc: false)
        case .file(let path):
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            childEnds.append(descriptor)
            outputHandle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        }
        if let outputHandle {
            process.standardOutput = outputHandle
            if case .withOutput = error { process.standardError = outputHandle }
        }
        process.terminationHandler = { [ended] _ in ended.signal() }
        try process.run()
        started = true
        self.input = ourInput
        self.output = ourOutput
    }

    deinit {
        if !isLeftToEnd {
            kill()
            if ending == nil { _ = wait() }
        }
        closeInput()
        if let output { close(output) }
        // A child left to end: the thread that reaps it closes its pidfd.
        if !isLeftToEnd, let pidfd = adopted?.pidfd, pidfd >= 0 { close(pidfd) }
    }

    /// Closes the child's standard input: a child reading it sees end of file.
    package func closeInput() {
        guard let input, !isInputClosed else { return }
        isInputClosed = true
        close(input)
    }

    private var isInputClosed = false

    /// How the child ended, once it has: waits at most `timeout` seconds; nil when it still runs.
    ///
    /// Foundation learns of the end through a descriptor the child inherits, so a process the
    /// child forked can hold it open long after the child is gone; every 10 ms the kernel is
    /// asked as well (`waitid` without reaping: Foundation still reaps it).
    package func wait(timeout: Double) -> Ending? {
        if let ending { return ending }
        if adopted != nil { return waitAdopted(timeout: timeout) }
        let deadline = DispatchTime.now() + timeout
        while true {
            if ended.wait(timeout: min(deadline, .now() + .milliseconds(10))) == .success { return reap() }
            if let kernel = endedByKernel() {
                ending = kernel
                return kernel
            }
            if DispatchTime.now() >= deadline { return nil }
        }
    }

    /// True once the child has ended (it is not waited for).
    package var hasEnded: Bool { wait(timeout: 0) != nil }

    /// Waits for the child to end, however long it takes.
    package func wait() -> Ending {
        while true {
            if let ending = wait(timeout: 3_600) { return ending }
        }
    }

    /// How the kernel says the child ended, without reaping it; nil while it runs.
    private func endedByKernel() -> Ending? {
        var info = siginfo_t()
        let options = WEXITED | WNOHANG | WNOWAIT
        guard waitid(P_PID, id_t(pid), &info, options) == 0 else {
            return nil  // ECHILD: Foundation reaped it, and its handler tells the end
        }
        guard info._sifields._sigchld.si_pid != 0 else { return nil }
        let status = info._sifields._sigchld.si_status
        return info.si_code == Int32(CLD_EXITED) ? .exited(status) : .signaled(status)
    }

    /// Waits at most `timeout` seconds; a child still running then is killed and reported as
    /// `timedOut` (the watchdog of a child that must finish on its own).
    package func finish(within timeout: Double) -> Ending {
        if let ending = wait(timeout: timeout) { return ending }
        kill()
        _ = wait()
        ending = .timedOut(seconds: timeout)
        return .timedOut(seconds: timeout)
    }

    /// Lets a forked child that is ending on its own (it said so: an engine that closed its
    /// replies after its shutdown) end without this thread waiting: another thread reaps it, or
    /// kills it with SIGKILL if it has not ended within `timeout` seconds (the pid stays its
    /// own until it is reaped there), and dropping this object neither kills it nor waits.
    /// Returns false, and does nothing, for a child Foundation started (Foundation reaps it, so
    /// its pid could name another process by the time a late SIGKILL went out) or one without a
    /// pidfd to wait on (a kernel before 5.3).
    package func letEnd(within timeout: Double) -> Bool {
        guard ending == nil, !isLeftToEnd, let (pid, pidfd) = adopted, pidfd >= 0 else { return false }
        isLeftToEnd = true
        let milliseconds = Int32(min(timeout * 1_000, Double(Int32.max)))
        DispatchQueue.global(qos: .utility).async {
            var descriptor = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, milliseconds) == 0 { Foundation.kill(pid, SIGKILL) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            close(pidfd)
        }
        return true
    }

    private var isLeftToEnd = false

    /// Sends SIGKILL to a child that has not ended yet.
    package func kill() {
        guard ending == nil, !isLeftToEnd, process?.isRunning ?? (endedByKernel() == nil) else { return }
        Foundation.kill(pid, SIGKILL)
    }

    /// A started child's end, as Foundation reaped it.
    private func reap() -> Ending {
        let process = process!  // only started children are reaped by Foundation
        let ending: Ending =
            process.terminationReason == .uncaughtSignal
            ? .signaled(process.terminationStatus) : .exited(process.terminationStatus)
        self.ending = ending
        return ending
    }

    /// `wait(timeout:)` for an adopted child: its pidfd is polled, and it is reaped once ended.
    private func waitAdopted(timeout: Double) -> Ending? {
        guard let (pid, pidfd) = adopted else { return nil }
        let deadline = DispatchTime.now() + timeout
        while true {
            if endedByKernel() != nil {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
                let ending: Ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
                self.ending = ending
                return ending
            }
            let left = Int64(deadline.uptimeNanoseconds) - Int64(DispatchTime.now().uptimeNanoseconds)
            if left <= 0 { return nil }
            // Without a pidfd (a kernel before 5.3), the kernel is asked every 10 ms.
            var descriptor = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left / 1_000_000 + 1, pidfd >= 0 ? 1_000 : 10))
            if pidfd >= 0 { _ = poll(&descriptor, 1, milliseconds) } else { usleep(UInt32(milliseconds) * 1_000) }
        }
    }

    /// A pipe whose ends are closed in every child started later (close-on-exec): an engine must
    /// see end of file when its supervisor closes its input, whatever else was started meanwhile.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Foundation.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
