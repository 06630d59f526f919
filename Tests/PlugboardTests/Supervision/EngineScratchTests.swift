import Foundation
import Synchronization
import TestSupport
import Testing
import ThreadPrivileges

@testable import PlugboardIsolation

/// An engine's scratch folder (its `TMPDIR`, the one folder it may write) goes with the engine
/// however its supervisor ends: dropped, killed with SIGKILL (the warden, or the unsandboxed
/// engine, removes it), or killed with everything of it (the next supervisor sweeps it).
@Suite struct EngineScratchTests {
    /// The engine folders in `folder`.
    static func scratchFolders(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(EngineScratch.prefix) }
    }

    /// `plugboard run` with its temporary folder `folder`, killed with SIGKILL once its first
    /// screen is drawn: its engine sees its standard input end (unsandboxed) or its warden sees
    /// it end (sandboxed), and the folder is removed before they end. Standard error is read to
    /// its end, which comes only when every process holding it (the warden, the engine) has ended.
    @Test(arguments: [[], ["--no-sandbox"]])
    func aSupervisorKilledWithSIGKILLLeavesNoScratchFolder(options: [String]) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
        process.arguments = ["run", "Examples/Showcase"] + options
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        try process.run()
        // The first screen (drawn after the engine answered its launch), then the wait for a command.
        var drawn = Data()
        while !String(decoding: drawn, as: UTF8.self).contains("Home"),
            let more = try output.fileHandleForReading.read(upToCount: 4096), !more.isEmpty
        {
            drawn += more
        }
        #expect(try Self.scratchFolders(in: folder).count == 1)
        kill(process.processIdentifier, SIGKILL)
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Self.scratchFolders(in: folder) == [])
        try input.fileHandleForWriting.close()
    }

    /// A command that ends before it needs the engine it prestarted (`run --bogus`) leaves no
    /// folder: the engine sees its input end before the handshake and removes it, sandboxed or
    /// not (sandboxed, its warden removes it too).
    @Test(arguments: [[:], [Sandbox.disabledVariable: "1"]])
    func aPrestartedEngineNobodyTookLeavesNoScratchFolder(environment: [String: String]) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
        process.arguments = ["run", "--bogus", "Examples/Showcase"]
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["TMPDIR": folder.path]) { $1 }
        let errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) =
            (FileHandle.nullDevice, FileHandle.nullDevice, errors)
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(said.hasPrefix("Error: Unknown option '--bogus'"), "\(said)")
        #expect(try Self.scratchFolders(in: folder) == [])
    }

    /// What killed processes left is swept: folders nobody holds and older than `sweepAge`, with
    /// what a plugin wrote in them, following none of its symbolic links; a folder a live
    /// supervisor holds, a young one and anything not an engine folder stay.
    @Test func theSweepRemovesOnlyFoldersNobodyHolds() throws {
        let parent = try makeTemporaryDirectory()
        let outside = try makeTemporaryDirectory()
        defer { [parent, outside].forEach { try? FileManager.default.removeItem(at: $0) } }
        let keptFile = outside.appendingPathComponent("precious")
        try Data("keep".utf8).write(to: keptFile)

        let files = FileManager.default
        let left = parent.appendingPathComponent(EngineScratch.prefix + "left01")
        let nested = left.appendingPathComponent("a/b/c")
        try files.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("plugin".utf8).write(to: nested.appendingPathComponent("cache"))
        try files.createSymbolicLink(at: left.appendingPathComponent("to-file"), withDestinationURL: keptFile)
        try files.createSymbolicLink(at: left.appendingPathComponent("a/to-folder"), withDestinationURL: outside)
        #expect(mkfifo(left.appendingPathComponent("fifo").path, 0o600) == 0)
        let other = parent.appendingPathComponent("plugboard-tests-other")
        try files.createDirectory(at: other, withIntermediateDirectories: true)
        let held = try #require(EngineScratch(in: parent.path))

        // Everything young: nothing goes.
        #expect(EngineScratch.sweep(in: parent.path).isEmpty)
        // An hour on: only the folder nobody holds.
        let removed = EngineScratch.sweep(in: parent.path, now: Date().addingTimeInterval(3600))
        #expect(removed == [left.path])
        #expect(!files.fileExists(atPath: left.path))
        #expect(files.fileExists(atPath: held.path))
        #expect(files.fileExists(atPath: other.path))
        #expect(try String(contentsOf: keptFile, encoding: .utf8) == "keep")
        #expect(try files.contentsOfDirectory(atPath: outside.path) == ["precious"])

        let path = held.path
        withExtendedLifetime(held) {}
        #expect(EngineScratch.remove(path) == 0)
        #expect(!files.fileExists(atPath: path))
    }

    /// A plugin may take the rights on folders it made away from their owner — all of them (mode
    /// 000) or writing (0500) — and on its scratch folder itself: they are removed all the same,
    /// by the warden's removal and by the sweep, as a user who is not root meets them (the work
    /// runs on a thread that has no way past a file's mode, though CI runs as root).
    @Test func foldersAPluginLockedAreRemovedAllTheSame() throws {
        let parent = try makeTemporaryDirectory()
        defer {
            _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", parent.path])
                .waitUntilExit()
            try? FileManager.default.removeItem(at: parent)
        }
        /// An engine folder holding `unreadable/inner/file` (000) and `readonly/file` (0500).
        func lockedFolder(_ name: String) throws -> String {
            let top = parent.appendingPathComponent(EngineScratch.prefix + name)
            for folder in ["unreadable/inner", "readonly"] {
                let made = top.appendingPathComponent(folder)
                try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
                try Data("plugin".utf8).write(to: made.appendingPathComponent("file"))
            }
            #expect(chmod(top.path + "/unreadable", 0) == 0)
            #expect(chmod(top.path + "/readonly", 0o500) == 0)
            return top.path
        }
        let removed = try lockedFolder("removed")
        let swept = try lockedFolder("swept01")
        #expect(chmod(swept, 0) == 0)

        let outcome = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            guard thread_drop_file_overrides() == 0 else { return outcome.withLock { $0 = ["capset failed"] } }
            // The thread meets the modes: the locked folders cannot be opened as they are.
            let refused = open(removed + "/unreadable", O_RDONLY | O_DIRECTORY) == -1 && errno == EACCES
            let status = EngineScratch.remove(removed)
            let sweep = EngineScratch.sweep(in: parent.path, now: Date().addingTimeInterval(3600))
            outcome.withLock { $0 = ["refused \(refused)", "removed \(status)"] + sweep }
        }
        thread.start()
        done.wait()
        #expect(outcome.withLock { $0 } == ["refused true", "removed 0", swept])
        #expect(try Self.scratchFolders(in: parent) == [])
    }

    /// Folders nested deeper than the remover keeps open at once (64) are removed too: a plugin
    /// that nests them without end leaves nothing behind.
    @Test func foldersNestedWithoutEndAreRemoved() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let top = parent.appendingPathComponent(EngineScratch.prefix + "deep")
        var bottom = top
        for level in 0..<150 { bottom.appendPathComponent(level % 2 == 0 ? "d" : "e") }
        try FileManager.default.createDirectory(at: bottom, withIntermediateDirectories: true)
        try Data("at the bottom".utf8).write(to: bottom.appendingPathComponent("file"))
        #expect(EngineScratch.remove(top.path) == 0)
        #expect(try Self.scratchFolders(in: parent) == [])
    }

    /// A folder dropped by its supervisor is removed with what is in it.
    @Test func aDroppedScratchFolderIsRemoved() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        var scratch = EngineScratch(in: parent.path)
        let path = try #require(scratch?.path)
        try Data("left by a plugin".utf8).write(to: URL(fileURLWithPath: path + "/file"))
        scratch = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
