import Foundation

/// Instructions per tap, counted by callgrind inside `Tap.measuredTaps` only, and per push and back
/// of the stack-depth sweep inside `Sweep.measuredStackRounds`: deterministic for
/// the same binaries and inputs (no clock involved), so CI may check it. valgrind 3.19 cannot read
/// Swift 6's DWARF, so it runs copies stripped of debug information (the symbols stay, which is
/// what `--toggle-collect` needs).
public enum Instructions {
    public static let names = ["tap-hit-instructions", "tap-miss-instructions", "growth-stack-depth-instructions"]
    /// The goals for host instructions per tap (#36): plugin code excluded, by object.
    public static let goals: [(miss: Bool, goal: Goal)] = [
        (false, .value(atMost: 30_000)), (true, .value(atMost: 100_000)),
    ]

    /// What CI enforces (`plugboard-bench instructions --check`): a goal once it is met (the
    /// cache-hit tap's since 2026-11-27, the miss's since 2026-11-29), else the latest count
    /// with room for other CPUs' C libraries, so a change that makes a tap dearer fails CI while
    /// the goal is still ahead. Lower them as the counts fall.
    public static let ceilings: [String: Double] = [
        "tap-hit-instructions": 30_000, "tap-miss-instructions": 100_000, "growth-stack-depth-instructions": 1.05,
    ]

    /// True when `figure` is within its CI ceiling (a figure without one always is).
    public static func isWithinCeiling(_ figure: Figure) -> Bool { figure.value <= ceilings[figure.name] ?? .infinity }

    public static var isAvailable: Bool { (try? Spawn.output("/usr/bin/env", ["valgrind", "--version"])) != nil }

    /// The stack depths whose instructions per push and back give the deterministic exponent.
    public static let stackDepths = [100, 1000]

    /// One figure per cache mode: the host's instructions per tap over `taps` taps, the plugins'
    /// own code left out (`pluginInstructions`: the bar drawing its buttons, the guide making its
    /// views, and the runtime calls they make); then the stack-depth growth exponent
    /// in instructions (one round after a warm one at each of `stackDepths`; the count is the
    /// same every time, so more rounds would add nothing).
    public static func figures(_ context: BenchContext, taps: Int) throws -> [Figure] {
        let copies = try strippedCopies(context)
        let bench = copies.appendingPathComponent("plugboard-bench").path
        let plugins = Set(try AppStart.loadedLibraries(context).map { URL(fileURLWithPath: $0).lastPathComponent })
        let taps = try goals.map { miss, goal in
            let output = copies.appendingPathComponent(miss ? "miss.cg" : "hit.cg").path
            let total = try count(
                output, region: "*12measuredTaps*KFZ", bench,
                ["tap-loop", context.showcase.path, "--taps", "\(taps)", "--search-path", copies.path]
                    + (miss ? ["--miss"] : []),
                atLeast: taps * 1_000)
            let plugin = try pluginInstructions(output, host: bench) {
                plugins.contains(URL(fileURLWithPath: $0).lastPathComponent)
            }
            return Figure(
                name: miss ? "tap-miss-instructions" : "tap-hit-instructions",
                summary: "host instructions per tap (callgrind, plugin code excluded), screen cache "
                    + (miss ? "missing" : "hitting"),
                value: Double(total - plugin) / Double(taps), unit: "instructions", goal: goal,
                note: "\(total - plugin) over \(taps) taps; with the plugins' own code \(total / taps) per tap")
        }
        let perRound = try stackDepths.map { depth in
            let total = try count(
                copies.appendingPathComponent("stack-\(depth).cg").path, region: "*measuredStackRounds*KFZ",
                bench,
                ["stack-loop", "--depth", "\(depth)", "--search-path", copies.path], atLeast: depth * 1_000)
            return Double(total)
        }
        let stack = Figure(
            name: "growth-stack-depth-instructions",
            summary: "push N screens onto the stack, then back N times: exponent in instructions (callgrind)",
            value: Sweep.exponent(sizes: stackDepths, times: perRound), unit: "exponent", goal: Sweep.goal,
            note: zip(stackDepths, perRound).map { "\($0): \(Int($1) / $0) per push and back" }.joined(separator: ", "))
        return taps + [stack]
    }

    /// The bench executable and every library the Showcase and the stack sweep load, side by
    /// side in the scratch folder, stripped.
    static func strippedCopies(_ context: BenchContext) throws -> URL {
        let copies = context.scratch.appendingPathComponent("callgrind")
        try? FileManager.default.removeItem(at: copies)
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        var files = [context.benchBuild.appendingPathComponent("plugboard-bench").path, context.benchPlugin]
        files += try AppStart.loadedLibraries(context)
        for file in files {
            let copy = copies.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            try Spawn.run("/usr/bin/env", ["strip", "-g", copy])
        }
        return copies
    }

    /// The instructions callgrind counts inside `region` while `executable` runs with `arguments`.
    /// Fewer than `atLeast` means the toggle missed the region (a renamed or inlined function).
    static func count(
        _ output: String, region: String, _ executable: String, _ arguments: [String], atLeast: Int
    ) throws -> Int {
        try Spawn.run(
            "/usr/bin/env",
            [
                "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)", "--toggle-collect=\(region)",
                executable,
            ]
                + arguments)
        let total = try totalInstructions(output)
        guard total >= atLeast else {
            throw BenchError("callgrind counted \(total) instructions in \(region): the region was not found")
        }
        return total
    }

    /// The instructions callgrind counted in plugin code: every instruction in a plugin
    /// library's object (`isPlugin`, by path), and everything the plugins' calls into the
    /// libraries below them cost (the Swift runtime's retains and metadata, libc's `malloc`),
    /// but not their calls back into the host (`host`: the view API, the host's extensions),
    /// which are the host's work. A cost line after a `calls=` line is what that call cost in
    /// all (its callee's own lines are counted where they are).
    static func pluginInstructions(_ path: String, host: String, isPlugin: (String) -> Bool) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var names: [String: String] = [:]  // "(3)" → its path (--compress-strings)
        var inPlugin = false
        var callee = ""
        var isCallCost = false
        var total = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("ob=") {
                inPlugin = isPlugin(resolve(line.dropFirst(3), &names))
            } else if line.hasPrefix("cob=") {
                callee = resolve(line.dropFirst(4), &names)  // for the next call only
            } else if line.hasPrefix("calls=") {
                isCallCost = true
            } else if let first = line.first, first.isNumber || first == "+" || first == "-" || first == "*" {
                let cost = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                // Its own instructions; and a call's whole cost when it goes below the plugin
                // (not to the host, nor to a plugin, whose lines count themselves; a call
                // without `cob=` stays in the caller's object).
                let below = !callee.isEmpty && callee != host && !isPlugin(callee)
                if inPlugin && (!isCallCost || below) { total += cost }
                if isCallCost { (isCallCost, callee) = (false, "") }
            } else if line.hasPrefix("fn=") {
                callee = ""
            }
        }
        return total
    }

    /// A compressed name (`(3) /path` defines it, `(3)` uses it) as its path.
    private static func resolve(_ field: Substring, _ names: inout [String: String]) -> String {
        guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return String(field) }
        let id = String(field[...close])
        let rest = field[field.index(after: close)...].drop { $0 == " " }
        if !rest.isEmpty { names[id] = String(rest) }
        return names[id] ?? id
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
