import CBaselines
import Foundation
import Plugboard
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// A dynamic export called the way `plugboard.host.invoke` and `plugboard call` do: JSON text of
/// the arguments in, libffi call, JSON text of the result out. Baselines: raw `ffi_call` of the
/// same function (C, prepared once), and Python's ctypes and cffi calling it from Python (each
/// measured by Python's timeit in this run, when Python has them).
enum ExportCall {
    static let signature = #"{"library": "BenchPlugin", "exports": {"bench_add": "(i32, i32) -> i32"}}"#

    static func make(_ context: BenchContext) throws -> Comparison {
        let library = try PluginLibrary.open(path: context.benchPlugin)
        let sink = DiagnosticSink()
        guard let keys = PlugboardKeys.read(ConfigNode(try JSONParser.parse(signature), file: "-"), sink) else {
            throw BenchError("the bench export's keys did not read: \(sink.diagnostics)")
        }
        let exports = DynamicExports()
        try exports.prepare(plugin: "bench", keys: keys, library: library)
        guard let function = library.symbol("bench_add"), cb_ffi_prepare(function) else {
            throw BenchError("libffi refused bench_add")
        }
        var comparison = Comparison(
            name: "export-call", summary: "dynamic export: JSON arguments in → ffi_call → JSON result out",
            subject: { count in
                for _ in 0..<count {
                    blackHole(try exports.call(plugin: "bench", name: "bench_add", arguments: "[40, 2]").serialized())
                }
            },
            baselineName: "raw ffi_call of the same function",
            baseline: { count in
                for index in 0..<count { blackHole(cb_ffi_call(Int32(truncatingIfNeeded: index), 2)) }
            })
        comparison.isMicro = true
        comparison.externalBaselines = [
            .init(name: "Python cffi calling the same function", suffix: "cffi", goal: .ratio(atMost: 0.8)) {
                try python(context, library: library.path)["cffi"]
            },
            .init(name: "Python ctypes calling the same function", suffix: "ctypes", goal: nil) {
                try python(context, library: library.path)["ctypes"]
            },
        ]
        return comparison
    }

    /// Nanoseconds per call of `bench_add(40, 2)` from Python, by ctypes and cffi (timeit, best of
    /// five); a missing module is left out. Measured once per run.
    nonisolated(unsafe) private static var measured: [String: Double]?
    private static func python(_ context: BenchContext, library: String) throws -> [String: Double] {
        if let measured { return measured }
        let script = """
            import json, sys, timeit
            path, number = sys.argv[1], 200000
            out = {}
            import ctypes
            lib = ctypes.CDLL(path)
            lib.bench_add.argtypes = (ctypes.c_int32, ctypes.c_int32)
            lib.bench_add.restype = ctypes.c_int32
            f = lib.bench_add
            out["ctypes"] = min(timeit.repeat("f(40, 2)", globals={"f": f}, number=number, repeat=5)) / number * 1e9
            try:
                import cffi
                ffi = cffi.FFI()
                ffi.cdef("int32_t bench_add(int32_t, int32_t);")
                g = ffi.dlopen(path).bench_add
                out["cffi"] = min(timeit.repeat("g(40, 2)", globals={"g": g}, number=number, repeat=5)) / number * 1e9
            except ImportError:
                pass
            print(json.dumps(out))
            """
        let output = try Spawn.output("/usr/bin/env", ["python3", "-c", script, library])
        let values = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Double] ?? [:]
        measured = values
        return values
    }
}
