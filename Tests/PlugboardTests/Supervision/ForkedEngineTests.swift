import CSandbox
import Foundation
import PlugboardCommandLine
import TestSupport
import Testing

/// A supervised `plugboard run` forks its engine before main (`ForkedEngine`) instead of starting
/// a new process of itself. The engine it forks must be the engine it would have started: the
/// same sandbox, descriptors, process group and warden, the same answers.
@Suite struct ForkedEngineTests {
    /// What can be seen of a running engine from outside, and must not depend on how it began.
    struct Confinement: Equatable {
        var ownUserNamespace: Bool
        var ownNetworkNamespace: Bool
        var seccomp: String
        var noNewPrivileges: String
        var tracedByItsWarden: Bool
        var ownProcessGroup: Bool
        /// What its descriptors are: "pipe", "anon_inode:[pidfd]", a library's file name, … (but
        /// the socket Foundation gives a child it starts).
        var descriptors: [String]
    }

    /// The Showcase run supervised with `environment`; the engine's confinement once the first
    /// screen is drawn, and whether its warden's command line is the supervisor's (forked).
    static func engine(environment: [String: String]) throws -> (Confinement, forked: Bool) {
        let run = try RunningPlugboard(["run", "Examples/Showcase"], environment: environment)
        defer {
            try? run.input.fileHandleForWriting.close()
            run.process.waitUntilExit()
        }
        _ = run.output.fileHandleForReading.availableData  // the first drawing: the engine is ready
        let supervisor = run.pid
        let warden = try #require(childProcesses(of: supervisor).first)
        let engine = childProcesses(of: warden).first ?? warden
        func link(_ pid: Int32, _ name: String) -> String {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/\(name)")) ?? "?"
        }
        func status(_ field: String) -> String {
            let text = (try? String(contentsOfFile: "/proc/\(engine)/status", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces)
        }
        let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(engine)/fd")) ?? [])
            .map { link(engine, "fd/\($0)") }
            // Foundation's `Process` hands a started child a socket to learn of its end by; a
            // forked one is watched through a pidfd instead.
            .filter { !$0.hasPrefix("socket:") }
            .map { $0.hasPrefix("pipe:") ? "pipe" : URL(fileURLWithPath: $0).lastPathComponent }
            .sorted()
        let confinement = Confinement(
            ownUserNamespace: link(engine, "ns/user") != link(supervisor, "ns/user"),
            ownNetworkNamespace: link(engine, "ns/net") != link(supervisor, "ns/net"),
            seccomp: status("Seccomp"), noNewPrivileges: status("NoNewPrivs"),
            tracedByItsWarden: engine != warden && status("TracerPid") == String(warden),
            ownProcessGroup: getpgid(engine) != getpgid(supervisor), descriptors: descriptors)
        let commandLine = { (pid: Int32) in (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) }
        return (confinement, commandLine(warden) == commandLine(supervisor))
    }

    @Test func aForkedEngineIsConfinedAsAStartedOne() throws {
        let (forked, wasForked) = try Self.engine(environment: [:])
        let (started, wasStarted) = try Self.engine(environment: ["PLUGBOARD_NO_ENGINE_FORK": "1"])
        #expect(wasForked)
        #expect(!wasStarted)
        #expect(forked == started)
        #expect(forked.ownProcessGroup)
        #expect(forked.descriptors.contains("libEPG.so"), "\(forked.descriptors)")
    }

    /// The constructor's test (C, before main) and the prestart's (Swift, from main) agree on
    /// every `run` command line: an engine is forked exactly where one is wanted.
    @Test(arguments: [
        ["run", "app"], ["run", "app", "--json"], ["run", "--in-process", "app"], ["run", "app", "--no-sandbox"],
        ["run", "--help"], ["run", "-h"], ["run", "help"], ["run", "app", "--", "--in-process"], ["run"],
        ["render", "app"], ["check", "app"], ["serve", "app"], [],
    ])
    func anEngineIsForkedWhereOneIsWanted(arguments: [String]) {
        let argv = (["plugboard"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let forks = pb_engine_fork_wanted(Int32(argv.count), argv) == 1
        let wanted = arguments.first == "run" && EnginePrestart.startsAnEngine(arguments)
        #expect(forks == wanted)
    }
}
