import Foundation
import Testing

@testable import PlugboardIsolation

/// A child this process forked rather than started (`ChildProcess(adopting:)`, the engine a
/// supervised `run` forks before main): watched, killed and reaped as a started one, and when it
/// says it is ending, let end without anyone waiting — but never left to run on.
@Suite struct AdoptedChildTests {
    /// `/bin/sh -c SCRIPT` started with posix_spawn, as a fork would leave it (not Foundation's),
    /// its standard input and output pipes.
    static func adopt(_ script: String) throws -> (ChildProcess, pid_t) {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
        // Kept out of every other child the tests start meanwhile: a copy of the input's writing
        // end in another process would keep a child reading it from ever seeing its end.
        (input + output).forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        [input[1], output[0]].forEach { posix_spawn_file_actions_addclose(&actions, $0) }
        var pid: pid_t = 0
        let words = ["/bin/sh", "-c", script]
        var arguments = words.map { strdup($0) }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, environ)
        [input[0], output[1]].forEach { close($0) }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return (ChildProcess(adopting: pid, input: input[1], output: output[0]), pid)
    }

    /// Whether `pid` is gone, reaped; waits up to a minute (a bound, not a timing).
    static func isReaped(_ pid: pid_t) -> Bool {
        for _ in 0..<6_000 {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func anAdoptedChildEndsAsAStartedOne() throws {
        #expect(try Self.adopt("exit 7").0.wait() == .exited(7))
        #expect(try Self.adopt("kill -SEGV $$").0.wait() == .signaled(SIGSEGV))
        let (child, _) = try Self.adopt("exec sleep 60")
        #expect(child.wait(timeout: 0) == nil)
        #expect(child.finish(within: 0.05) == .timedOut(seconds: 0.05))
    }

    @Test func aChildLetEndIsReapedOnceItHasEnded() throws {
        var (child, pid) = try Self.adopt("read line")  // ends when its input closes
        #expect(child.letEnd(within: 60))
        child.closeInput()
        child = try Self.adopt("true").0  // the first one dropped: neither killed nor waited for
        #expect(Self.isReaped(pid))
    }

    @Test func aChildLetEndThatRunsOnIsKilled() throws {
        let (child, pid) = try Self.adopt("exec sleep 600")
        #expect(child.letEnd(within: 0.05))
        #expect(Self.isReaped(pid))
    }

    @Test func aStartedChildIsNeverLetEnd() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["600"])
        #expect(!child.letEnd(within: 0.05))
        #expect(child.finish(within: 0.05) == .timedOut(seconds: 0.05))
    }
}
