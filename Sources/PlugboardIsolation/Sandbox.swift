import CSandbox
import Foundation
@_spi(Layers) import PlugboardCore

/// What confines a child that runs plugin code — a supervised engine, a library probe, a `check`
/// child — applied by the child itself after it has read its launch and before it loads any
/// plugin (#31). Each part is in `plugboard_sandbox.h`:
/// - resource limits: no core file, an address space of half the machine's memory (4 GiB at
///   least) or the granted limit, the granted number of open files;
/// - new user, IPC and (unless the network is granted) network namespaces — the first two
///   entered before main, where the process still has one thread, as the kernel requires;
/// - an engine's warden, its parent since before main, traces it and names the library whose
///   code faulted (`pb_sandbox_start_warden`);
/// - it dies with its parent (a thread waits on the parent's pidfd);
/// - Landlock: it reads only the system's libraries and configuration, the folders of the code
///   it has mapped, its app and plugin folders and what `SandboxGrants` adds; it writes only
///   its scratch folder and granted folders; ungranted, no TCP; no signal or abstract socket
///   out of the sandbox;
/// - a seccomp filter: signals to itself only, no ptrace, exec, new process, namespace change,
///   kernel code, mount; ungranted, no internet socket; `no_new_privs`.
///
/// `plugboard check`'s fork servers are confined in two layers (`confineServer`, then
/// `confineForked` in each process they fork) that add up to `confine`'s rules for every test;
/// the server itself, where a library's constructors run, may fork, `unshare`, signal any
/// process and read all of /proc (docs/check.md, "How each test is isolated").
///
/// No PID namespace: the engine would be its namespace's init, for which the kernel drops the
/// signals it sends itself without a handler — `abort()` would no longer end it. The filter
/// and Landlock already keep it from signalling or seeing other processes, and it cannot make
/// any, so a PID namespace would add nothing here.
package enum Sandbox {
    /// The environment variable that turns the sandbox off in every child (`--no-sandbox` sets
    /// it), for debugging a plugin with tools the filter refuses (strace, gdb).
    package static let disabledVariable = "PLUGBOARD_NO_SANDBOX"

    /// Confines this process to `grants`, writing only in `scratch` (an engine's folder, made a
    /// file system in memory of `grants`' scratch limit, this process's alone) and the granted
    /// folders. Returns the parts that could not be applied, each saying what that leaves open,
    /// for the child to report once; empty when all hold (or the sandbox is off). Call it before
    /// any plugin is loaded.
    package static func confine(_ grants: SandboxGrants, readable: [String] = [], scratch: String? = nil)
        -> [String]
    {
        guard !isDisabled else { return [] }
        var missing = limitAndEnterNamespaces(grants)
        if let scratch {
            let limit = grants.scratchLimitMiB ?? SandboxGrants.defaultScratchLimitMiB
            let mounted = pb_sandbox_mount_scratch(scratch, UInt64(limit) << 10)
            if mounted != 0 {
                missing.append(
                    "the scratch folder's limit (\(why(mounted))): plugins can fill the disk beneath \(scratch)")
            }
        }
        let warden = pb_sandbox_warden_status()  // an engine's; -1 elsewhere
        if warden > 0 {
            missing.append(
                "the warden's ptrace (\(why(warden))): a crash is blamed on what the flight recorder names, which a plugin can write"
            )
        }
        missing += dieWithParent()
        missing += restrictFiles(grants, readable: readable, writable: scratch.map { [$0] } ?? [])
        missing += filter(pb_sandbox_install_filter(getpid(), grants.network ? 1 : 0))
        return missing
    }

    /// Confines a fork server (`plugboard check`'s, one per library) as far as a process that
    /// forks may be: the limits and namespaces of `confine`, Landlock with all of /proc readable
    /// (its `/proc/self` is not its children's), and the filter's variant that still lets it
    /// make processes, give them namespaces and signal them (`pb_sandbox_install_server_filter`).
    /// It watches its parent through its socket, not with a thread: a process that forks must
    /// have one thread. Each process it forks completes the confinement (`confineForked`).
    /// Returns the parts that could not be applied, as `confine` does.
    package static func confineServer(_ grants: SandboxGrants, readable: [String] = []) -> [String] {
        guard !isDisabled else { return [] }
        return limitAndEnterNamespaces(grants) + restrictFiles(grants, readable: readable + ["/proc"], writable: [])
            + filter(pb_sandbox_install_server_filter(grants.network ? 1 : 0))
    }

    /// Completes, in a process a fork server forked, the confinement of a fresh child (`confine`
    /// with the same arguments): an IPC namespace of its own (`pb_sandbox_unshare_forked` says
    /// why not a network one), death with its parent, the server `server` (a signal, not a
    /// thread: `pb_sandbox_die_with_forking_parent`), Landlock's rules over the server's (layers
    /// stack: only what both allow is allowed) and, over the server's variant of the filter, the
    /// rules that make it the whole filter (`pb_sandbox_install_forked_filter`). The limits it
    /// inherits. Returns the parts that could not be applied.
    package static func confineForked(_ grants: SandboxGrants, readable: [String] = [], server: pid_t) -> [String] {
        guard !isDisabled else { return [] }
        var missing: [String] = []
        let namespaces = pb_sandbox_unshare_forked()
        if namespaces != 0 {
            missing.append("namespaces of its own (\(why(namespaces))): the tests of a library share IPC objects")
        }
        let death = pb_sandbox_die_with_forking_parent(server)
        if death != 0 { missing.append("the parent watch (\(why(death))): a test can outlive its fork server") }
        return missing + restrictFiles(grants, readable: readable, writable: [])
            + filter(pb_sandbox_install_forked_filter(getpid()))
    }

    /// True when `--no-sandbox` turned the sandbox off. Read with `getenv`: Foundation's
    /// environment dictionary is built anew on every read, in every test process.
    private static var isDisabled: Bool { getenv(disabledVariable) != nil }

    /// The resource limits, and the namespaces the constructor did not enter.
    private static func limitAndEnterNamespaces(_ grants: SandboxGrants) -> [String] {
        var missing: [String] = []
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)  // a crash is contained, not a core file
        let bytes = grants.memoryLimitMiB.map { rlim_t($0) << 20 } ?? addressSpaceLimit
        var memory = rlimit(rlim_cur: bytes, rlim_max: bytes)
        if setrlimit(Int32(RLIMIT_AS.rawValue), &memory) != 0 {
            missing.append("the address-space limit (\(why(errno))): a plugin can use all the memory there is")
        }
        if let openFiles = grants.openFiles {
            var files = rlimit(rlim_cur: rlim_t(openFiles), rlim_max: rlim_t(openFiles))
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) != 0 {
                missing.append("the open-file limit (\(why(errno))): a plugin can open all the files it may")
            }
        }
        let namespaces = pb_sandbox_unshare(grants.network ? 1 : 0)
        if namespaces != 0 {
            let network = grants.network ? "" : "; UDP and other non-TCP sockets reach the network"
            missing.append("namespaces (\(why(namespaces))): plugins share IPC with the supervisor\(network)")
        }
        return missing
    }

    private static func dieWithParent() -> [String] {
        let death = pb_sandbox_die_with_parent()
        return death == 0 ? [] : ["the parent watch (\(why(death))): an engine can outlive its supervisor"]
    }

    private static func filter(_ status: Int32) -> [String] {
        guard status != 0 else { return [] }
        return [
            "the seccomp filter (\(why(status))): a plugin can signal, stop or trace its supervisor and run programs"
        ]
    }

    /// What every sandboxed child may read: the system's libraries, data and the few
    /// configuration files the C library reads, its own process's files, and the folders of
    /// every library it has mapped (the Swift toolchain's wherever it is installed).
    static var systemReadable: [String] {
        let etc = [
            "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "passwd", "group", "nsswitch.conf",
            "hosts", "resolv.conf", "gai.conf", "ssl", "ca-certificates", "os-release", "locale.alias",
        ].map { "/etc/" + $0 }
        let devices = ["/dev/urandom", "/dev/random", "/dev/zero"]
        return ["/usr", "/lib", "/lib64", "/lib32", "/proc/self", "/sys/devices/system/cpu"] + etc + devices
            + mappedFolders
    }

    /// The folders of the files this process had mapped (its executable and libraries) when it
    /// was first confined: read once, so that a fork server's test processes take its list
    /// rather than parse /proc/self/maps again (they map nothing before they are confined).
    static let mappedFolders: [String] = {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var folders: Set<String> = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), let last = line.lastIndex(of: "/") else { continue }
            folders.insert(String(line[slash..<last]))
        }
        return folders.sorted()
    }()

    /// Applies Landlock: reads beneath the system's folders, `readable` and the grants; writes
    /// beneath `writable` and the granted folders (and to /dev/null). Returns what it leaves open
    /// when the kernel refuses.
    private static func restrictFiles(_ grants: SandboxGrants, readable: [String], writable: [String]) -> [String] {
        let reads = systemReadable + readable + grants.read
        let writes = ["/dev/null"] + writable + grants.write
        let status = withCStrings(reads) { reads in
            withCStrings(writes) { writes in
                pb_sandbox_landlock(
                    reads.baseAddress, Int32(reads.count), writes.baseAddress, Int32(writes.count),
                    grants.network ? 1 : 0)
            }
        }
        guard status != 0 else { return [] }
        return ["Landlock (\(why(status))): a plugin can read and write every file the user can, and reach TCP ports"]
    }

    /// `body` with `strings` as an array of C strings that live until it returns.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }

    /// Half the machine's memory, 4 GiB at least.
    static var addressSpaceLimit: rlim_t {
        let physical = UInt64(sysconf(Int32(_SC_PHYS_PAGES))) &* UInt64(sysconf(Int32(_SC_PAGESIZE)))
        return rlim_t(max(physical / 2, 4 << 30))
    }

    private static func why(_ code: Int32) -> String { String(cString: strerror(code)) }
}
