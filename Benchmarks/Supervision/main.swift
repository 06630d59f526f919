import Foundation
import Logging
import Plugboard

// plugboard-supervision-benchmark: what supervision costs, against the same work in process
// (`--in-process`) measured in the same run — start-up to the first screen, a shell command that
// changes the screen, and one recorded call into plugin code. Prints numbers; asserts nothing.

let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let plugboard = folder + "/plugboard"
let app = CommandLine.arguments.dropFirst().first ?? "Examples/Showcase"
guard FileManager.default.isExecutableFile(atPath: plugboard), FileManager.default.fileExists(atPath: app) else {
    print("build first and run from the package folder: swift build -c release (needs \(plugboard) and \(app))")
    exit(2)
}

/// Mean microseconds of `body` over `runs` runs.
func microseconds(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<runs { try body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(runs)
}

func line(_ name: String, _ value: Double, unit: String, baseline: Double?) {
    let ratio = baseline.map { String(format: "  %.1f× the baseline", value / $0) } ?? " (baseline)"
    let padded = name.padding(toLength: 26, withPad: " ", startingAt: 0)
    print("  \(padded)" + String(format: "%10.2f ", value) + unit + ratio)
}

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error  // the plugins' info lines would drown the numbers
    return handler
}

let launch = EngineLaunch(folder: app, searchPath: LibrarySearchPath([app, folder]))
func supervised() -> Supervisor { Supervisor(executable: plugboard, launch: launch, callTimeout: 5) }

// Start-up to the first drawn screen, then shut down.
let startRuns = 10
let inProcessStart = try microseconds(startRuns) {
    let driver = InProcessDriver(launch: launch)
    _ = try driver.start()
    _ = driver.perform(.command("show"))
    driver.stop()
}
let supervisedStart = try microseconds(startRuns) {
    let driver = supervised()
    _ = try driver.start()
    _ = driver.perform(.command("show"))
    driver.stop()
}
print("start-up to the first screen (\(app))")
line("in process", inProcessStart / 1000, unit: "ms", baseline: nil)
line("supervised", supervisedStart / 1000, unit: "ms", baseline: inProcessStart / 1000)

// A screen change: a tap on a menu item and back (plugin calls, layout, drawing).
func taps(_ driver: any EngineDriver) throws -> Double {
    _ = try driver.start()
    defer { driver.stop() }
    _ = driver.perform(.command("select m-shows"))
    return microseconds(200) {
        _ = driver.perform(.command("push shows"))
        _ = driver.perform(.command("back"))
    } / 2
}
let inProcessTap = try taps(InProcessDriver(launch: launch))
let supervisedTap = try taps(supervised())
print("one shell command that changes the screen (push, back)")
line("in process", inProcessTap, unit: "µs", baseline: nil)
line("supervised", supervisedTap, unit: "µs", baseline: inProcessTap)

// One call into plugin code, tracked: no observer, and the flight recorder's two stores.
@inline(never) func pluginCall(_ value: Int) -> Int { value &+ 1 }
let call = PluginCall("layout", kind: .screen, plugin: "acme", library: "/p/libAcme.so")
let calls = 1_000_000
var sink = 0
PluginCallTracker.observer = nil
let untracked = microseconds(1) {
    for index in 0..<calls { sink &+= PluginCallTracker.track(call) { pluginCall(index) } }
}
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
try FlightRecorder(creatingAt: directory.appendingPathComponent("recorder").path).observeCalls()
let recorded = microseconds(1) {
    for index in 0..<calls { sink &+= PluginCallTracker.track(call) { pluginCall(index) } }
}
PluginCallTracker.observer = nil
print("one call into plugin code (\(sink % 2 == 0 ? "" : " ")\(calls) calls)")
line("no observer (in process)", untracked * 1000 / Double(calls), unit: "ns", baseline: nil)
line("flight recorder", recorded * 1000 / Double(calls), unit: "ns", baseline: untracked * 1000 / Double(calls))
