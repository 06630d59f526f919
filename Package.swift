// swift-tools-version: 6.1
// Plugboard: a plugin host runtime with a C ABI. See README.md and DESIGN notes in the headers.
import PackageDescription

/// Test plugins: real shared libraries the tests `dlopen`. Each lives in `Tests/Plugins/<name>`.
/// The broken ones each exercise one loader error.
let cTestPlugins = [
    "TestScreenC", "DuplicateScreenC", "BrokenNoEntry", "BrokenABIMajor", "BrokenNoFactory",
    "BrokenCreateNull", "BrokenInitFails", "TestExportsC", "BrokenABIConstructor", "TestSeed003C", "TestModelC",
    "TestPlacementC", "HostileSignalsC", "TestDataSourceC", "TestRoutingC",
]
let swiftTestPlugins = ["TestSwiftPlugins", "TestSwiftRouting"]

/// The harness's corpus: each plugin breaks exactly one promise of the header, and the tests
/// assert that `plugboard check` reports exactly that (`Tests/Plugins/Corpus/<name>`).
let corpusPlugins = [
    "BrokenCreateCrash", "BrokenInitAbort", "BrokenWillAppearLoop", "BrokenEntryInitExit", "BrokenHostCallInCreate",
    "BrokenLeaksViews", "BrokenWrongContextButton", "BrokenIgnoresCustomization", "BrokenDuplicateIDs",
    "BrokenNonUTF8Descriptor", "BrokenPlacementCrash", "BrokenHugeCount", "BrokenOtherThread",
    "BrokenAcceptsUnknownID", "BrokenRefusedViewCalls", "BrokenFuzzCrash", "BrokenStaleHost", "BrokenEntryInitLoop",
    "BrokenGarbageFactory", "BrokenTapCrash", "BrokenTransitionRange", "BrokenGestureTarget", "BrokenCustomBarView",
    "BrokenStaleNavButtons", "BrokenPaintsOnce", "BrokenIgnoresArea", "BrokenContentOverBar", "BrokenStaleModelString",
    "BrokenConstructorThread", "BrokenFloodsOutput",
]

/// First-party plugins: real shared libraries in `Plugins/<name>`, loaded like any third-party
/// plugin. C ones include only the ABI header; Swift ones use PlugboardSDK.
let cPlugins = ["SideMenu", "EPG"]
let swiftPlugins = ["GeneralNavBar", "TabBar", "ContactUs", "Web", "Components"]

/// Each first-party plugin folder keeps its UI Builder manifest(s) beside the code.
func pluginManifests(_ name: String) -> [String] { name == "Components" ? ["manifests"] : ["manifest.json"] }

let package = Package(
    name: "Plugboard",
    products: [
        .library(name: "Plugboard", targets: ["Plugboard"]),
        .library(name: "PlugboardSDK", targets: ["PlugboardSDK"]),
        // The C headers alone, for C targets of other packages (the benchmark suite's plugin).
        .library(name: "PlugboardABI", targets: ["PlugboardABI"]),
        .executable(name: "plugboard", targets: ["PlugboardCLI"]),
        .executable(name: "plugboard-serve", targets: ["PlugboardServe"]),
        .executable(name: "plugboard-embedding-example", targets: ["EmbeddingExample"]),
        // The benchmark suite's workloads, for the package in Benchmarks/ (see the targets).
        .library(name: "BenchmarkWorkloads", targets: ["BenchmarkWorkloads"]),
    ]
        + (cTestPlugins + swiftTestPlugins + corpusPlugins + cPlugins + swiftPlugins).map {
            .library(name: $0, type: .dynamic, targets: [$0])
        },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The screen cache's LRU order (OrderedDictionary).
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // The simulator (`plugboard serve`) only.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // `swift package generate-documentation`: the DocC catalogs of Plugboard and PlugboardSDK.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Golden images of the SVG renderer (tests only).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The ABI: public C headers and nothing else.
        .target(name: "PlugboardABI"),
        // libffi through pkg-config.
        .systemLibrary(
            name: "CFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),
        // The runtime: layers, each importing only layers below it (README, "Layout"). `Tests/
        // ArchitectureTests` reads this graph and fails on an arrow that points up.
        // Core: pure value code over the ABI (JSON, XML, route URLs, export signatures, call records).
        .target(name: "PlugboardCore", dependencies: ["PlugboardABI"]),
        // Configuration: plugins.json, rivers.json, settings, routes and the models screens get.
        .target(name: "PlugboardConfig", dependencies: ["PlugboardCore"]),
        // The host side of the ABI: loader, ELF checks, pins, host tables, view tree, instances, libffi.
        .target(
            name: "PlugboardLoader",
            dependencies: [
                "PlugboardCore", "PlugboardConfig", "PlugboardABI", "CFFI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Navigation: the app, containers, bar manager, screens and cache, routing, transitions.
        .target(
            name: "PlugboardNavigation",
            dependencies: [
                "PlugboardCore", "PlugboardConfig", "PlugboardLoader",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // Rendering: the app's scene as terminal text and SVG.
        .target(name: "PlugboardRender", dependencies: ["PlugboardNavigation"]),
        // The seccomp filter of every child that runs plugin code (C: the kernel's BPF structs).
        .target(name: "CSandbox"),
        // Containment: the flight recorder, the crash reporter, the sandbox and the one
        // child-process runner.
        .target(
            name: "PlugboardIsolation",
            dependencies: ["PlugboardCore", "CSandbox", .product(name: "Logging", package: "swift-log")]
        ),
        // The conformance harness: never the app, only what a plugin sees of the host.
        .target(
            name: "PlugboardHarness",
            dependencies: [
                "PlugboardCore", "PlugboardConfig", "PlugboardLoader", "PlugboardIsolation",
                .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The supervised engine, its supervisor and the shell's commands.
        .target(
            name: "PlugboardEngine",
            dependencies: [
                "PlugboardIsolation", "PlugboardNavigation", "PlugboardRender",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `plugboard new`: templates only, nothing of the runtime.
        .target(name: "PlugboardScaffold"),
        // The embedding API: what a Swift program that hosts plugins imports.
        .target(
            name: "Plugboard",
            dependencies: [
                "PlugboardCore", "PlugboardConfig", "PlugboardLoader", "PlugboardNavigation", "PlugboardRender",
            ]),
        // The README's embedding example, built as a program of another package would be: without
        // package access, so it sees the public API alone.
        .executableTarget(
            name: "EmbeddingExample", dependencies: ["Plugboard"], path: "Examples/Embedding", packageAccess: false),
        // The benchmark suite's workloads and C baselines. Benchmarks/ is a package of its own (its
        // framework is heavy) that runs them; they live in this package because they measure the
        // runtime's parts below its public API (the parser, a typed call, the harness, the engine).
        .target(
            name: "CBaselines", dependencies: ["PlugboardABI"], path: "Benchmarks/Sources/CBaselines",
            linkerSettings: [.linkedLibrary("ffi"), .linkedLibrary("dl")]),
        .target(
            name: "BenchmarkWorkloads",
            dependencies: ["CBaselines", "Plugboard", "PlugboardEngine", "PlugboardHarness"],
            path: "Benchmarks/Sources/BenchmarkWorkloads"),
        // For plugin authors writing Swift: protocols and the exported entry.
        .target(name: "PlugboardSDKEntry", dependencies: ["PlugboardABI"], publicHeadersPath: "."),
        .target(name: "PlugboardSDK", dependencies: ["PlugboardABI", "PlugboardSDKEntry"]),
        // The simulator: the app in a browser page, live over a WebSocket, reloading on rebuilds.
        .target(
            name: "PlugboardSimulator",
            dependencies: [
                "PlugboardEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the two command-line executables share: the app and logging options, errors.
        .target(
            name: "PlugboardCommandLine",
            dependencies: [
                "PlugboardEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The `plugboard` command.
        .executableTarget(
            name: "PlugboardCLI",
            dependencies: [
                "PlugboardCommandLine", "PlugboardEngine", "PlugboardHarness", "PlugboardScaffold",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `plugboard serve`: the simulator's server (Hummingbird) in an executable of its own, so
        // that `plugboard` — every `run`, engine and `check` process — does not carry it.
        .executableTarget(
            name: "PlugboardServe",
            dependencies: [
                "PlugboardCommandLine", "PlugboardSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Tests follow the layers: each layer's tests depend on that layer and the shared
        // support, so a change to one layer rebuilds and reruns its tests and those above it.
        // The plugins the tests load come from the build folder, never linked.
        .target(
            name: "TestSupport",
            dependencies: ["PlugboardLoader", "TestLogStart", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/TestSupport"),
        // The test binary's constructor: plugin logs go to a file per test (TestSupport/TestLogs.swift).
        .target(name: "TestLogStart", path: "Tests/Support/TestLogStart"),
        // The heap in use (mallinfo2), for the test that nothing grows with use.
        .target(name: "HeapCount", path: "Tests/Support/HeapCount"),
        // A thread without root's way past file modes, for tests of what a user meets.
        .target(name: "ThreadPrivileges", path: "Tests/Support/ThreadPrivileges"),
        .target(
            name: "AppTestSupport", dependencies: ["TestSupport", "PlugboardConfig", "PlugboardNavigation"],
            path: "Tests/Support/AppTestSupport"),
        .testTarget(name: "CoreTests", dependencies: ["TestSupport", "PlugboardCore"]),
        .testTarget(name: "ConfigTests", dependencies: ["TestSupport", "PlugboardConfig"]),
        .testTarget(name: "LoaderTests", dependencies: ["TestSupport", "PlugboardLoader", "PlugboardABI"]),
        .testTarget(name: "NavigationTests", dependencies: ["AppTestSupport", "HeapCount", "PlugboardNavigation"]),
        .testTarget(
            name: "RenderTests",
            dependencies: [
                "AppTestSupport", "PlugboardRender", "PlugboardEngine",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "HarnessTests", dependencies: ["TestSupport", "PlugboardHarness"]),
        .testTarget(name: "ScaffoldTests", dependencies: ["TestSupport", "PlugboardScaffold"]),
        // End to end: the `plugboard` command, the supervisor, the simulator in a browser, the
        // README's and the examples' commands, and the package's layers.
        .testTarget(
            name: "PlugboardTests",
            dependencies: [
                "AppTestSupport", "Plugboard", "PlugboardABI", "PlugboardCommandLine", "PlugboardEngine",
                "PlugboardHarness", "PlugboardSimulator", "ThreadPrivileges",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Render/__Snapshots__"]
        ),
    ]
        + cTestPlugins.map {
            .target(name: $0, dependencies: ["PlugboardABI"], path: "Tests/Plugins/\($0)", publicHeadersPath: ".")
        }
        + corpusPlugins.map {
            .target(
                name: $0, dependencies: ["PlugboardABI"], path: "Tests/Plugins/Corpus/\($0)", publicHeadersPath: ".")
        }
        + cPlugins.map {
            .target(name: $0, dependencies: ["PlugboardABI"], path: "Plugins/\($0)", publicHeadersPath: ".")
        }
        + swiftPlugins.map {
            .target(
                name: $0, dependencies: ["PlugboardSDK"], path: "Plugins/\($0)",
                exclude: pluginManifests($0),  // read by the apps, not built
                // Export plugboard_entry only: the Swift symbols stay inside the library.
                linkerSettings: [
                    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"])
                ])
        }
        + swiftTestPlugins.map { .target(name: $0, dependencies: ["PlugboardSDK"], path: "Tests/Plugins/\($0)") }
)

/// libFuzzer targets (`Fuzz/<name>`), declared only when `PLUGBOARD_FUZZ=1`: their main calls
/// libFuzzer's driver, which only `-sanitize=fuzzer` links, so they would not link in a normal build.
/// Build and run them with `Fuzz/run.sh`, which uses its own scratch path (see Fuzz/README.md).
let fuzzTargets = ["FuzzJSON", "FuzzConfig", "FuzzSignature", "FuzzRouteURL", "FuzzELF", "FuzzXML"]
if Context.environment["PLUGBOARD_FUZZ"] == "1" {
    package.products += fuzzTargets.map { .executable(name: $0, targets: [$0]) }
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
    package.targets += fuzzTargets.map {
        .executableTarget(
            name: $0, dependencies: ["PlugboardConfig", "PlugboardLoader", "PlugboardABI", "FuzzSupport"],
            path: "Fuzz/\($0)")
    }
}
