import CFFI
import Foundation
import Plugboard

/// Cost per call of the three ways to reach `ex_add(i32, i32) -> i32` in TestExportsC:
/// a direct typed call through a C function pointer (the baseline), raw `ffi_call` with the
/// prepared cif, and the host's JSON → libffi → JSON path (`DynamicExports.call`). All measured
/// in this run. Build everything first: `swift build -c release && .build/release/plugboard-ffi-benchmark`.

let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let path = directory.appendingPathComponent("libTestExportsC.so").path
guard FileManager.default.fileExists(atPath: path) else {
    FileHandle.standardError.write(Data("\(path) is missing: run `swift build -c release` first\n".utf8))
    exit(1)
}
let library = try PluginLibrary.open(path: path)
let sink = DiagnosticSink()
let keys = PlugboardKeys.read(
    ConfigNode(
        try JSONParser.parse(#"{"library": "TestExportsC", "exports": {"ex_add": "(i32, i32) -> i32"}}"#), file: "-"),
    sink)!
let exports = DynamicExports()
try exports.prepare(plugin: "bench", keys: keys, library: library)
let export = try exports.export(plugin: "bench", name: "ex_add")

typealias Add = @convention(c) (Int32, Int32) -> Int32
let add = unsafeBitCast(library.symbol("ex_add")!, to: Add.self)

/// Nanoseconds per call, best of five rounds.
func measure(_ iterations: Int, _ body: (Int) -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let clock = ContinuousClock()
        let elapsed = clock.measure { for i in 0..<iterations { body(i) } }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanoseconds / Double(iterations))
    }
    return best
}

var sink32: Int32 = 0
let direct = measure(5_000_000) { i in sink32 &+= add(Int32(truncatingIfNeeded: i), 1) }

var a: Int32 = 0
var b: Int32 = 1
var result: ffi_arg = 0
let raw = withUnsafeMutablePointer(to: &a) { pa in
    withUnsafeMutablePointer(to: &b) { pb in
        var values: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(pa), UnsafeMutableRawPointer(pb)]
        return values.withUnsafeMutableBufferPointer { buffer in
            measure(2_000_000) { i in
                pa.pointee = Int32(truncatingIfNeeded: i)
                ffi_call(
                    export.cif, unsafeBitCast(export.function, to: (@convention(c) () -> Void).self), &result,
                    buffer.baseAddress)
            }
        }
    }
}

var json = ""
let host = measure(200_000) { i in
    json = (try? exports.call(plugin: "bench", name: "ex_add", arguments: "[\(i % 1000), 1]").serialized()) ?? ""
}
precondition(json == "1000" || !json.isEmpty, "the JSON path returned nothing")

func format(_ value: Double) -> String { String(format: "%8.1f ns/call", value) }
print("ex_add(i32, i32) -> i32, best of 5 rounds")
print("  direct typed call (baseline): \(format(direct))")
print("  raw ffi_call, prepared cif:   \(format(raw))   ratio \(String(format: "%.1f", raw / direct))× direct")
print(
    "  JSON → libffi → JSON (host):  \(format(host))   ratio \(String(format: "%.1f", host / direct))× direct, "
        + "\(String(format: "%.1f", host / raw))× ffi_call")
