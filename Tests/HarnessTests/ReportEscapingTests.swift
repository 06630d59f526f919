import Foundation
import TestSupport
import Testing

/// `check`'s text report and `inspect` print what a plugin wrote with its control characters
/// escaped: a plugin whose version holds a line break, a forged result line and a terminal escape
/// (clear the screen) gets the one failure it earned, on one line, and nothing it wrote reaches
/// the terminal raw.
struct ReportEscapingTests {
    static let source = #"""
        #include <plugboard.h>
        #define CORPUS_PLUGIN_ID "forging_report"
        #define CORPUS_PLUGIN_NAME "Forging Report"
        #define CORPUS_DESCRIPTION "its version forges a line of the report"
        #include "corpus_common.h"
        #undef CORPUS_VERSION
        #define CORPUS_VERSION "1.0\n  passed     library.forged\n\x1b[2J"
        #include "corpus_screen.h"
        """#

    /// The plugin, built in `folder`; its path.
    static func build(in folder: URL) throws -> String {
        let sourcePath = folder.appendingPathComponent("forging.c").path
        let library = folder.appendingPathComponent("libForging.so").path
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let built = try run([
            "cc", "-std=c11", "-shared", "-fPIC", "-I", PackageRoot.path + "/Sources/PlugboardABI/include", "-I",
            PackageRoot.path + "/Tests/Plugins/Corpus/Common", "-o", library, sourcePath,
        ])
        try #require(built.status == 0, "\(built.output)")
        return library
    }

    @Test func aPluginsStringsCannotAddLinesToInspect() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inspect = try runPlugboard(["inspect", try Self.build(in: folder)])
        #expect(inspect.status == 0)
        #expect(!inspect.stdout.contains("\u{1B}"))
        #expect(
            inspect.stdout.contains(
                #"Forging Report 1.0\u{A}  passed     library.forged\u{A}\u{1B}[2J by Plugboard Corpus"#
                    + "\n    its version"), "\(inspect.stdout)")
    }

    @Test func aPluginsStringsCannotAddLinesToTheReport() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try Self.build(in: folder)
        let check = try runPlugboard(["check", library, "--only", "descriptors.semver"])
        #expect(check.status == 1)
        #expect(!check.stdout.contains("\u{1B}"))
        let lines = check.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("  passed") }, "\(check.stdout)")
        let failure = lines.first { $0.hasPrefix("  failed     descriptors.semver") }
        #expect(
            failure?.hasSuffix(
                #"version "1.0\u{A}  passed     library.forged\u{A}\u{1B}[2J" is not a semantic version"#)
                == true, "\(check.stdout)")
    }
}
