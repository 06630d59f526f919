import Foundation
import PlugboardCore
import PlugboardIsolation

/// A fork server of `plugboard check` (`plugboard __check-child --serve LIBRARY`, one per
/// library): it pays once for what a fresh child pays for every test — starting this executable,
/// mapping the Swift runtime, loading the library — and then forks a process for each test.
/// A forked process is a copy-on-write copy: it cannot see what another test did, and a crash,
/// an `exit()` or a hang ends only it.
///
/// Forking is only safe from a process with one thread (the copy has only the thread that
/// forked; a lock another thread held stays locked for ever, and Dispatch refuses to run in
/// it). By `main` the Swift runtime has started Dispatch's threads, so the server runs before
/// `main`, from the sandbox's constructor (`pb_check_fork_server`), and so does each process it
/// forks: it runs its job there and ends, never reaching `main` (no catalogue test needs
/// Dispatch's main queue; a test's "main thread" is the one that made its host). The server
/// refuses —
/// and the parent runs that library's tests in fresh processes — when the library's constructors
/// started a thread, or a process (which could read the server's socket and its jobs' keys).
/// It loads the library with `dlopen` only: the entry's `init` runs in each test, as in a fresh
/// child.
///
/// The messages (records on the socket that is its standard input, `ForkServerChannel`):
/// to the parent `gap TEXT` (a part of the sandbox the kernel refused), then `ready` or
/// `unsafe REASON`; then for each job `exited N` or `signaled N`. From the parent
/// `job KEY\nJSON` with the transcript and output descriptors attached, and `kill` (the test's
/// time is up).
package enum CheckForkServer {
    /// Loads `library` and serves jobs until the parent closes the socket, then ends the process.
    static func serve(library: String) -> Never {
        let channel = ForkServerChannel(descriptor: STDIN_FILENO)
        // Opened before Landlock: a test process's standard input.
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        func refuse(_ reason: String) -> Never {
            channel.send("unsafe " + reason)
            _exit(0)
        }
        let threads = ForkServerProcess.threadCount
        guard threads == 1 else { refuse("the harness had \(threads) threads before it loaded the library") }
        let reaper = ForkServerProcess.becomeSubreaper()
        guard reaper == 0 else { refuse("it cannot watch the processes a constructor starts (errno \(reaper))") }
        warmUp(library: library)
        let folder = URL(fileURLWithPath: library).deletingLastPathComponent().path
        for gap in Sandbox.confineServer(SandboxGrants(), readable: [folder]) {
            channel.send("gap " + CheckRunner.gapPrefix + gap)
        }
        guard dlopen(library, RTLD_NOW | RTLD_LOCAL) != nil else {
            refuse("dlopen failed: \(dlerror().map { String(cString: $0) } ?? "unknown error")")
        }
        let started = ForkServerProcess.threadCount - 1
        guard started == 0 else { refuse("a constructor of the library started \(started) thread(s)") }
        guard !ForkServerProcess.hasChildren else { refuse("a constructor of the library started a process") }
        channel.send("ready")
        while let record = channel.receive() {
            guard record.bytes.starts(with: Array("job ".utf8)), record.descriptors.count == 2 else {
                record.descriptors.forEach { close($0) }
                continue  // a `kill` that came after its process ended
            }
            let (transcript, output) = (record.descriptors[0], record.descriptors[1])
            // Decoded here, not in the copy: the next copies find the runtime's caches filled.
            let job = CheckChild.decodeForked(record.bytes.dropFirst(4))
            let child = ForkServerProcess.fork()
            if child == 0 {
                dup2(nothing, STDIN_FILENO)  // and the socket is no longer the test's
                dup2(output, STDOUT_FILENO)
                dup2(output, STDERR_FILENO)
                close(output)
                guard let job else {
                    FileHandle.standardError.write(Data("plugboard check: no outcome key in the job\n".utf8))
                    _exit(3)
                }
                CheckChild.runForked(job.job, seal: job.seal, transcript: transcript)
            }
            record.descriptors.forEach { close($0) }
            guard child > 0 else {
                channel.send("unforked errno \(errno)")
                continue
            }
            guard let ending = ForkServerProcess.wait(for: child, killedBy: channel) else { _exit(0) }
            switch ending {
            case .exited(let status): channel.send("exited \(status)")
            case .signaled(let signal): channel.send("signaled \(signal)")
            case .timedOut: channel.send("signaled \(SIGKILL)")
            }
        }
        _exit(0)
    }

    /// Does once, here, what every test process does first, so that each copy finds it done:
    /// the Swift runtime fills its metadata and conformance caches on first use, per process,
    /// and that costs a forked process more than many a test.
    private static func warmUp(library: String) {
        let job = CheckJob(
            test: CheckChild.discoverTest, subject: CheckSubject(group: "", library: library), seed: 0, strictness: 5,
            repetition: 0)
        let decoded = (try? JSONEncoder().encode(job)).flatMap { try? JSONDecoder().decode(CheckJob.self, from: $0) }
        _ = Catalogue.test(decoded?.test ?? "")
        _ = try? JSONEncoder().encode(ChildOutcome(status: .passed))
        _ = OutcomeSeal().seal("")
        let failure: any Error = CheckFailure("")  // how a test's failure becomes its message
        _ = (failure as? CheckSkip, "\(failure)")
        // A test's host, views, transcript and models, made and dropped without the library.
        let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(sink) }
        let transcript = ChildTranscript(descriptor: sink)
        transcript.write("=", "warm\nup")
        let plugin = DiscoveredPlugin(id: "plugboard.warm-up", kind: .screen, name: "")
        let models = CheckModels.minimal(for: plugin)
        var warmJob = job
        warmJob.subject.plugin = PluginUnderTest(id: plugin.id, kind: plugin.kind, models: models)
        let context = CheckContext(job: warmJob, transcript: transcript)
        context.note("warm-up")
        let view = context.tree.create(.label, owner: .host)
        try? context.tree.setText(view, "warm-up", by: .host)
        _ = context.tappable(under: view)
        try? context.tree.release(view, by: .host)
        _ = models.screens.map { try? JSONParser.parse($0.screen) }
    }

    /// `__check-child --serve` reached `main`: the executable has no constructor that serves.
    package static func notStarted() -> Never {
        ForkServerChannel(descriptor: STDIN_FILENO).send("unsafe the fork server did not start before main")
        _exit(0)
    }
}

/// The sandbox's constructor calls this in `plugboard __check-child --serve LIBRARY`, before main;
/// it never returns.
@_cdecl("pb_check_fork_server")
package func checkForkServer(_ library: UnsafePointer<CChar>) {
    CheckForkServer.serve(library: String(cString: library))
}
