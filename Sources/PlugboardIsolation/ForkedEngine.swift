import CSandbox
import Foundation

/// `plugboard run`'s engine, forked before main (`pb_engine_fork_*` in `plugboard_sandbox.h`).
///
/// A supervised `run` used to start its engine as a new process of its own executable once main
/// ran: the dynamic linker and the Swift run-time started a second time, about 13 ms on the
/// way to the first screen. A constructor now forks the engine while the process still has one
/// thread; the forked process waits until the supervisor hands it its flight recorder and
/// scratch folder, then starts exactly as an `__engine` process: the same descriptors, its own
/// process group, its namespaces and its warden, and its main runs the engine. What it does not
/// get is a new address space: it shares the supervisor's layout (as Chromium's zygote children
/// share theirs), and has the memory of a process that has run nothing but its constructors.
package enum ForkedEngine {
    /// Whether this process is the engine forked before main.
    package static var isThisProcess: Bool { pb_engine_fork_is_engine() == 1 }

    /// In the forked engine: its scratch folder, if it has one.
    package static var scratch: String? { pb_engine_fork_scratch().map { String(cString: $0) } }

    /// In the supervisor: the forked engine, once, handed its recorder and scratch folder; nil
    /// when none was forked, it was taken, or it cannot be handed them (then it ends).
    package static func take(recorder: Int32, scratch: String?) -> ChildProcess? {
        var requests: Int32 = -1
        var replies: Int32 = -1
        var handOver: Int32 = -1
        let pid = pb_engine_fork_take(&requests, &replies, &handOver)
        guard pid > 0 else { return nil }
        let child = ChildProcess(adopting: pid, input: requests, output: replies)
        let sent = pb_engine_fork_hand_over(handOver, recorder, scratch)
        close(handOver)
        guard sent == 0 else { return nil }  // the child is killed and reaped as it goes
        return child
    }
}
