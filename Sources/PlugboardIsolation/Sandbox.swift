import CSandbox
import Foundation

/// What confines a child that runs plugin code — a supervised engine, a `check` child — applied
/// by the child itself before it loads any plugin (#31, first part):
/// - it dies with its parent (a thread waits on the parent's pidfd): no engine spins on,
///   orphaned, after the supervisor ends;
/// - a seccomp filter (`plugboard_sandbox.h`): a plugin can signal only its own process, and
///   cannot trace or read another (`kill(getppid(), SIGKILL)` and `SIGSTOP` fail with EPERM),
///   load kernel code, mount or reboot; `no_new_privs` is set first;
/// - resource limits: no core file, an address space of at most half the machine's memory
///   (4 GiB at least), so a runaway allocation fails in the engine instead of swapping the
///   machine.
///
/// Still open (#31): namespaces (the supervisor is visible in `/proc`), Landlock (every file
/// the user can read is readable), the network, exec.
package enum Sandbox {
    /// The environment variable that turns the sandbox off in every child (`--no-sandbox` sets
    /// it), for debugging a plugin with tools the filter refuses (strace, gdb).
    package static let disabledVariable = "PLUGBOARD_NO_SANDBOX"

    /// Confines this process. Returns the parts that could not be applied, each saying what that
    /// leaves open, for the child to report once; empty when all hold (or the sandbox is off).
    package static func confine() -> [String] {
        guard ProcessInfo.processInfo.environment[disabledVariable] == nil else { return [] }
        var missing: [String] = []
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)  // a crash is contained, not a core file
        var memory = rlimit(rlim_cur: addressSpaceLimit, rlim_max: addressSpaceLimit)
        if setrlimit(Int32(RLIMIT_AS.rawValue), &memory) != 0 {
            missing.append("the address-space limit (\(why(errno))): a plugin can use all the memory there is")
        }
        let death = pb_sandbox_die_with_parent()
        if death != 0 {
            missing.append("the parent watch (\(why(death))): an engine can outlive its supervisor")
        }
        let filter = pb_sandbox_install_filter(getpid())
        if filter != 0 {
            missing.append("the seccomp filter (\(why(filter))): a plugin can signal, stop or trace its supervisor")
        }
        return missing
    }

    /// Half the machine's memory, 4 GiB at least.
    static var addressSpaceLimit: rlim_t {
        let physical = UInt64(sysconf(Int32(_SC_PHYS_PAGES))) &* UInt64(sysconf(Int32(_SC_PAGESIZE)))
        return rlim_t(max(physical / 2, 4 << 30))
    }

    private static func why(_ code: Int32) -> String { String(cString: strerror(code)) }
}
