import Foundation
import Logging
import Plugboard

// plugboard-tap-benchmark: what a tap on a bar button costs, from the tap to the screen shown
// (present the Showcase's TV guide from its bar button, then close it), with the screen cache
// hitting and — with a cache of one screen — missing. Prints wall time per tap; instruction
// counts come from `Benchmarks/callgrind.sh`, which runs this under callgrind and counts only
// inside `measuredTaps` (deterministic, unlike time). Asserts nothing.
//
//   swift build -c release --product plugboard-tap-benchmark
//   .build/release/plugboard-tap-benchmark [APP] [--taps N] [--miss]

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let taps = option("--taps").flatMap(Int.init) ?? 1000
let miss = arguments.contains("--miss")
arguments.removeAll { $0 == "--miss" }
let folder = URL(fileURLWithPath: arguments.first ?? "Examples/Showcase")
let executableFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error  // the plugins' info lines would drown the numbers
    return handler
}

var settings = try AppSettings.load(folder: folder)
if miss { settings.screenCacheCapacity = 1 }  // home stays (on the stack); each guide is made again
let app = try PlugboardApp(
    folder: folder, searchPath: LibrarySearchPath([folder.path, executableFolder]), settings: settings)

/// One tap: the bar's Guide button presents the guide; then close (not measured separately).
@MainActor @inline(never)
func tapAndClose() {
    do {
        try app.tap(identifier: "nav-item:nb-epg")
    } catch {
        fatalError("tap failed: \(error)")
    }
    guard app.close() else { fatalError("close failed") }
}

/// The measured region: callgrind's --toggle-collect names this function.
@MainActor @inline(never)
func measuredTaps(_ count: Int) {
    for _ in 0..<count { tapAndClose() }
}

tapAndClose()  // warm: the guide is made once (a miss), cached from now on unless --miss
let start = DispatchTime.now().uptimeNanoseconds
measuredTaps(taps)
let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(taps)
let stats = app.state.cache
print(
    String(
        format:
            "tap bar button -> screen shown -> close, cache %@: %.1f µs per tap (%d taps; cache hits %d, misses %d)",
        miss ? "miss" : "hit", nanoseconds / 1000, taps, stats.hits, stats.misses))
