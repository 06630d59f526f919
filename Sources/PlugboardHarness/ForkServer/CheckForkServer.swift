import Foundation
import PlugboardCore
import PlugboardIsolation
import PlugboardLoader

/// The fork servers of `plugboard check`. One process, `plugboard __check-child --serve`, pays
/// once for what a fresh child pays for every test — starting this executable, mapping the
/// Swift runtime, filling its caches — and then forks a server for each library the parent
/// names (`library PATH`); each library's server loads its library once and forks a process
/// for each test. A forked process is a copy-on-write copy: it cannot see what another test
/// did, and a crash, an `exit()` or a hang ends only it.
///
/// Forking is only safe from a process with one thread (the copy has only the thread that
/// forked; a lock another thread held stays locked for ever, and Dispatch refuses to run in
/// it). By `main` the Swift runtime has started Dispatch's threads, so the process runs before
/// `main`, from the sandbox's constructor (`pb_check_fork_server`), and so does each process it
/// forks: a test runs its job there and ends, never reaching `main` (no catalogue test needs
/// Dispatch's main queue; a test's "main thread" is the one that made its host).
/// A library's server refuses — and the parent runs that library's tests in fresh processes —
/// when the library's constructors started a thread, or a process (which could read the
/// server's socket and its jobs' keys). It checks and maps the library
/// (`PluginLibrary.premap`) without calling the entry's `init`: that runs in each test, as in a
/// fresh child. The first process loads no library and runs no plugin code; it is confined only
/// by the namespaces every check child enters, and each library's server confines itself.
///
/// The messages (records on the socket that is each process's standard input,
/// `ForkServerChannel`): the first process says `ready` or `unsafe REASON`, then answers each
/// `library PATH` (with the new server's socket and output file attached) with `forked PID`.
/// A library's server says `gap TEXT` (a part of the sandbox the kernel refused), then `ready`
/// or `unsafe REASON`; then for each job `exited N` or `signaled N`, and for each clone
/// `cloned PID`. From the parent `job …` (`ForkedJob`) with the transcript and output
/// descriptors attached, `kill` (the test's time is up), and `clone` with a socket attached (a
/// copy of the server for another worker).
package enum CheckForkServer {
    /// Serves `library PATH` records until the parent closes the socket, then ends the process.
    static func serve() -> Never {
        let channel = ForkServerChannel(descriptor: STDIN_FILENO)
        // Opened before any Landlock: a test process's standard input.
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let threads = ForkServerProcess.threadCount
        guard threads == 1 else { refuse("the harness had \(threads) threads before it loaded a library", channel) }
        let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)  // the warm-up's transcript
        // Filled here, the runtime's caches serve every library's server. So does the thread id
        // each module caches for Synchronization's Mutex, which is wrong two forks below: with
        // it, a test on the forking thread failed "Call to unlock Mutex on a thread which hasn't
        // acquired the lock" in every instance test. A test runs on a new thread
        // (`CheckChild.runForked`), and so this warm-up is also what tests that.
        warmUp(sink: sink)
        channel.send("ready")
        while let record = channel.receive() {
            ForkServerProcess.reapEnded()  // the servers of libraries already checked
            guard record.bytes.starts(with: Array("library ".utf8)), record.descriptors.count == 2 else {
                record.descriptors.forEach { close($0) }
                continue
            }
            let library = String(decoding: record.bytes.dropFirst(8), as: UTF8.self)
            let server = ForkServerProcess.fork()
            if server == 0 {
                dup2(record.descriptors[0], STDIN_FILENO)
                dup2(record.descriptors[1], STDOUT_FILENO)
                dup2(record.descriptors[1], STDERR_FILENO)
                record.descriptors.forEach { close($0) }
                serve(library: library, nothing: nothing, sink: sink)
            }
            record.descriptors.forEach { close($0) }
            channel.send(server > 0 ? "forked \(server)" : "unforked errno \(errno)")
        }
        _exit(0)
    }

    /// Says why this process cannot serve, and ends it.
    private static func refuse(_ reason: String, _ channel: ForkServerChannel) -> Never {
        channel.send("unsafe " + reason)
        _exit(0)
    }

    /// A library's server (forked, its socket now its standard input): confines itself, loads
    /// `library` and serves jobs until the parent closes the socket, then ends the process.
    private static func serve(library: String, nothing: Int32, sink: Int32) -> Never {
        let channel = ForkServerChannel(descriptor: STDIN_FILENO)
        let reaper = ForkServerProcess.becomeSubreaper()
        guard reaper == 0 else {
            refuse("it cannot watch the processes a constructor starts (errno \(reaper))", channel)
        }
        FileSizeLimit.apply()  // inherited by every test process forked from here
        let folder = CheckSubject.folder(of: library)
        for gap in Sandbox.confineServer(SandboxGrants(), readable: [folder]) {
            channel.send("gap " + CheckRunner.gapPrefix + gap)
        }
        // Checked and mapped as the host's loader does, so that no test process reads the ELF
        // headers again; a library the loader refuses is only mapped, and each test refuses it.
        if (try? PluginLibrary.premap(path: library)) == nil, dlopen(library, RTLD_NOW | RTLD_LOCAL) == nil {
            refuse("dlopen failed: \(dlerror().map { String(cString: $0) } ?? "unknown error")", channel)
        }
        let started = ForkServerProcess.threadCount - 1
        guard started == 0 else { refuse("a constructor of the library started \(started) thread(s)", channel) }
        guard !ForkServerProcess.hasChildren else {
            // Not left running when the server ends: it would outlive the check.
            ForkServerProcess.killChildren()
            refuse("a constructor of the library started a process", channel)
        }
        // Again after the library's load: loading an image makes the runtime search again for
        // every conformance it had found missing.
        warmUp(sink: sink)
        close(sink)
        channel.send("ready")
        serveJobs(channel, nothing: nothing)
    }

    /// Runs each job `channel` brings in a process forked for it, and makes a copy of this server
    /// on a `clone` record's socket, until the parent closes the channel.
    private static func serveJobs(_ channel: ForkServerChannel, nothing: Int32) -> Never {
        let server = getpid()
        var jobs = ForkedJob.Decoder()
        while let record = channel.receive() {
            if record.bytes == Array("clone".utf8), record.descriptors.count == 1 {
                clone(on: record.descriptors[0], channel, nothing: nothing)
                continue
            }
            guard record.bytes.starts(with: Array("job ".utf8)), record.descriptors.count == 2 else {
                record.descriptors.forEach { close($0) }
                continue  // a `kill` that came after its process ended
            }
            let (transcript, output) = (record.descriptors[0], record.descriptors[1])
            // Decoded and taken apart here, not in the copy: the next copies find the runtime's
            // caches filled, and the subject decoded when it is the last job's.
            guard let (seal, job) = jobs.decode(record.bytes.dropFirst(4)).map({ ($0.seal, $0.job) }) else {
                FileHandle(fileDescriptor: output).write(Data("plugboard check: no outcome key in the job\n".utf8))
                record.descriptors.forEach { close($0) }
                channel.send("exited 3")
                continue
            }
            let child = ForkServerProcess.fork()
            if child == 0 {
                dup2(nothing, STDIN_FILENO)  // and the socket is no longer the test's
                dup2(output, STDOUT_FILENO)
                dup2(output, STDERR_FILENO)
                close(output)
                CheckChild.runForked(job, seal: seal, transcript: transcript, server: server)
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

    /// Forks a copy of this server that serves on `socket` (as its standard input, so its test
    /// processes lose it as they lose this one's) and answers `cloned PID`: a second worker's
    /// server for the library, without starting the executable, loading the library and warming
    /// up again. The copy has this server's sandbox and one thread, as this one has.
    private static func clone(on socket: Int32, _ channel: ForkServerChannel, nothing: Int32) {
        let copy = ForkServerProcess.fork()
        if copy == 0 {
            dup2(socket, STDIN_FILENO)
            close(socket)
            _ = ForkServerProcess.becomeSubreaper()  // not inherited
            serveJobs(channel, nothing: nothing)
        }
        close(socket)
        channel.send(copy > 0 ? "cloned \(copy)" : "unforked errno \(errno)")
    }

    /// Does once, here, what every test process does first, so that each copy finds it done:
    /// the Swift runtime fills its metadata and conformance caches on first use, per process,
    /// and that costs a forked process more than many a test.
    private static func warmUp(sink: Int32) {
        let job = CheckJob(
            test: CheckChild.discoverTest, subject: CheckSubject(group: "", library: "/warm-up.so"), seed: 0,
            strictness: 5, repetition: 0)
        var jobs = ForkedJob.Decoder()
        let message = (try? ForkedJob.Encoder(job.subject))?.message(job, seal: OutcomeSeal())
        let decoded = message.flatMap { try? jobs.decode($0.dropFirst(4))?.job.get() }
        _ = Catalogue.test(decoded?.test ?? "")
        _ = try? JSONEncoder().encode(ChildOutcome(status: .passed))
        _ = OutcomeSeal().seal("{}")
        let failure: any Error = CheckFailure("")  // how a test's failure becomes its message
        _ = (failure as? CheckSkip, "\(failure)")
        // A test's host, views, transcript and models, made and dropped without the library.
        let transcript = ChildTranscript(descriptor: sink)
        transcript.write("=", "warm\nup")
        let plugin = DiscoveredPlugin(id: "plugboard.warm-up", kind: .screen, name: "")
        let models = CheckModels.minimal(for: plugin)
        var warmJob = job
        warmJob.subject.plugin = PluginUnderTest(id: plugin.id, kind: plugin.kind, models: models)
        let context = CheckContext(job: warmJob, transcript: transcript)
        context.note("warm-up")
        let view = context.tree.create(.label, owner: .host)
        _ = try? context.tree.setText(view, "warm-up", by: .host)
        _ = context.tappable(under: view)
        context.tree.grant(view, to: ViewOwner(1))  // as the host hands a root its container
        try? context.tree.release(view, by: .host)
        _ = models.screens.map { try? JSONParser.parse($0.screen) }
        // Code built outside this executable (a plugin, the Swift SDK in it) finds the
        // conformances its generic types need by searching at run time: those of the standard
        // library's plain types to Hashable are found here once, for every copy.
        let plain: [Any] = [UInt(0), UInt64(0), UInt32(0), Int(0), Int64(0), Int32(0), "", Double(0), true]
        _ = plain.map { $0 as? any Hashable }
    }

    /// `__check-child --serve` reached `main`: the executable has no constructor that serves.
    package static func notStarted() -> Never {
        refuse("the fork server did not start before main", ForkServerChannel(descriptor: STDIN_FILENO))
    }
}

/// The sandbox's constructor calls this in `plugboard __check-child --serve`, before main; it
/// never returns.
@_cdecl("pb_check_fork_server")
package func checkForkServer() {
    CheckForkServer.serve()
}
