import Benchmark
import BenchmarkWorkloads

/// The same workloads as `plugboard-bench`, under ordo-one/benchmark (`swift package benchmark`
/// in this folder): each comparison's subject and baseline as two benchmarks side by side, with
/// wall clock, instructions (where the machine's counters allow) and allocations; the growth
/// sweeps one benchmark per size. Ratios by name come from `plugboard-bench --json`.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .instructions, .mallocCountTotal, .throughput]
    do {
        let context = try BenchContext(sampler: .quick)
        let catalogue = Catalogue(context: context, quick: false)
        for (_, make) in catalogue.comparisons {
            for comparison in try make() {
                let configuration = Benchmark.Configuration(
                    metrics: metrics, scalingFactor: comparison.isMicro ? .kilo : .one, maxDuration: .seconds(2))
                for (name, operation) in [
                    (comparison.name, comparison.subject),
                    ("\(comparison.name) (baseline: \(comparison.baselineName))", comparison.baseline),
                ] {
                    Benchmark(name, configuration: configuration) { benchmark in
                        try operation(benchmark.scaledIterations.count)
                    }
                }
            }
        }
        for sweep in catalogue.sweeps {
            for size in sweep.sizes {
                let operation = try sweep.prepare(size)
                Benchmark("\(sweep.name) \(size)", configuration: .init(metrics: metrics, maxDuration: .seconds(2))) {
                    benchmark in
                    try operation(benchmark.scaledIterations.count)
                }
            }
        }
    } catch {
        fatalError("plugboard benchmarks: \(error)")
    }
}
