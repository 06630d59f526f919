import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@_spi(Layers) @testable import PlugboardCore
@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardIsolation
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The flight recorder: what one mapping writes, another reads, with fields cut cleanly.
struct FlightRecorderTests {
    @Test func callsInFlightAndProgressAreSeenThroughAnotherMapping() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("recorder").path
        let supervisor = try FlightRecorder(creatingAt: path)
        let engine = try FlightRecorder(openingAt: path)
        engine.enter(PluginCall("init", library: "/p/libA.so"))
        engine.enter(PluginCall("create", kind: .screen, plugin: "acme", library: "/p/libA.so"))
        #expect(supervisor.progress == (2, 0, 2))
        #expect(
            supervisor.callsInFlight == [
                PluginCall("init", library: "/p/libA.so"),
                PluginCall("create", kind: .screen, plugin: "acme", library: "/p/libA.so"),
            ])
        engine.leave()
        #expect(supervisor.progress == (2, 1, 1))
        #expect(supervisor.callsInFlight.map(\.function) == ["init"])
    }

    @Test func deepCallsOnlyCountAndTheLogKeepsTheLastLines() {
        let recorder = FlightRecorder()
        for depth in 0..<(FlightRecorder.frameCount + 3) { recorder.enter(PluginCall("call \(depth)")) }
        #expect(recorder.progress.depth == FlightRecorder.frameCount + 3)
        #expect(recorder.callsInFlight.count == FlightRecorder.frameCount)
        for line in 0..<(FlightRecorder.logCount + 5) { recorder.log("acme info: line \(line)") }
        #expect(recorder.lastLogLines.count == FlightRecorder.logCount)
        #expect(recorder.lastLogLines.first == "acme info: line 5")
        #expect(recorder.lastLogLines.last == "acme info: line \(FlightRecorder.logCount + 4)")
    }

    @Test func longTextIsCutOnACharacterBoundary() {
        let recorder = FlightRecorder()
        let plugin = String(repeating: "é", count: 200)  // two bytes each, longer than the field
        recorder.enter(PluginCall("create", kind: .screen, plugin: plugin))
        let recorded = recorder.callsInFlight[0].plugin ?? ""
        #expect(recorded.utf8.count < FlightRecorder.Field.plugin.size)
        #expect(recorded.allSatisfy { $0 == "é" })
        #expect(!recorded.isEmpty)
    }

    @Test func aFileThatIsNotARecorderIsRefused() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("other").path
        try Data(repeating: 7, count: FlightRecorder.size).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try FlightRecorder(openingAt: path) }
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try FlightRecorder(openingAt: path) }
    }
}

/// What a supervisor leaves out is treated like a plugin that failed to load.
struct PluginExclusionTests {
    @Test func aLeftOutPluginBecomesTheErrorScreenAndALeftOutLibraryIsNeverOpened() throws {
        let folder = try HostileApp.write()
        let configuration = try AppConfiguration.load(folder: folder)
        let settings = try AppSettings.load(folder: folder)
        let exclusions = PluginExclusions(
            libraries: [Built.library("BrokenInitAbort"): "SIGABRT in init"],
            plugins: ["broken_create_crash": "SIGSEGV in create"])
        let app = PlugboardApp(
            configuration: configuration, settings: settings, searchPath: Built.searchPath, exclusions: exclusions)
        defer { app.shutdown() }
        #expect(
            app.plugins.failures["broken_create_crash"]?.error
                == .leftOut(
                    path: Built.library("BrokenCreateCrash"), plugin: "broken_create_crash", reason: "SIGSEGV in create"
                ))
        #expect(
            app.plugins.failures["broken_init_abort"]?.error
                == .leftOut(path: Built.library("BrokenInitAbort"), plugin: nil, reason: "SIGABRT in init"))
        #expect(app.plugins.plugin("test.screen.c") != nil)
        try app.open(urlText: "app://home/crash")
        #expect(app.state.rootStack == ["home", "crash"])
    }
}

/// Bad libraries are remembered by path, size, mtime and hash, until the file changes.
struct BadLibraryCacheTests {
    @Test func anEntryHoldsUntilTheFileChanges() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("libX.so")
        try Data("first".utf8).write(to: library)
        let cache = BadLibraryCache(file: folder.appendingPathComponent("cache/bad.json"))
        #expect(cache.entry(for: library.path) == nil)
        cache.remember(library.path, failure: "SIGSEGV in init")
        #expect(cache.entry(for: library.path)?.failure == "SIGSEGV in init")
        // Same size, new bytes and time: no longer the file that failed.
        try Data("other".utf8).write(to: library)
        #expect(cache.entry(for: library.path) == nil)
        cache.remember(library.path, failure: "again")
        cache.forget(library.path)
        #expect(cache.entry(for: library.path) == nil)
    }

    @Test func aCorruptCacheCountsAsEmpty() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try Data("{not json".utf8).write(to: file)
        let library = folder.appendingPathComponent("libY.so")
        try Data("y".utf8).write(to: library)
        let cache = BadLibraryCache(file: file)
        #expect(cache.entry(for: library.path) == nil)
        cache.remember(library.path, failure: "exit(0) in init")
        #expect(cache.entry(for: library.path)?.failure == "exit(0) in init")
    }
}
