import Foundation
import TestSupport
import Testing

/// The sandbox's first part (#31), proved from inside a real hostile plugin: `HostileSignalsC`
/// stops, kills and traces its parent when its button is tapped. Under the sandbox each call
/// fails with EPERM and the session goes on; without it (`--no-sandbox`) the same tap kills
/// the supervisor, so the attack is real.
@Suite struct SandboxTests {
    static let hostile = HostileApp.Screen(id: "hostile", plugin: "hostile_signals", library: "HostileSignalsC")
    static let attacking = ["PLUGBOARD_TEST_HOSTILE": "signals"]

    /// `plugboard ARGUMENTS` on the hostile app with the plugin attacking as `mode` says: the
    /// input pushes the hostile screen and taps its button, then runs `more`.
    static func attack(_ mode: String, _ arguments: [String] = ["run"], then more: String = "") throws
        -> CommandResult
    {
        let app = try HostileApp.write(extra: [hostile])
        defer { try? FileManager.default.removeItem(at: app) }
        return try HostileApp.run(
            arguments, app: app, input: "push hostile\ntap corpus-button\n" + more,
            environment: ["PLUGBOARD_TEST_HOSTILE": mode])
    }

    @Test func aPluginCannotStopKillOrTraceTheSupervisor() throws {
        let result = try Self.attack("signals", then: "show\nstate\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("stop EPERM kill EPERM trace EPERM"))
        #expect(result.stdout.contains("\"url\" : \"app://home/hostile\""))
    }

    /// A plugin that writes its scratch folder full: it stops at the app's `scratch_limit_mb`
    /// (a file system in memory, the engine's alone), and the session goes on.
    @Test func theScratchFolderHoldsNoMoreThanItsLimit() throws {
        let app = try HostileApp.write(extra: [Self.hostile])
        defer { try? FileManager.default.removeItem(at: app) }
        let settingsURL = app.appendingPathComponent("settings.json")
        var settings = try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any] ?? [:]
        settings["sandbox"] = ["scratch_limit_mb": 8]
        try JSONSerialization.data(withJSONObject: settings).write(to: settingsURL)
        let result = try HostileApp.run(
            ["run"], app: app, input: "push hostile\ntap corpus-button\nstate\n",
            environment: ["PLUGBOARD_TEST_HOSTILE": "fill"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("filled 8 MiB ENOSPC"), "\(result.stdout)")
        #expect(result.stdout.contains("\"url\" : \"app://home/hostile\""))
    }

    @Test func withoutTheSandboxTheSameTapKillsTheSupervisor() throws {
        let result = try Self.attack("signals", ["run", "--no-sandbox"], then: "show\n")
        #expect(result.status != 0)
        #expect(!result.stdout.contains("stop EPERM"))
    }

    /// A plugin that truncates the flight recorder (a file the supervisor maps) and crashes: the
    /// recorder is sealed, the truncation fails, and the supervisor reads it to name the plugin
    /// (before, it died of SIGBUS).
    @Test func theFlightRecorderCannotBeTruncatedUnderTheSupervisor() throws {
        let result = try Self.attack("truncate", ["run", "--json"])
        #expect(result.status == 3, "\(result.stderr)")
        let lines = try JSONLines(result.stdout)
        #expect(lines.events.first?["plugin"] as? String == "hostile_signals")
        #expect(lines.states.last?.state.rootStack == ["home", "hostile"])
    }

    /// A plugin that writes a new name into the recorder at every start, then crashes: the
    /// warden saw its own library's code fault, so that library is left out at once and the app
    /// starts without it. Without the sandbox (no warden) each restart would leave out a name
    /// never seen again; restarts are bounded per session, never per name.
    @Test func aForgedNameAtEveryStartLeavesOutTheLibraryThatFaulted() throws {
        let app = try HostileApp.write(extra: [Self.hostile])
        defer { try? FileManager.default.removeItem(at: app) }
        let result = try HostileApp.run(
            ["run", "--json"], app: app, input: "state\n", environment: ["PLUGBOARD_TEST_HOSTILE": "forge"])
        #expect(result.status == 3, "\(result.stderr)")
        let event = try #require(try JSONLines(result.stdout).events.first)
        #expect((event["left_out"] as? String ?? "").hasSuffix("libHostileSignalsC.so"), "\(event)")
        #expect(try JSONLines(result.stdout).states.last?.state.rootStack == ["home"])

        let unsandboxed = try Self.attack("forge", ["run", "--no-sandbox"])
        #expect(unsandboxed.status != 0)
        #expect(unsandboxed.stderr.contains("the engine was started 12 times this session"), "\(unsandboxed.stderr)")
    }

    /// A plugin that names another plugin (the bar) in the recorder's call in flight, then
    /// crashes (or aborts, or exits, or has the C library fault for it): the library whose code
    /// faulted (or called abort, exit or the C library) is left out, never the one the recorder
    /// names.
    @Test(arguments: ["blame", "blame-abort", "blame-exit", "blame-libc"])
    func blameGoesToTheCodeThatFailedNotTheNameInTheRecorder(
        mode: String
    )
        throws
    {
        let result = try Self.attack(mode, ["run", "--json"], then: "state\n")
        #expect(result.status == 3, "\(result.stderr)")
        let lines = try JSONLines(result.stdout)
        let event = try #require(lines.events.first)
        #expect((event["library"] as? String ?? "").hasSuffix("libHostileSignalsC.so"), "\(event)")
        #expect(event["plugin"] == nil, "\(event)")
        #expect((event["left_out"] as? String ?? "").hasSuffix("libHostileSignalsC.so"), "\(event)")
        #expect(!result.stderr.contains("test.navbar.swift"), "\(result.stderr)")
        #expect(lines.states.last?.state.rootStack == ["home", "hostile"])
    }

    /// A plugin thread that crashes or calls `exit(0)` outside any call into plugin code (once
    /// the tap that started it has returned, while the engine waits for the next request) is
    /// traced to the library whose code it ran, which is left out.
    @Test(arguments: [("thread", "signal"), ("exit", "exit")])
    func aPluginThreadEndingTheEngineOutsideAnyCallIsTracedToItsLibrary(mode: String, reason: String) throws {
        let (status, printed, _) = try Self.runUntilTheEngineEnds(mode, ["run", "--json"])
        #expect(status == 3, "\(printed)")
        let event = try #require(try JSONLines(printed).events.first)
        #expect(event["reason"] as? String == reason, "\(event)")
        #expect(event["plugin"] == nil, "\(event)")
        #expect((event["left_out"] as? String ?? "").hasSuffix("libHostileSignalsC.so"), "\(event)")
    }

    /// In process, `exit(0)` from a plugin thread ends the process with 70 (never 0), naming the
    /// library (or, when the tap had not quite returned, the call in flight).
    @Test func inProcessAnExitFromAPluginThreadIsNeverSuccess() throws {
        let (status, _, errors) = try Self.runUntilTheEngineEnds("exit", ["run", "--in-process"], supervised: false)
        #expect(status == 70)
        #expect(errors.contains("plugboard: exit() in "), "\(errors)")
    }

    /// `plugboard ARGUMENTS` on the hostile app attacking as `mode`: pushes the hostile screen
    /// and taps its button, waits (bounded: never a hang) until the engine ends — or, in
    /// process, the process — then (supervised) asks for the state. The output is read only at
    /// the end, as `--json` lines are buffered.
    static func runUntilTheEngineEnds(_ mode: String, _ arguments: [String], supervised: Bool = true) throws
        -> (status: Int32, output: String, errors: String)
    {
        let app = try HostileApp.write(extra: [Self.hostile])
        defer { try? FileManager.default.removeItem(at: app) }
        let run = try RunningPlugboard(
            arguments + [app.path, "--plugin-path", Built.directory], environment: ["PLUGBOARD_TEST_HOSTILE": mode],
            keepingErrors: true)
        let (process, input, output, errors) = (run.process, run.input, run.output, run.errors!)
        try input.fileHandleForWriting.write(contentsOf: Data("push hostile\ntap corpus-button\n".utf8))
        var engine: Int32? = supervised ? nil : process.processIdentifier
        for _ in 0..<1000 {
            if let seen = engine {
                let state = Self.state(of: seen)
                if state == nil || state == "Z" { break }
            } else {
                engine = childProcesses(of: process.processIdentifier).first
            }
            usleep(10_000)
        }
        if supervised { try input.fileHandleForWriting.write(contentsOf: Data("state\n".utf8)) }
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed, said)
    }

    /// A plugin that forks a process keeping the engine's descriptors, then crashes: the crash is
    /// reported as the signal it was (the supervisor watches the engine's process, not the pipe,
    /// which stays open), not as a time-out after waiting for the grandchild.
    @Test func aForkedGrandchildDoesNotHideTheEnginesEnd() throws {
        let app = try HostileApp.write(extra: [Self.hostile])
        defer { try? FileManager.default.removeItem(at: app) }
        let result = try runPlugboard(
            ["run", "--json", app.path, "--plugin-path", Built.directory, "--call-timeout", "60"],
            input: "push hostile\ntap corpus-button\n", environment: ["PLUGBOARD_TEST_HOSTILE": "fork"])
        #expect(result.status == 3, "\(result.stderr)")
        let event = try #require(try JSONLines(result.stdout).events.first)
        #expect(event["plugin"] as? String == "hostile_signals")
        #expect(event["reason"] as? String == "signal")
    }

    /// A plugin that writes a well-formed reply to the engine's reply pipe, then waits: the
    /// reply is not sealed with the session's key, so the supervisor refuses it, ends the engine,
    /// names the plugin in flight and leaves it out, and the session goes on.
    @Test func aForgedReplyIsRefusedAndItsPluginNamed() throws {
        let result = try Self.attack("reply", ["run", "--json"], then: "state\n")
        #expect(result.status == 3, "\(result.stderr)")
        let lines = try JSONLines(result.stdout)
        let event = try #require(lines.events.first)
        #expect(event["reason"] as? String == "protocol", "\(event)")
        #expect(event["plugin"] as? String == "hostile_signals")
        #expect((event["message"] as? String ?? "").contains("a frame the engine did not seal"), "\(event)")
        #expect(lines.states.last?.state.rootStack == ["home", "hostile"])
    }

    /// A plugin that puts /dev/null over the engine's reply pipe, then returns: the engine finds
    /// its pipe replaced before it answers and ends at once (no silent wait for a time-out), and
    /// with no call in flight the library mapped last — the plugin's — is left out.
    @Test func aReplacedReplyPipeEndsTheEngineAndItsLibraryIsLeftOut() throws {
        let result = try Self.attack("pipe", ["run", "--json"], then: "state\n")
        #expect(result.status == 3, "\(result.stderr)")
        let event = try #require(try JSONLines(result.stdout).events.first)
        #expect(event["reason"] as? String == "exit", "\(event)")
        #expect((event["left_out"] as? String ?? "").hasSuffix("libHostileSignalsC.so"), "\(event)")
        #expect((event["message"] as? String ?? "").contains("its pipes replaced under it"), "\(event)")
    }

    /// A supervisor started with SIGCHLD ignored (a parent that ignores it passes that on through
    /// exec): the warden still hears its engine's stops and lets it go on.
    @Test func theEngineStartsUnderAParentThatIgnoresSIGCHLD() throws {
        let program = """
            import os, signal, sys
            signal.signal(signal.SIGCHLD, signal.SIG_IGN)
            os.execv(sys.argv[1], sys.argv[1:])
            """
        let result = try run([
            "python3", "-c", program, Built.directory + "/plugboard", "render", PackageRoot.path + "/Examples/Showcase",
            "--plugin-path", Built.directory, "--format", "text",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Home"), "\(result.output)")
    }

    /// A plugin's log line with escape sequences reaches the terminal escaped.
    @Test func aPluginsLogLineCannotDriveTheTerminal() throws {
        let result = try Self.attack("escape", ["run", "--log-level", "info"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(#"\u{1B}[2J\u{1B}]0;pwned\u{7}cleared"#), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains("\u{1B}]0;"))
    }

    /// What a plugin writes straight to the engine's standard error or output reaches the
    /// terminal through the warden, escaped: it cannot clear the screen or set the title.
    @Test func aPluginsOwnOutputCannotDriveTheTerminal() throws {
        let result = try Self.attack("stderr")
        #expect(result.status == 0, "\(result.stderr)")
        let escaped = #"\u{1B}[2J\u{1B}]0;pwned\u{7}raw output"#
        #expect(result.stderr.components(separatedBy: escaped).count == 3, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stdout.contains("\u{1B}]0;"))
    }

    /// A screen that tries to make a million views gets 10,000 (its three and 9,997 more), is
    /// told why, and the session — releasing them all when the app ends — goes on.
    @Test func viewsAreBoundedPerInstance() throws {
        let result = try Self.attack("views", then: "show\nback\nstate\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("views 9997"))
        #expect(result.stderr.contains("create refused: the instance has 10000 views, the most one may have"))
    }

    /// A plugin that hangs while faking progress in the recorder is stopped at the request's own
    /// deadline (10 s with `--call-timeout 1`), counted by the supervisor from when it sent it.
    @Test func fakedProgressDoesNotExtendTheDeadline() throws {
        let result = try Self.attack("bump", ["run", "--json"])
        #expect(result.status == 3, "\(result.stderr)")
        let event = try #require(try JSONLines(result.stdout).events.first)
        #expect(event["reason"] as? String == "timeout")
        #expect(event["plugin"] as? String == "hostile_signals")
    }

    /// A plugin whose `destroy` never returns cannot keep the session from ending: the app's
    /// shutdown is watched like a command, so the engine is ended after the call time-out (1 s)
    /// and the hang is reported with the plugin and the call, exit status 3 (it waited the
    /// host's time-out, 10 s, in silence and ended with status 0).
    @Test func aDestroyThatNeverReturnsIsReportedAtTheEnd() throws {
        let result = try Self.attack("destroy", ["run", "--json"])
        #expect(result.status == 3, "\(result.stderr)")
        let event = try #require(try JSONLines(result.stdout).events.first)
        #expect(event["reason"] as? String == "timeout")
        #expect(event["plugin"] as? String == "hostile_signals")
        #expect((event["call"] as? String)?.hasPrefix("destroy") == true, "\(event)")
        #expect(result.stderr.contains("no return within 1 s"), "\(result.stderr)")
    }

    /// A plugin that writes "passed" into its check's transcript and exits cannot pass. The
    /// sandbox refuses it the transcript; without the sandbox it writes it, and the harness still
    /// takes only outcomes sealed with the job's key, which no file holds. In fresh children
    /// (`--no-fork-server`): there the transcript is the last argument; a forked test's
    /// arguments are the fork servers' (`__check-child --serve`), which name no file.
    @Test(arguments: [true, false]) func checkCannotBeToldItPassed(sandboxed: Bool) throws {
        let library = Built.directory + "/libHostileSignalsC.so"
        var environment = ["PLUGBOARD_TEST_HOSTILE": "outcome"]
        if !sandboxed { environment["PLUGBOARD_NO_SANDBOX"] = "1" }
        let result = try runPlugboard(["check", library, "--no-fork-server"], environment: environment)
        #expect(result.status != 0, "\(result.stdout)")
        #expect(result.stdout.contains("FAILURE"), "\(result.stdout)")
        let forged = "result line(s) it did not write: the plugin's own"
        #expect(result.stdout.contains(forged) != sandboxed, "\(result.stdout)")
    }

    /// A library whose constructor starts a daemon in check's fork server (a double fork, a new
    /// session, no parent-death signal): the server refuses the library and kills what it
    /// started, so nothing of the check outlives it (the daemon stayed, its parent init).
    @Test func checkLeavesNoProcessAConstructorStarted() throws {
        let library = Built.directory + "/libHostileSignalsC.so"
        let token = "PLUGBOARD_TEST_TOKEN=" + UUID().uuidString
        let result = try runPlugboard(
            ["check", library],
            environment: ["PLUGBOARD_TEST_HOSTILE": "daemon", "PLUGBOARD_TEST_TOKEN": String(token.dropFirst(21))])
        #expect(result.stderr.contains("a constructor of the library started a process"), "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { name in
            guard Int32(name) != nil, let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ")
            else { return false }
            return environment.split(separator: 0).contains { $0.elementsEqual(token.utf8) }
        }
        #expect(left == [], "\(result.stderr)")
    }

    @Test func checkSurvivesAPluginThatAttacksIt() throws {
        let library = Built.directory + "/libHostileSignalsC.so"
        let result = try runPlugboard(["check", library], environment: Self.attacking)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("SUCCESS"), "\(result.stdout)")
    }

    /// A test forked from a fork server is confined as a fresh child is: its server's filter
    /// lets the server fork, and the few rules the test adds over it (`pb_sandbox_install_forked_
    /// filter`) must refuse that again, with Landlock's layers refusing what a fresh child's
    /// rules refuse. The hostile plugin's button tries each wall in every test that taps it.
    @Test func aForkedTestMeetsTheWallsOfAFreshChild() throws {
        let library = Built.directory + "/libHostileSignalsC.so"
        let environment = [
            "PLUGBOARD_TEST_HOSTILE": "reach", "PLUGBOARD_TEST_SECRET": "/etc/shadow", "PLUGBOARD_TEST_WRITE": "/tmp",
            "PLUGBOARD_TEST_PORT": "9",
        ]
        func attempts(_ extra: [String]) throws -> Set<String> {
            let result = try runPlugboard(["check", library, "--format", "json"] + extra, environment: environment)
            let strings = result.stdout.split(separator: "\"")
            return Set(
                strings.compactMap { text in text.firstRange(of: "read ").map { String(text[$0.lowerBound...]) } })
        }
        let walls = "read EACCES write EACCES net EPERM proc EACCES exec EPERM fork EPERM alloc ENOMEM"
        #expect(try attempts([]) == [walls])
        #expect(try attempts(["--no-fork-server"]) == [walls])
    }

    /// The engine dies with its supervisor: killed with SIGKILL (no chance to clean up) while a
    /// plugin spins in the engine (so it never reads the end of its input), the supervisor
    /// leaves no engine running.
    @Test func theEngineDiesWithItsSupervisorEvenWhileAPluginSpins() throws {
        let app = try HostileApp.write()
        defer { try? FileManager.default.removeItem(at: app) }
        let run = try RunningPlugboard(["run", app.path, "--plugin-path", Built.directory, "--call-timeout", "60"])
        let (process, input, output) = (run.process, run.input, run.output)
        defer { try? input.fileHandleForWriting.close() }
        // The first drawing is printed once the engine is ready.
        _ = output.fileHandleForReading.availableData
        // The engine: the supervisor's child (its warden), or that one's child.
        let warden = try #require(childProcesses(of: process.processIdentifier).first)
        let engine = childProcesses(of: warden).first ?? warden
        try input.fileHandleForWriting.write(contentsOf: Data("push loop\n".utf8))
        var spinning = Self.isRunning(engine)
        for _ in 0..<500 where !spinning {  // until will_appear spins (bounded)
            usleep(10_000)
            spinning = Self.isRunning(engine)
        }
        #expect(spinning)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // The kernel delivers the parent-death signal as the supervisor exits; the engine is
        // then gone or a zombie waiting for its new parent to reap it. Bounded, never a hang.
        var state = Self.state(of: engine)
        for _ in 0..<500 where state != nil && state != "Z" {
            usleep(10_000)
            state = Self.state(of: engine)
        }
        #expect(state == nil || state == "Z", "the engine \(engine) is still \(state ?? "?")")
    }

    /// True while one of the process's threads is running (state R).
    static func isRunning(_ pid: Int32) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { state(in: "/proc/\(pid)/task/\($0)/stat") == "R" }
    }

    /// The state letter of `/proc/PID/stat` (R, S, Z, …), nil once the process is gone.
    static func state(of pid: Int32) -> String? {
        state(in: "/proc/\(pid)/stat")
    }

    /// The state letter of a `stat` file.
    static func state(in path: String) -> String? {
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
