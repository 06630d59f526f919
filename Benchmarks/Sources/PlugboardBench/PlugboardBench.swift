import ArgumentParser
import BenchmarkWorkloads
import Foundation
import Logging
import Plugboard

/// `plugboard-bench`: every figure of the performance issue with the baseline measured in the
/// same run, the ratio and the goal. Wall-clock medians; instructions from callgrind.
@main
struct PlugboardBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugboard-bench",
        abstract: "Measure Plugboard against baselines run in the same process or run.",
        discussion: """
            Build first (Benchmarks/run.sh does): `swift build -c release` at the checkout's root and
            `swift build -c release --package-path Benchmarks`. Exit status 1 when --check is given
            and a goal is not met.
            """,
        subcommands: [Run.self, Instructions.self, TapLoop.self, StackLoop.self],
        defaultSubcommand: Run.self)

    /// The plugins' own log lines would drown the numbers.
    static func quietLogs() {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .error
            return handler
        }
    }
}

extension PlugboardBench {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the benchmarks and print every figure.")

        @Flag(help: "Print one JSON object: every figure by name, with baseline, ratio, goal and whether it is met.")
        var json = false
        @Flag(help: "Fewer, shorter rounds and smaller sizes (a smoke run; the figures are rough).")
        var quick = false
        @Option(name: .customLong("filter"), help: "Run only benchmarks whose name contains this (repeatable).")
        var filters: [String] = []
        @Flag(help: "Skip the callgrind instruction counts.")
        var noInstructions = false
        @Flag(help: "Exit 1 when a goal is not met.")
        var check = false

        func run() throws {
            PlugboardBench.quietLogs()
            let context = try BenchContext(sampler: quick ? .quick : .full)
            defer { context.cleanUp() }
            let catalogue = Catalogue(context: context, quick: quick)
            func selected(_ name: String) -> Bool { filters.isEmpty || filters.contains { name.contains($0) } }
            var report = Report(json: json)
            for (name, make) in catalogue.comparisons where selected(name) {
                for comparison in try make() {
                    let times = try context.sampler.measure([comparison.subject, comparison.baseline])
                    report.add(comparison.figure(subject: times[0], baseline: times[1]))
                    for external in comparison.externalBaselines {
                        guard let value = try external.measure() else {
                            report.skip(
                                "\(comparison.name)-vs-\(external.suffix)", because: "\(external.name): unavailable")
                            continue
                        }
                        var figure = comparison.figure(subject: times[0], baseline: value)
                        figure.name += "-vs-\(external.suffix)"
                        figure.baseline?.name = external.name
                        figure.goal = external.goal
                        figure.note = nil
                        report.add(figure)
                    }
                }
            }
            for sweep in catalogue.sweeps where selected(sweep.name) {
                let operations = try sweep.sizes.map(sweep.prepare)
                // All sizes in the same rounds, alternating, so the two an exponent is taken from
                // see the same machine (measured one after the other, stack depth swung 0.97–1.15).
                let times = try context.sampler.measure(operations)
                report.add(sweep.figure(times: times))
            }
            if !noInstructions, BenchmarkWorkloads.Instructions.names.contains(where: selected) {
                if BenchmarkWorkloads.Instructions.isAvailable {
                    for figure in try BenchmarkWorkloads.Instructions.figures(context, taps: quick ? 10 : 100) {
                        report.add(figure)
                    }
                } else {
                    report.skip("*-instructions", because: "valgrind is not installed")
                }
            }
            report.finish()
            if check && report.figures.contains(where: { $0.met == false }) { throw ExitCode(1) }
        }
    }

    struct Instructions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Instructions per tap (cache hit and miss) and the stack-depth exponent in instructions, with callgrind (deterministic)."
        )
        @Option(help: "Taps counted.") var taps = 100
        @Flag(help: "Print JSON.") var json = false
        @Flag(help: "Exit 1 when a count is over its CI ceiling (a regression); the goals are printed, not checked.")
        var check = false

        func run() throws {
            PlugboardBench.quietLogs()
            let context = try BenchContext(sampler: .quick)
            defer { context.cleanUp() }
            var report = Report(json: json)
            for figure in try BenchmarkWorkloads.Instructions.figures(context, taps: taps) { report.add(figure) }
            report.finish()
            let over = report.figures.filter { !BenchmarkWorkloads.Instructions.isWithinCeiling($0) }
            for figure in over {
                let ceiling = BenchmarkWorkloads.Instructions.ceilings[figure.name] ?? 0
                FileHandle.standardError.write(
                    Data("\(figure.name): \(figure.value) is over its CI ceiling of \(ceiling)\n".utf8))
            }
            if check && !over.isEmpty { throw ExitCode(1) }
        }
    }

    /// What callgrind runs: taps, with `Tap.measuredTaps` the counted region.
    struct TapLoop: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tap-loop", abstract: "Tap the Showcase's Guide button and close, TAPS times (for callgrind).",
            shouldDisplay: false)
        @Argument var folder: String
        @Option var taps = 100
        @Flag var miss = false
        @Option(help: "Where the libraries are (the stripped copies callgrind runs).") var searchPath: String

        func run() throws {
            PlugboardBench.quietLogs()
            let folderURL = URL(fileURLWithPath: folder)
            let app = try Tap.launch(folderURL, searchPath: LibrarySearchPath([folder, searchPath]), miss: miss)
            try Tap.measuredTaps(app, taps)
        }
    }

    /// What callgrind runs to count the stack-depth sweep: `Sweep.measuredStackRounds` is the
    /// counted region, so instructions per push at two depths show what grows with the stack.
    struct StackLoop: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stack-loop", abstract: "Push DEPTH screens and back, ROUNDS times (for callgrind).",
            shouldDisplay: false)
        @Option var depth = 100
        @Option var rounds = 1
        @Option(help: "Where the libraries are (the stripped copies callgrind runs).") var searchPath: String

        func run() throws {
            PlugboardBench.quietLogs()
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-stack-\(getpid())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let app = try Sweep.stackApp(depth: depth, scratch: scratch, searchPath: LibrarySearchPath([searchPath]))
            try Sweep.stackRounds(app, depth: depth, 1)  // warm: the allocator and the runtime's caches
            try Sweep.measuredStackRounds(app, depth: depth, rounds)
        }
    }
}
