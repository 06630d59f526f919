import Foundation
@_spi(Layers) import PlugboardCore
import PlugboardIsolation

/// The child's side of `plugboard check`: runs one job and reports through the transcript.
/// The CLI's hidden `__check-child` subcommand calls `main`.
package enum CheckChild {
    /// The job that lists a library's plugins (not a test of the catalogue).
    static let discoverTest = "plugboard.discover"

    /// Reads the job, runs it with every plugin call tracked, writes the outcome and ends the
    /// process at once: no plugin code (static destructors, atexit handlers) runs after the
    /// outcome is written.
    package static func main(jobPath: String, transcriptPath: String) -> Never {
        FileSizeLimit.apply()
        // The seal's key, on standard input, read before any plugin is loaded.
        guard let seal = readLine().flatMap(OutcomeSeal.init(hex:)) else {
            FileHandle.standardError.write(Data("plugboard check: no outcome key on standard input\n".utf8))
            _exit(3)
        }
        let transcript: ChildTranscript
        do {
            transcript = try ChildTranscript(path: transcriptPath)
        } catch {
            FileHandle.standardError.write(Data("plugboard check: \(error)\n".utf8))
            _exit(3)
        }
        let job = Result {
            try JSONDecoder().decode(CheckJob.self, from: Data(contentsOf: URL(fileURLWithPath: jobPath)))
        }
        // Confined once its files are open and read, before the library is loaded: it may read
        // the library's folder and the system's, and write nothing.
        let confined = confine(job) { Sandbox.confine(SandboxGrants(), readable: [$0]) }
        finish(confined, transcript: transcript, seal: seal)
    }

    /// Runs one job in a process a fork server forked (`CheckForkServer`), which decoded the
    /// job and its seal's key; the transcript is the descriptor the parent opened. The sandbox
    /// is completed here, on the thread that forked, before the job runs on a new thread: the
    /// forking thread's thread-local caches are the server's (`ForkServerProcess.onNewThread`),
    /// and the new thread inherits the confinement (seccomp and Landlock confine the calling
    /// thread and those it makes after).
    static func runForked(
        _ job: Result<CheckJob, any Error>, seal: OutcomeSeal, transcript descriptor: Int32, server: pid_t
    ) -> Never {
        let confined = confine(job) { Sandbox.confineForked(SandboxGrants(), readable: [$0], server: server) }
        let transcript = ChildTranscript(descriptor: descriptor)
        ForkServerProcess.onNewThread { finish(confined, transcript: transcript, seal: seal) }
    }

    /// Confines the process when the job could be read (`confine` gets the library's folder
    /// and returns the sandbox's gaps, which go to the output for the parent); returns `job`.
    private static func confine(
        _ job: Result<CheckJob, any Error>, _ confine: (String) -> [String]
    ) -> Result<CheckJob, any Error> {
        if case .success(let job) = job {
            for part in confine(job.subject.libraryFolder) {
                FileHandle.standardError.write(Data((CheckRunner.gapPrefix + part + "\n").utf8))
            }
        }
        return job
    }

    /// Runs `job` (in a confined process) with every plugin call tracked, writes the sealed
    /// outcome and ends the process at once. A fresh child and a fork server's test process
    /// both end here.
    private static func finish(_ job: Result<CheckJob, any Error>, transcript: ChildTranscript, seal: OutcomeSeal)
        -> Never
    {
        let outcome: ChildOutcome
        do {
            let job = try job.get()
            transcript.observeCalls()
            FileSizeLimit.endsThisThread()
            outcome = execute(job, transcript: transcript)
        } catch {
            outcome = ChildOutcome(status: .failed, message: "the harness could not read its job: \(error)")
        }
        PluginCallTracker.observer = nil
        let encoded = (try? JSONEncoder().encode(outcome)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        transcript.write("=", seal.seal(encoded) + " " + encoded)
        _exit(0)
    }

    /// Runs one job in this process.
    static func execute(_ job: CheckJob, transcript: ChildTranscript?) -> ChildOutcome {
        if job.test == discoverTest { return discover(job.subject.library) }
        guard let test = Catalogue.test(job.test) else {
            return ChildOutcome(status: .failed, message: "no test '\(job.test)' in the catalogue")
        }
        let context = CheckContext(job: job, transcript: transcript)
        do {
            try test.body(context)
        } catch let skip as CheckSkip {
            return ChildOutcome(status: .skipped, message: skip.description)
        } catch {
            return ChildOutcome(status: .failed, message: "\(error)")
        }
        if context.warnings.isEmpty { return ChildOutcome(status: .passed) }
        return ChildOutcome(status: .warning, message: context.warnings.joined(separator: "; "))
    }

    /// Lists the plugins of a library (id, kind), read the way the descriptor tests read them.
    static func discover(_ path: String) -> ChildOutcome {
        do {
            let library = try RawLibrary(path: path)
            var found: [DiscoveredPlugin] = []
            for table in try library.initializedTables() {
                for descriptor in table.rawDescriptors().descriptors {
                    guard let id = descriptor.id.flatMap({ String(validating: $0, as: UTF8.self) }), !id.isEmpty,
                        !found.contains(where: { $0.id == id && $0.kind == table.kind })
                    else { continue }
                    let name = descriptor.name.map { String(decoding: $0, as: UTF8.self) } ?? id
                    found.append(DiscoveredPlugin(id: id, kind: table.kind, name: name))
                }
            }
            let text = String(decoding: try JSONEncoder().encode(found), as: UTF8.self)
            return ChildOutcome(status: .passed, message: text)
        } catch {
            return ChildOutcome(status: .failed, message: "\(error)")
        }
    }
}

/// A plugin a library describes, as discovery reports it to the parent.
package struct DiscoveredPlugin: Sendable, Codable, Equatable {
    package var id: String
    package var kind: PluginKind
    package var name: String
}
