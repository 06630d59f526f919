import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardIsolation
import PlugboardLoader
import Synchronization

/// The parent's side of `plugboard check`: plans subjects from libraries or an app, runs every
/// selected test of the catalogue in its own child process and turns each ending into a result.
/// No plugin code runs in this process unless `inProcess` is set.
///
/// A test's process is forked from its library's fork server (`CheckForkServer`, forked by
/// this executable started once with the hidden `__check-child --serve`), which has loaded the
/// library once; where that is unsafe or impossible — or `forkServer` is off — it is a fresh child
/// (`__check-child JOB TRANSCRIPT`). Both end the same way: a transcript and an output the
/// parent reads once the process is gone (files in the workspace for a fresh child, files in
/// memory for a forked one).
///
/// The tests of a subject run `options.workers` at a time, each worker with a fork server of
/// its own (a server runs one test at a time); the results keep the catalogue's order.
package final class CheckRunner: @unchecked Sendable {
    package let options: CheckOptions
    /// The executable that runs the children (`/proc/self/exe` for the CLI).
    let executable: String
    /// Hears each result as it is made (progress on a terminal).
    package var onResult: ((CheckResult) -> Void)?
    private let workspace: URL
    /// What the workers share: the sandbox's gaps and the fallbacks they found.
    private let reports = Mutex<(gaps: Set<String>, fallbacks: [String], serverStarts: Int, jobs: Int)>(
        ([], [], 0, 0))
    /// Each worker's own state (a worker touches only its own).
    private let workers: [Worker]
    /// Copies of the current library's first fork server, made as soon as it is ready, one for
    /// each other worker to take.
    private let spareServers = Mutex<(library: String, servers: [ForkServerConnection])>(("", []))
    /// The process that forks the libraries' servers: started for a check's first library,
    /// ended with the check; the refusal when it could not start (every library then runs its
    /// tests in fresh processes).
    private let starter = Mutex<Result<ForkServerStarter, ForkServerConnection.Refusal>?>(nil)
    /// The parts of the sandbox the children said the kernel could not apply (each child says
    /// them; the command tells them once).
    package var sandboxGaps: Set<String> { reports.withLock { $0.gaps } }
    /// How a child's output line names a sandbox gap (`CheckChild`).
    static let gapPrefix = "plugboard check: sandbox without "
    /// Why a library's tests ran in fresh processes, not forked from its server: one line per
    /// library, which the command tells once (empty when the user turned the server off).
    package var forkServerFallbacks: [String] { reports.withLock { $0.fallbacks } }
    /// How many times the fork servers' process started the executable (once a check: the
    /// libraries' servers are forked from it, and copies of them).
    var forkServerStarts: Int { reports.withLock { $0.serverStarts } }
    /// How many of the catalogue's jobs ran (each in a child process, unless `inProcess`): a
    /// skip the subject alone decides (`ConformanceTest.skipReason`) runs none.
    var jobsRun: Int { reports.withLock { $0.jobs } }

    /// One worker: its jobs' file names and the fork server of the library whose tests run now
    /// (nil: none yet, or its tests run in fresh processes).
    private final class Worker {
        let number: Int
        var jobNumber = 0
        var forkServer: ForkServerConnection?
        var forkServerLibrary: String?

        init(number: Int) { self.number = number }
    }

    package init(options: CheckOptions, executable: String) throws {
        self.options = options
        self.executable = executable
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-check-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        workers = (0..<(options.inProcess ? 1 : max(1, options.workers))).map(Worker.init)
    }

    deinit { try? FileManager.default.removeItem(at: workspace) }

    // MARK: planning

    /// Checks libraries given by path, with minimal models.
    package func check(libraries paths: [String]) -> CheckReport {
        var results: [CheckResult] = []
        for path in paths {
            let library = URL(fileURLWithPath: path).standardizedFileURL.path
            let subject = CheckSubject(group: Self.fileName(library), library: library)
            results += run(subject)
            switch discover(library) {
            case .success(let plugins):
                for plugin in plugins where isSelected(plugin.id) {
                    var models = CheckModels.minimal(for: plugin)
                    if let author = options.authorScreen, plugin.kind == .screen {
                        models = models.withAuthorScreen(author, plugin: plugin)
                    }
                    results += run(
                        CheckSubject(
                            group: plugin.id, library: library,
                            plugin: PluginUnderTest(id: plugin.id, kind: plugin.kind, models: models)))
                }
            case .failure(let reason):
                results.append(notListed(group: subject.group, library: library, reason: reason.description))
            }
        }
        endForkServers()
        return CheckReport(seed: options.seed, strictness: options.strictness, results: results)
    }

    /// Checks every plugin an app uses, with the app's real models.
    package func check(app configuration: AppConfiguration, searchPath: LibrarySearchPath) -> CheckReport {
        var results: [CheckResult] = []
        var byLibrary: [(path: String, entries: [(PluginEntry, PluginKind)])] = []
        for entry in configuration.plugins.entries {
            guard let keys = entry.manifest.plugboard, let kind = entry.manifest.runtimeKind else { continue }
            do throws(PluginLoadError) {
                let path = try searchPath.resolve(keys.library)
                if let index = byLibrary.firstIndex(where: { $0.path == path }) {
                    byLibrary[index].entries.append((entry, kind))
                } else {
                    byLibrary.append((path, [(entry, kind)]))
                }
            } catch {
                let result = CheckResult(
                    group: entry.manifest.identifier, library: keys.library, test: LibraryTests.loads.id,
                    status: .failed, message: "\(error)", seed: options.seed)
                results.append(result)
                onResult?(result)
            }
        }
        for (path, entries) in byLibrary {
            let selected = entries.filter { isSelected($0.0.manifest.identifier) }
            guard !selected.isEmpty || options.plugin == nil else { continue }
            let facts = AppFacts(
                manifests: entries.map { manifestPlugin($0.0, $0.1) },
                exports: entries.flatMap { $0.0.manifest.plugboard?.exports.map(Self.declaration) ?? [] })
            results += run(CheckSubject(group: Self.fileName(path), library: path, app: facts))
            let discovered = discover(path)
            for (entry, kind) in selected {
                let identifier = entry.manifest.identifier
                guard case .success(let plugins) = discovered else {
                    if case .failure(let reason) = discovered {
                        results.append(notListed(group: identifier, library: path, reason: reason.description))
                    }
                    continue
                }
                let manifest = manifestPlugin(entry, kind)
                guard let id = manifest.descriptorID(among: plugins), let plugin = plugins.first(where: { $0.id == id })
                else {
                    results.append(
                        notListed(group: identifier, library: path, reason: "the library has no \(kind) plugin for it"))
                    continue
                }
                let facts = AppFacts(
                    manifests: [manifest], exports: entry.manifest.plugboard?.exports.map(Self.declaration) ?? [],
                    identifier: identifier)
                var models = CheckModels.fromApp(configuration, entry: entry, plugin: plugin)
                if let author = options.authorScreen, plugin.kind == .screen, options.plugin != nil {
                    models = models.withAuthorScreen(author, plugin: plugin)
                }
                results += run(
                    CheckSubject(
                        group: identifier, library: path, plugin: PluginUnderTest(id: id, kind: kind, models: models),
                        app: facts))
            }
        }
        endForkServers()
        return CheckReport(seed: options.seed, strictness: options.strictness, results: results)
    }

    private func manifestPlugin(_ entry: PluginEntry, _ kind: PluginKind) -> AppFacts.ManifestPlugin {
        AppFacts.ManifestPlugin(
            identifier: entry.manifest.identifier, className: entry.manifest.api.className, kind: kind,
            isScreen: entry.manifest.isScreen)
    }

    private static func declaration(_ export: PlugboardKeys.Export) -> AppFacts.ExportDeclaration {
        AppFacts.ExportDeclaration(name: export.name, signature: export.signature.description)
    }

    private func isSelected(_ plugin: String) -> Bool { options.plugin == nil || options.plugin == plugin }

    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// A skipped entry for plugins whose tests could not be planned.
    private func notListed(group: String, library: String, reason: String) -> CheckResult {
        let result = CheckResult(
            group: group, library: library, test: "plugin-tests", status: .skipped,
            message: "the plugin tests did not run: \(reason)", seed: options.seed)
        onResult?(result)
        return result
    }

    // MARK: running

    /// Lists a library's plugins (id, kind, name) in a child: `lint` matches them with the
    /// manifests, `check` plans its tests from them.
    package func discover(_ library: String) -> Result<[DiscoveredPlugin], DiscoveryFailure> {
        let job = CheckJob(
            test: CheckChild.discoverTest, subject: CheckSubject(group: Self.fileName(library), library: library),
            seed: options.seed, strictness: options.strictness, repetition: 0)
        let subject = options.inProcess ? nil : try? ForkedJob.Encoder(job.subject)
        let result = execute(job, subject: subject, isRandom: false, worker: workers[0])
        guard result.status == .passed, let text = result.message,
            let plugins = try? JSONDecoder().decode([DiscoveredPlugin].self, from: Data(text.utf8))
        else {
            return .failure(
                DiscoveryFailure(description: "listing its plugins \(result.status.rawValue): \(result.message ?? "")"))
        }
        return .success(plugins)
    }

    package struct DiscoveryFailure: Error, CustomStringConvertible { package var description: String }

    /// Runs every selected test that applies to `subject`, `repetitions` times: the workers
    /// take the next job as each finishes one.
    func run(_ subject: CheckSubject) -> [CheckResult] {
        let planned = Catalogue.tests.filter { $0.applies(to: subject) && options.selects($0) }.flatMap { test in
            (0..<options.repetitions).map { repetition in
                let seed = SeededRandom.seed(
                    run: options.seed, group: subject.group, test: test.id, repetition: repetition)
                return (test: test, repetition: repetition, seed: seed)
            }
        }
        // Skips the subject alone decides, once: those jobs run nowhere.
        let skipReasons = planned.map { $0.test.skipReason(for: subject) }
        let jobs = skipReasons.count { $0 == nil }
        reports.withLock { $0.jobs += jobs }
        // The library's fork server first, here: it makes the other workers' servers as copies
        // of itself before they start (each would otherwise start one of its own).
        if !options.inProcess, jobs > 0 {
            _ = server(for: subject.library, worker: workers[0])
        }
        let encoded = options.inProcess ? nil : try? ForkedJob.Encoder(subject)
        let results = Mutex([CheckResult?](repeating: nil, count: planned.count))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: min(workers.count, planned.count)) { number in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < planned.count {
                let (test, repetition, seed) = planned[index]
                var result: CheckResult
                if let reason = skipReasons[index] {
                    result = CheckResult(
                        group: subject.group, library: subject.library, test: test.id, status: .skipped,
                        message: reason, seed: seed)
                } else {
                    let job = CheckJob(
                        test: test.id, subject: subject, seed: seed, strictness: options.strictness,
                        repetition: repetition)
                    result = execute(job, subject: encoded, isRandom: test.isRandom, worker: workers[number])
                }
                result.repetition = repetition
                results.withLock { $0[index] = result }
            }
        }
        let ordered = results.withLock { $0.compactMap { $0 } }
        ordered.forEach { onResult?($0) }
        return ordered
    }

    /// Runs one job in a child (or here, with `inProcess`) and reads how it ended, timed.
    /// `subject` is the job's subject encoded for a fork server (nil: it could not be encoded).
    private func execute(_ job: CheckJob, subject: ForkedJob.Encoder?, isRandom: Bool, worker: Worker) -> CheckResult {
        let started = Date()
        var result = outcome(of: job, subject: subject, isRandom: isRandom, worker: worker)
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    /// How a child's run of a job ended, with what it wrote.
    private struct ChildRun {
        var ending: ChildProcess.Ending
        var transcript: String
        /// Its output lines, after those of the fork server's load when it was forked.
        var output: [Substring]
    }

    private func outcome(of job: CheckJob, subject: ForkedJob.Encoder?, isRandom: Bool, worker: Worker)
        -> CheckResult
    {
        var result = CheckResult(
            group: job.subject.group, library: job.subject.library, test: job.test, status: .failed, seed: job.seed)
        if options.inProcess {
            let outcome = CheckChild.execute(job, transcript: nil)
            result.status = outcome.status
            result.message = outcome.message
            return result
        }
        let seal = OutcomeSeal()
        let run: ChildRun
        do {
            if let subject, let forked = try forked(subject.message(job, seal: seal), job: job, worker: worker) {
                run = forked
            } else {
                run = try fresh(job, seal: seal, worker: worker)
            }
        } catch {
            result.message = "the harness could not start a child: \(error)"
            return result
        }
        let transcript = ParsedTranscript(run.transcript, seal: seal)
        var lines = run.output
        let gaps = lines.filter { $0.hasPrefix(Self.gapPrefix) }.map(String.init)
        if !gaps.isEmpty { reports.withLock { $0.gaps.formUnion(gaps) } }
        lines.removeAll { $0.hasPrefix(Self.gapPrefix) }
        let output = lines.suffix(5).map { "output: " + Self.shortened($0) }
        result.callInFlight = transcript.openCalls.last
        result.log = transcript.log.suffix(5) + output
        let during = result.callInFlight.map { " during \($0)" } ?? ""
        switch (run.ending, transcript.outcome) {
        case (.timedOut, _):
            result.status = .timedOut
            result.message = "no result within \(Self.seconds(options.timeout))\(during); the child was killed"
        case (.signaled(let signal), _):
            result.status = .crashed
            let reason = signal == SIGXFSZ ? " (\(FileSizeLimit.reason))" : ""
            result.message = "\(SignalName.of(signal))\(during)\(reason)"
        case (.exited(let code), nil):
            result.status = .crashed
            let forged =
                transcript.forgedOutcomes > 0
                ? " (\(transcript.forgedOutcomes) result line(s) it did not write: the plugin's own)" : ""
            result.message = "the child exited with status \(code) without reporting a result\(during)\(forged)"
        case (.exited, let outcome?):
            result.status = outcome.status
            result.message = outcome.message
        }
        if result.status.isFailure && (isRandom || result.status != .failed) {
            result.calls = Array(transcript.calls.suffix(isRandom ? 20 : 8))
        }
        return result
    }

    /// Runs `job` in a fresh child (`__check-child JOB TRANSCRIPT`), which reads the job and
    /// writes the transcript through files in the workspace.
    private func fresh(_ job: CheckJob, seal: OutcomeSeal, worker: Worker) throws -> ChildRun {
        worker.jobNumber += 1
        let base = workspace.appendingPathComponent("job-\(worker.number)-\(worker.jobNumber)").path
        let (jobPath, transcriptPath, outputPath) = (base + ".json", base + ".transcript", base + ".output")
        defer { for path in [jobPath, transcriptPath, outputPath] { unlink(path) } }
        try JSONEncoder().encode(job).write(to: URL(fileURLWithPath: jobPath))
        let child = try ChildProcess(
            executable: executable, arguments: ["__check-child", jobPath, transcriptPath], input: .pipe,
            output: .file(outputPath), error: .withOutput)
        if let input = child.input {
            let line = Array((seal.hex + "\n").utf8)
            _ = line.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }  // 65 bytes: one write
        }
        child.closeInput()
        let ending = child.finish(within: options.timeout)
        return ChildRun(
            ending: ending, transcript: Self.contents(of: transcriptPath),
            output: Self.contents(of: outputPath).split(separator: "\n"))
    }

    /// A line of a child's output as a report shows it: at most 240 characters, a plugin may
    /// print a line of any length.
    static func shortened(_ line: Substring) -> String {
        let shown = 240
        guard line.count > shown else { return String(line) }
        return line.prefix(shown) + "… (\(line.count - shown) more characters)"
    }

    /// The file at `path` as UTF-8, repaired (a plugin may print any bytes: its other lines still
    /// count), as a forked child's files in memory are read (`ForkServerProcess.contents(of:)`).
    private static func contents(of path: String) -> String {
        String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data(), as: UTF8.self)
    }

    // MARK: fork servers

    /// Runs `job` (`message` is its record) in a process forked from `worker`'s server of its
    /// library, which writes its transcript and output to files in memory; nil when it must run
    /// in a fresh child (no server for the library, or the job is too large for one record). A
    /// server that dies is not asked again: the fallback is noted.
    private func forked(_ message: [UInt8], job: CheckJob, worker: Worker) throws -> ChildRun? {
        let library = job.subject.library
        guard let server = server(for: library, worker: worker) else { return nil }
        let transcript = try ForkServerProcess.scratch("transcript", append: true)
        defer { close(transcript) }
        let output = try ForkServerProcess.scratch("output", append: false)
        defer { close(output) }
        switch server.run(message, transcript: transcript, output: output, timeout: options.timeout) {
        case .ended(let ending):
            let printed = ForkServerProcess.contents(of: output).split(separator: "\n")
            return ChildRun(
                ending: ending, transcript: ForkServerProcess.contents(of: transcript),
                output: server.loadingOutput + printed)
        case .tooLarge: return nil
        case .lost(let reason):
            worker.forkServer = nil
            fallBack(library, reason)
            return nil
        }
    }

    /// `worker`'s fork server of `library`, started on its first job there (the previous
    /// library's ends); nil when its tests run in fresh processes.
    private func server(for library: String, worker: Worker) -> ForkServerConnection? {
        guard options.forkServer else { return nil }
        if worker.forkServerLibrary == library { return worker.forkServer }
        worker.forkServer = nil
        worker.forkServerLibrary = library
        if let copy = spareServers.withLock({ $0.library == library ? $0.servers.popLast() : nil }) {
            worker.forkServer = copy
            return copy
        }
        worker.jobNumber += 1
        let outputPath = workspace.appendingPathComponent("server-\(worker.number)-\(worker.jobNumber).output").path
        defer { unlink(outputPath) }
        do throws(ForkServerConnection.Refusal) {
            let server = try starter.withLock { started throws(ForkServerConnection.Refusal) in
                if started == nil {
                    reports.withLock { $0.serverStarts += 1 }
                    let path = workspace.appendingPathComponent("fork-server.output").path
                    started = Result { () throws(ForkServerConnection.Refusal) in
                        try ForkServerStarter(executable: executable, outputPath: path, timeout: options.timeout)
                    }
                }
                return try ForkServerConnection(
                    library: library, starter: started!.get(), outputPath: outputPath, timeout: options.timeout)
            }
            reports.withLock { $0.gaps.formUnion(server.gaps) }
            worker.forkServer = server
            // The other workers' servers: copies forked by this one, before its first job.
            let copies = (1..<max(1, workers.count)).compactMap { _ in try? server.clone(timeout: options.timeout) }
            spareServers.withLock { $0 = (library, copies) }
        } catch {
            fallBack(library, error.reason)
        }
        return worker.forkServer
    }

    /// Ends the last library's servers: a check leaves no process behind, and the next starts
    /// its own.
    private func endForkServers() {
        spareServers.withLock { $0 = ("", []) }
        starter.withLock { $0 = nil }
        for worker in workers {
            worker.forkServer = nil
            worker.forkServerLibrary = nil
        }
    }

    /// Notes why `library`'s tests run in fresh processes (once, whichever worker found it).
    private func fallBack(_ library: String, _ reason: String) {
        let prefix = "plugboard check: \(Self.fileName(library)): "
        reports.withLock { reports in
            guard !reports.fallbacks.contains(where: { $0.hasPrefix(prefix) }) else { return }
            reports.fallbacks.append(prefix + "each test in a fresh process (no fork server: \(reason))")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
