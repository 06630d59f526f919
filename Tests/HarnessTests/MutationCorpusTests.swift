import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The harness's own score: each mutant of `Tests/Mutants/mutants.json` is a first-party or
/// example plugin (C, Swift, Rust) with one fault an author makes, applied to a copy of its
/// source and built with the plugin's own tool. `plugboard check` must fail it, and the test
/// that names the fault must be among the failures. The score (caught / total) is written to
/// `.build/mutation-score.txt`, which CI prints; the README's check section states it.
@Suite struct MutationCorpusTests {
    /// One mutant as the corpus file describes it.
    struct Mutant: Decodable, Sendable {
        /// `<base>.<fault>`, e.g. `clock.create-ignores-id`.
        var id: String
        /// The plugin's folder in the checkout, e.g. `Examples/c-plugin`.
        var base: String
        /// The fault, as an author would say it.
        var fault: String
        /// Text replacements in the base's files: each `find` must occur exactly once.
        var edits: [Edit]
        /// The test that must fail, crash or time out.
        var caughtBy: String
        /// An app folder to check the mutant in (with `plugin`), for faults only an app shows.
        var app: String?
        var plugin: String?
        var strictness: Int?

        struct Edit: Decodable, Sendable {
            var file: String
            var find: String
            var replace: String
        }

        enum CodingKeys: String, CodingKey {
            case id, base, fault, edits, app, plugin, strictness
            case caughtBy = "caught_by"
        }
    }

    /// One base plugin: how it is built and which library it makes.
    struct Base: Decodable, Sendable {
        /// `c`, `swift` or `rust`.
        var language: String
        /// The library's file name, as plugins.json names it for app mutants.
        var library: String
    }

    struct Corpus: Decodable, Sendable {
        var bases: [String: Base]
        var mutants: [Mutant]
    }

    static let corpusFile = PackageRoot.path + "/Tests/Mutants/mutants.json"
    static let scoreFile = PackageRoot.path + "/.build/mutation-score.txt"

    static func corpus() throws -> Corpus {
        try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: URL(fileURLWithPath: corpusFile)))
    }

    @Test func theCorpusHasFortyMutantsInEveryLanguageEachNamingATestOfTheCatalogue() throws {
        let corpus = try Self.corpus()
        #expect(corpus.mutants.count >= 40)
        let languages = Set(corpus.mutants.compactMap { corpus.bases[$0.base]?.language })
        #expect(languages == ["c", "swift", "rust"])
        #expect(Set(corpus.mutants.map(\.id)).count == corpus.mutants.count, "mutant ids are unique")
        for mutant in corpus.mutants {
            #expect(corpus.bases[mutant.base] != nil, "\(mutant.id): no base \(mutant.base)")
            #expect(Catalogue.test(mutant.caughtBy) != nil, "\(mutant.id): no test \(mutant.caughtBy)")
        }
    }

    /// Every base passes `check` unchanged, as each of its mutants is checked (the same app,
    /// plugin and strictness): a mutant is caught for its own fault, never for one its base
    /// already had (the C example once framed its label at `width - 32` at every width, so its
    /// negative-width mutant was "caught" before its edit).
    @Test func everyBasePassesUnchanged() async throws {
        let corpus = try Self.corpus()
        let workspace = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let builder = MutantBuilder(workspace: workspace)
        var seen: Set<String> = []
        let unchanged = corpus.mutants.compactMap { mutant -> Mutant? in
            let key = [mutant.base, mutant.app ?? "", mutant.plugin ?? "", "\(mutant.strictness ?? 5)"].joined(
                separator: " ")
            guard seen.insert(key).inserted else { return nil }
            var base = mutant
            base.id = "base " + key
            base.edits = []
            return base
        }
        try await withThrowingTaskGroup(of: (String, MutantVerdict).self) { group in
            for (index, base) in unchanged.enumerated() {
                group.addTask {
                    (base.id, try builder.verdict(base, base: corpus.bases[base.base]!, number: 1000 + index))
                }
                if index % 2 == 1 {
                    let (id, verdict) = try await group.next()!
                    #expect(verdict.buildFailure == nil && verdict.status == 0, "\(id): \(verdict.summary)")
                }
            }
            while let (id, verdict) = try await group.next() {
                #expect(verdict.buildFailure == nil && verdict.status == 0, "\(id): \(verdict.summary)")
            }
        }
    }

    /// Builds and checks every mutant (two at a time), then writes the score.
    @Test func everyMutantFailsCheckWithTheTestThatNamesItsFault() async throws {
        let corpus = try Self.corpus()
        let workspace = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let builder = MutantBuilder(workspace: workspace)
        var verdicts: [(Mutant, MutantVerdict)] = []
        try await withThrowingTaskGroup(of: (Int, MutantVerdict).self) { group in
            var next = 0
            func start() {
                guard next < corpus.mutants.count else { return }
                let index = next
                let mutant = corpus.mutants[index]
                let base = corpus.bases[mutant.base]!
                group.addTask { (index, try builder.verdict(mutant, base: base, number: index)) }
                next += 1
            }
            start()
            start()
            var byIndex: [Int: MutantVerdict] = [:]
            while let (index, verdict) = try await group.next() {
                byIndex[index] = verdict
                start()
            }
            verdicts = corpus.mutants.indices.map { (corpus.mutants[$0], byIndex[$0]!) }
        }
        let caught = verdicts.count { $0.1.isCaught }
        let lines =
            ["mutation score: \(caught)/\(verdicts.count) caught"]
            + verdicts.map { mutant, verdict in
                "  \(verdict.isCaught ? "caught  " : "survived") \(mutant.id) by \(mutant.caughtBy): \(verdict.summary)"
            }
        try (lines.joined(separator: "\n") + "\n").write(toFile: Self.scoreFile, atomically: true, encoding: .utf8)
        for (mutant, verdict) in verdicts where !verdict.isCaught {
            Issue.record("\(mutant.id) (\(mutant.fault)) was not caught by \(mutant.caughtBy): \(verdict.summary)")
        }
        let readme = try String(contentsOfFile: PackageRoot.path + "/README.md", encoding: .utf8)
        #expect(
            readme.contains("catches all \(verdicts.count) mutants"),
            "the README's check section states the score: catches all \(verdicts.count) mutants")
    }
}

/// How `check` judged one mutant.
struct MutantVerdict: Sendable {
    /// The build failed: the corpus no longer matches its base's source.
    var buildFailure: String?
    var status: Int32 = 0
    /// The named test's status and message.
    var named: CheckResult?
    /// Every test that did not pass.
    var failing: [String] = []

    var isCaught: Bool {
        buildFailure == nil && status == 1 && named?.status.isFailure == true
    }

    var summary: String {
        if let buildFailure { return "not built: \(buildFailure)" }
        guard let named else { return "\(failing.isEmpty ? "nothing failed" : failing.joined(separator: ", "))" }
        return "\(named.status.rawValue): \(named.message ?? "")".prefix(160).description
    }
}

/// Copies a base plugin into a folder of its own, applies a mutant's edits, builds it with the
/// plugin's own tool and checks the library.
struct MutantBuilder: Sendable {
    let workspace: URL
    static let include = PackageRoot.path + "/Sources/PlugboardABI/include"

    func verdict(_ mutant: MutationCorpusTests.Mutant, base: MutationCorpusTests.Base, number: Int) throws
        -> MutantVerdict
    {
        // The copy keeps its place in a tree shaped like the checkout, so the Rust example finds
        // the bindings by its relative path.
        let tree = workspace.appendingPathComponent("mutant-\(number)")
        let source = tree.appendingPathComponent(mutant.base)
        let output = tree.appendingPathComponent("lib")
        let files = FileManager.default
        try files.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createDirectory(at: output, withIntermediateDirectories: true)
        try files.copyItem(atPath: PackageRoot.path + "/" + mutant.base, toPath: source.path)
        try files.createSymbolicLink(
            atPath: tree.appendingPathComponent("bindings").path, withDestinationPath: PackageRoot.path + "/bindings")
        for edit in mutant.edits {
            let path = source.appendingPathComponent(edit.file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let occurrences = text.components(separatedBy: edit.find).count - 1
            guard occurrences == 1 else {
                return MutantVerdict(buildFailure: "\(edit.file) has \(occurrences) of \(edit.find.debugDescription)")
            }
            try text.replacingOccurrences(of: edit.find, with: edit.replace).write(
                toFile: path, atomically: true, encoding: .utf8)
        }
        let library = output.appendingPathComponent(base.library).path
        let build = try run(buildCommand(base, source: source, library: library, tree: tree))
        guard build.status == 0, files.fileExists(atPath: library) else {
            return MutantVerdict(buildFailure: String(build.output.suffix(400)))
        }
        var arguments = ["--seed", "7", "--timeout", "5", "--strictness", "\(mutant.strictness ?? 5)"]
        if let app = mutant.app {
            arguments += [PackageRoot.path + "/" + app, "--plugin-path", output.path]
            arguments += mutant.plugin.map { ["--plugin", $0] } ?? []
        } else {
            arguments.append(library)
        }
        let (status, report, _) = try runCheck(arguments)
        return MutantVerdict(
            status: status, named: report.result(mutant.caughtBy),
            failing: report.results.filter { $0.status.isFailure }.map(\.test))
    }

    /// The command that builds `base` as its authors build it.
    func buildCommand(_ base: MutationCorpusTests.Base, source: URL, library: String, tree: URL) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        switch base.language {
        case "c":
            return ["cc", "-std=c11", "-shared", "-fPIC", "-O1", "-I", Self.include, "-o", library]
                + files.filter { $0.hasSuffix(".c") }.map { source.path + "/" + $0 } + ["-lpthread"]
        case "swift":
            let built = Built.directory
            let swiftFiles = try FileManager.default.subpathsOfDirectory(atPath: source.path)
                .filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".build") && $0 != "Package.swift" }
                .map { source.path + "/" + $0 }
            let sdkObjects = try FileManager.default.contentsOfDirectory(atPath: built + "/PlugboardSDK.build")
                .filter { $0.hasSuffix(".o") }.map { built + "/PlugboardSDK.build/" + $0 }
            return [
                "swiftc", "-emit-library", "-parse-as-library", "-module-name", "Mutant", "-I", built + "/Modules",
                "-Xcc", "-fmodule-map-file=\(Self.include)/module.modulemap",
                "-Xcc", "-fmodule-map-file=\(built)/PlugboardSDKEntry.build/module.modulemap",
                "-Xcc", "-I", "-Xcc", Self.include, "-o", library,
                "-Xlinker", "--version-script=\(PackageRoot.path)/Plugins/exports.map",
            ] + swiftFiles + sdkObjects + [built + "/PlugboardSDKEntry.build/entry.c.o"]
        default:
            let target = tree.appendingPathComponent("target").path
            let manifest = source.appendingPathComponent("Cargo.toml").path
            let name = URL(fileURLWithPath: library).lastPathComponent
            return [
                "sh", "-c",
                "cargo build --offline --locked --release --quiet --manifest-path '\(manifest)' --target-dir '\(target)' "
                    + "&& cp '\(target)/release/\(name)' '\(library)'",
            ]
        }
    }
}
