import Foundation
import Plugboard

// plugboard-check-benchmark: how fast `plugboard check` runs its catalogue, against baselines
// measured in the same run: starting a trivial process (/bin/true), and the same catalogue run in
// process (no child per test). Prints numbers; asserts nothing.

let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let plugboard = folder + "/plugboard"
let library = CommandLine.arguments.dropFirst().first ?? folder + "/libSideMenu.so"
guard FileManager.default.isExecutableFile(atPath: plugboard), FileManager.default.fileExists(atPath: library) else {
    print("build first: swift build -c release (needs \(plugboard) and \(library))")
    exit(2)
}

/// Mean milliseconds of `body` over `runs` runs.
func milliseconds(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<runs { try body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(runs)
}

func spawn(_ path: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    // As the harness waits (waitUntilExit polls the run loop and would measure its interval).
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    finished.wait()
}

let runs = 30
let trueProcess = try milliseconds(runs) { try spawn("/bin/true", []) }
let plugboardProcess = try milliseconds(runs) { try spawn(plugboard, ["--version"]) }
print("child start-up")
print(String(format: "  /bin/true                 %7.2f ms (baseline)", trueProcess))
print(
    String(
        format: "  plugboard --version       %7.2f ms  %.1f× the baseline", plugboardProcess,
        plugboardProcess / trueProcess))

func catalogue(inProcess: Bool) throws -> (milliseconds: Double, tests: Int) {
    var options = CheckOptions()
    options.seed = 1
    options.inProcess = inProcess
    let runner = try CheckRunner(options: options, executable: plugboard)
    var tests = 0
    let time = milliseconds(1) { tests = runner.check(libraries: [library]).results.count }
    return (time, tests)
}

let inProcess = try catalogue(inProcess: true)
let children = try catalogue(inProcess: false)
print("catalogue on \(URL(fileURLWithPath: library).lastPathComponent) (\(children.tests) tests, strictness 5)")
print(
    String(
        format: "  in process                %7.1f ms  %6.1f tests/s (baseline)", inProcess.milliseconds,
        Double(inProcess.tests) / inProcess.milliseconds * 1000))
print(
    String(
        format: "  a child per test          %7.1f ms  %6.1f tests/s  %.1f× the baseline's time", children.milliseconds,
        Double(children.tests) / children.milliseconds * 1000, children.milliseconds / inProcess.milliseconds))
print(
    String(
        format: "  cost of a child per test  %7.2f ms",
        (children.milliseconds - inProcess.milliseconds) / Double(children.tests)))
