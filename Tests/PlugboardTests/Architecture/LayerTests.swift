import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The runtime's layers, as Package.swift declares them and the sources import them: each
/// target may use only the layers below it (docs/layout.md). The compiler keeps a target from
/// importing what it does not depend on; these tests keep the dependencies pointing down.
@Suite struct LayerTests {
    /// Each runtime target and the project targets it may depend on (besides the C targets
    /// PlugboardABI, CFFI and CSandbox, and other packages' products). A new target has to be placed here.
    static let allowed: [String: Set<String>] = {
        let core: Set = ["PlugboardCore"]
        let config = core.union(["PlugboardConfig"])
        let loader = config.union(["PlugboardLoader"])
        let navigation = loader.union(["PlugboardNavigation"])
        let render = navigation.union(["PlugboardRender"])
        let engine = render.union(["PlugboardIsolation", "PlugboardEngine"])
        return [
            "PlugboardCore": [],
            "PlugboardConfig": core,
            "PlugboardLoader": config,
            "PlugboardNavigation": loader,
            "PlugboardRender": navigation,
            "PlugboardIsolation": core,
            "PlugboardHarness": loader.union(["PlugboardIsolation"]),
            "PlugboardEngine": render.union(["PlugboardIsolation"]),
            "PlugboardScaffold": [],
            "Plugboard": render,
            "PlugboardSimulator": engine,
            "PlugboardCommandLine": engine,
        ]
    }()

    /// The most lines of Swift a runtime target may have: past that it holds more than one layer.
    static let maximumLines = 6_000

    /// The C targets every layer may use.
    static let foundations: Set = ["PlugboardABI", "CFFI", "CSandbox"]

    struct Target: Decodable {
        var name: String
        var type: String
        var dependencies: [Dependency]
        var path: String?
    }

    /// A dependency as `swift package dump-package` writes it: `{"byName": ["X", null]}`,
    /// `{"target": ["X", null]}` or `{"product": ["X", "package", …]}`.
    struct Dependency: Decodable {
        var projectTarget: String?

        init(_ projectTarget: String?) { self.projectTarget = projectTarget }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Kind.self)
            let name: (Kind) throws -> String? = { kind in
                guard container.contains(kind) else { return nil }
                var values = try container.nestedUnkeyedContainer(forKey: kind)
                return try values.decode(String.self)
            }
            projectTarget = try name(.byName) ?? name(.target)
        }

        enum Kind: String, CodingKey { case byName, target, product }
    }

    struct Manifest: Decodable { var targets: [Target] }

    /// The package's targets, read by SwiftPM itself (a scratch folder of its own, so it never
    /// waits for the build folder the tests run from).
    static func manifest() throws -> Manifest {
        let scratch = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package", "--scratch-path", scratch.path]
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode(Manifest.self, from: data)
    }

    static func runtimeTargets(_ manifest: Manifest) -> [Target] {
        manifest.targets.filter { allowed[$0.name] != nil }
    }

    /// Every target a target depends on, directly or through others.
    static func closure(of name: String, in manifest: Manifest) -> Set<String> {
        let byName = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0) })
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            for dependency in byName[next]?.dependencies ?? [] {
                if let target = dependency.projectTarget, seen.insert(target).inserted { pending.append(target) }
            }
        }
        return seen
    }

    static func swiftFiles(of target: Target) -> [URL] {
        let folder = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent(
            target.path ?? "Sources/\(target.name)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    @Test("every library target in Sources/ has a layer")
    func everyTargetHasALayer() throws {
        let manifest = try Self.manifest()
        let unplaced = manifest.targets.filter {
            $0.type == "regular" && $0.path == nil && !Self.foundations.contains($0.name)
                && !["PlugboardSDK", "PlugboardSDKEntry"].contains($0.name) && Self.allowed[$0.name] == nil
        }
        #expect(unplaced.map(\.name) == [], "place new targets in LayerTests.allowed")
        #expect(Set(Self.runtimeTargets(manifest).map(\.name)) == Set(Self.allowed.keys))
    }

    /// `TARGET -> DEPENDENCY` for each dependency of a runtime target on a layer it may not use.
    static func upwardDependencies(in manifest: Manifest) -> [String] {
        runtimeTargets(manifest).flatMap { target in
            Set(target.dependencies.compactMap(\.projectTarget)).subtracting(foundations)
                .subtracting(allowed[target.name] ?? []).sorted().map { "\(target.name) -> \($0)" }
        }
    }

    @Test("no runtime target depends on a layer above it")
    func dependenciesPointDown() throws {
        #expect(Self.upwardDependencies(in: try Self.manifest()) == [])
    }

    @Test("the check finds an arrow that points up")
    func theCheckFindsAnUpwardArrow() {
        // Config reading the loader's ELF checks, as its LibraryCheck once did; the harness
        // building models with the app's code; navigation drawing.
        let manifest = Manifest(targets: [
            Target(name: "PlugboardConfig", type: "regular", dependencies: [.init("PlugboardLoader")]),
            Target(name: "PlugboardHarness", type: "regular", dependencies: [.init("PlugboardNavigation")]),
            Target(name: "PlugboardNavigation", type: "regular", dependencies: [.init("PlugboardRender"), .init(nil)]),
            Target(name: "PlugboardRender", type: "regular", dependencies: [.init("PlugboardNavigation")]),
        ])
        #expect(
            Self.upwardDependencies(in: manifest) == [
                "PlugboardConfig -> PlugboardLoader", "PlugboardHarness -> PlugboardNavigation",
                "PlugboardNavigation -> PlugboardRender",
            ])
    }

    @Test("no source file imports a target its target does not depend on")
    func importsFollowTheDependencies() throws {
        let manifest = try Self.manifest()
        let projectTargets = Set(manifest.targets.map(\.name))
        for target in Self.runtimeTargets(manifest) {
            let reachable = Self.closure(of: target.name, in: manifest)
            for file in Self.swiftFiles(of: target) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import ") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                    let module = String(words[index + 1])
                    guard projectTargets.contains(module) else { continue }
                    #expect(
                        reachable.contains(module),
                        "\(file.lastPathComponent) (\(target.name)) imports \(module), which \(target.name) does not depend on"
                    )
                }
            }
        }
    }

    @Test("no runtime target is over 6,000 lines of Swift")
    func targetsStaySmall() throws {
        let manifest = try Self.manifest()
        for target in Self.runtimeTargets(manifest) {
            let lines = try Self.swiftFiles(of: target).reduce(0) {
                $0
                    + (try String(contentsOf: $1, encoding: .utf8)).split(
                        separator: "\n", omittingEmptySubsequences: false
                    )
                    .count
            }
            #expect(lines <= Self.maximumLines, "\(target.name) has \(lines) lines")
            #expect(lines > 0, "\(target.name) has no sources")
        }
    }
}
