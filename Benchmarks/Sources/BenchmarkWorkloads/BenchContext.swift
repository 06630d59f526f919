import Foundation
import Plugboard
import PlugboardLoader

/// Where the benchmarks find what they measure: the Plugboard checkout, its release build (the
/// plugin libraries and the `plugboard` executable), this package's build (the benchmark plugin,
/// the C baseline program) and a scratch folder for generated apps.
public struct BenchContext: Sendable {
    public var root: URL
    /// The main package's build products (`swift build -c release` at the root): `PLUGBOARD_BUILD`.
    public var build: URL
    /// This package's build products: the folder of the running executable.
    public var benchBuild: URL
    public var sampler: Sampler
    public var scratch: URL

    public var showcase: URL { root.appendingPathComponent("Examples/Showcase") }
    public var plugboard: String { build.appendingPathComponent("plugboard").path }
    public var benchPlugin: String { benchBuild.appendingPathComponent("libBenchPlugin.so").path }
    /// Where the plugin libraries are looked for, in order.
    public var searchDirectories: [String] { [showcase.path, build.path, benchBuild.path] }
    public var searchPath: LibrarySearchPath { LibrarySearchPath(searchDirectories) }

    /// `scratch: false` for children that generate nothing (app start's), so none is made.
    public init(sampler: Sampler, scratch makesScratch: Bool = true) throws {
        let environment = ProcessInfo.processInfo.environment
        // This file is Benchmarks/Sources/BenchmarkWorkloads/BenchContext.swift in the checkout.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        root = environment["PLUGBOARD_ROOT"].map { URL(fileURLWithPath: $0) } ?? checkout
        build =
            environment["PLUGBOARD_BUILD"].map { URL(fileURLWithPath: $0) }
            ?? root.appendingPathComponent(".build/release")
        // The running executable's own folder (argv[0] may be a bare name when a tool starts us).
        benchBuild = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        self.sampler = sampler
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-bench-\(getpid())")
        if makesScratch { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }
        for (what, path) in [
            ("the main package's release build (swift build -c release at the root)", plugboard),
            ("the benchmark plugin (swift build -c release --package-path Benchmarks)", benchPlugin),
        ] where !FileManager.default.fileExists(atPath: path) {
            throw BenchError("\(path) is missing: build \(what), or run Benchmarks/run.sh")
        }
    }

    /// Removes the scratch folder.
    public func cleanUp() { try? FileManager.default.removeItem(at: scratch) }
}

public struct BenchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
