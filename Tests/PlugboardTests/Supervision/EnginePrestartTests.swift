import Foundation
import TestSupport
import Testing

/// `plugboard run` and `serve` start their engine before they parse their command line
/// (`Supervisor.prestartEngine`), so the engine's start overlaps theirs. A command that then
/// needs no engine — it fails, or asks for something else — must end as it did before: the same
/// words on standard error, nothing from the engine it did not use, and no engine left running.
@Suite struct EnginePrestartTests {
    /// Runs `plugboard` with its standard error a pipe read to its end: the read ends only when
    /// every process that holds the pipe has ended, the engine too.
    static func plugboard(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test(arguments: [
        (["run", "--bogus", "Examples/Showcase"], 64, "Error: Unknown option '--bogus'\n"),
        (["run", "/nonexistent/app"], 1, "Error: '/nonexistent/app' is not a folder\n"),
        (["run", "--call-timeout", "0", "Examples/Showcase"], 64, "Error: --call-timeout must be a positive number\n"),
    ])
    func aCommandThatEndsBeforeItsEngineIsNeededSaysOnlyWhatItSays(
        arguments: [String], status: Int32, starts: String
    ) throws {
        let (ended, said) = try Self.plugboard(arguments)
        #expect(ended == status)
        #expect(said.hasPrefix(starts), "\(said)")
        #expect(!said.contains("__engine"), "\(said)")
    }

    /// `plugboard serve` is the `plugboard-serve` executable: its help, its errors and the words
    /// of its usage are those of `plugboard serve`, reached by either spelling; and `plugboard`
    /// itself does not carry the HTTP server.
    @Test func serveIsItsOwnExecutableUnderItsOwnName() throws {
        let help = try runPlugboard(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: plugboard serve [<folder>]"), "\(help.stdout)")
        #expect(help.stdout.contains("--token <token>"))
        #expect(try runPlugboard(["help", "serve"]).stdout == help.stdout)
        let wrong = try runPlugboard(["serve", "--port", "70000", "Examples/Showcase"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("Error: --port must be 0…65535\nUsage: plugboard serve "), "\(wrong.stderr)")
        let listed = try runPlugboard(["--help"])
        #expect(listed.stdout.contains("  serve "), "\(listed.stdout)")

        let symbols = try Data(contentsOf: URL(fileURLWithPath: Built.directory + "/plugboard"))
        #expect(symbols.range(of: Data("Hummingbird".utf8)) == nil, "plugboard links the HTTP server")
    }

    /// A `plugboard` without its `plugboard-serve` says what is missing and how to build it.
    @Test func serveWithoutItsExecutableSaysWhatToBuild() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lonely = folder.appendingPathComponent("plugboard").path
        try FileManager.default.copyItem(atPath: Built.directory + "/plugboard", toPath: lonely)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lonely)
        process.arguments = ["serve", "Examples/Showcase"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let missing = "plugboard serve runs \(folder.path)/plugboard-serve, which cannot be started"
        #expect(said.contains(missing), "\(said)")
        #expect(said.contains("swift build --product plugboard-serve"))
    }

    /// The prestarted engine is the one the session uses: the app runs supervised as before.
    @Test func theSessionUsesThePrestartedEngine() throws {
        let result = try runPlugboard(["run", "--json", "Examples/Showcase"], input: "tap nav-item:nb-epg\nstate\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"url\":\"app://home?epg=v\""), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
