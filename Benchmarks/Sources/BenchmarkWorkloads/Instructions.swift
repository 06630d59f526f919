import Foundation

/// Instructions per tap, counted by callgrind inside `Tap.measuredTaps` only: deterministic for
/// the same binaries and inputs (no clock involved), so CI may check it. valgrind 3.19 cannot read
/// Swift 6's DWARF, so it runs copies stripped of debug information (the symbols stay, which is
/// what `--toggle-collect` needs).
public enum Instructions {
    public static let goals: [(miss: Bool, goal: Goal)] = [
        (false, .value(atMost: 100_000)), (true, .value(atMost: 300_000)),
    ]

    public static var isAvailable: Bool { (try? Spawn.output("/usr/bin/env", ["valgrind", "--version"])) != nil }

    /// One figure per cache mode: instructions per tap over `taps` taps.
    public static func figures(_ context: BenchContext, taps: Int) throws -> [Figure] {
        let copies = context.scratch.appendingPathComponent("callgrind")
        try? FileManager.default.removeItem(at: copies)
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        // The bench executable and every library the Showcase loads, side by side, stripped.
        var files = [context.benchBuild.appendingPathComponent("plugboard-bench").path]
        files += try AppStart.loadedLibraries(context)
        for file in files {
            let copy = copies.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            try Spawn.run("/usr/bin/env", ["strip", "-g", copy])
        }
        return try goals.map { miss, goal in
            let output = copies.appendingPathComponent(miss ? "miss.cg" : "hit.cg").path
            try Spawn.run(
                "/usr/bin/env",
                [
                    "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)",
                    "--toggle-collect=*12measuredTaps*KFZ",
                    copies.appendingPathComponent("plugboard-bench").path, "tap-loop", context.showcase.path,
                    "--taps", "\(taps)", "--search-path", copies.path,
                ] + (miss ? ["--miss"] : []))
            let total = try totalInstructions(output)
            // A tap runs plugin and host code: a handful of instructions means the toggle missed.
            guard total >= taps * 1_000 else {
                throw BenchError("callgrind counted \(total) instructions in \(taps) taps: measuredTaps was not found")
            }
            return Figure(
                name: miss ? "tap-miss-instructions" : "tap-hit-instructions",
                summary: "instructions per tap (callgrind), screen cache \(miss ? "missing" : "hitting")",
                value: Double(total) / Double(taps), unit: "instructions", goal: goal,
                note: "\(total) over \(taps) taps")
        }
    }

    /// The `summary:` (or `totals:`) line of a callgrind output file.
    static func totalInstructions(_ path: String) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let value = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return value }
        }
        throw BenchError("\(path): no instruction total")
    }
}
