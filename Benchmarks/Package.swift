// swift-tools-version: 6.1
// Plugboard's benchmark suite: a package of its own so the main package stays light (the
// benchmark framework and its dependencies are built only here). Run it with `Benchmarks/run.sh`
// (see docs/performance.md). Every figure is printed with a baseline measured in the same run.
import PackageDescription

let package = Package(
    name: "PlugboardBenchmarks",
    products: [
        .executable(name: "plugboard-bench", targets: ["PlugboardBench"]),
        .executable(name: "plugboard-bench-c-start", targets: ["CStartBaseline"]),
        .executable(name: "plugboard-bench-start", targets: ["PlugboardStart"]),
        // The plugin the call benchmarks measure: trivial functions, so the host's overhead shows.
        .library(name: "BenchPlugin", type: .dynamic, targets: ["BenchPlugin"]),
    ],
    dependencies: [
        .package(name: "Plugboard", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The C program app start is compared with: dlopen + dlsym + init of the same libraries.
        .executableTarget(
            name: "CStartBaseline", dependencies: [.product(name: "PlugboardABI", package: "Plugboard")],
            linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "BenchPlugin", dependencies: [.product(name: "PlugboardABI", package: "Plugboard")]),
        // App start's child: the runtime starting an app, and nothing else.
        .executableTarget(
            name: "PlugboardStart",
            dependencies: [
                .product(name: "BenchmarkWorkloads", package: "Plugboard"),
                .product(name: "Plugboard", package: "Plugboard"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `plugboard-bench [--json]`: every figure with its baseline, ratio and goal.
        .executableTarget(
            name: "PlugboardBench",
            dependencies: [
                .product(name: "BenchmarkWorkloads", package: "Plugboard"),
                .product(name: "Plugboard", package: "Plugboard"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The same workloads under ordo-one/benchmark: `swift package benchmark` (wall clock,
        // instructions where the machine counts them, allocations).
        .executableTarget(
            name: "PlugboardSuite",
            dependencies: [
                .product(name: "BenchmarkWorkloads", package: "Plugboard"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PlugboardSuite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
