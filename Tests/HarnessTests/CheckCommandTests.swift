import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `plugboard check` as authors and CI use it: first-party plugins pass, reports parse, seeds
/// replay, options say what is wrong.
struct CheckCommandTests {
    @Test func showcasePluginsPassAtStrictnessTen() throws {
        let (status, report, stderr) = try runCheck([Showcase.folder, "--strictness", "10"])
        #expect(status == 0, "\(stderr)")
        #expect(report.notPassed.isEmpty, "\(report.results.filter { $0.status != .passed && $0.status != .skipped })")
        let groups = Set(report.groups)
        for plugin in ["side_menu", "general_nav_bar", "epg_legacy_screen", "web", "live_drawer", "libEPG.so"] {
            #expect(groups.contains(plugin))
        }
        // The full-screen guide has its own close button: close() is called and answered.
        let taps = report.results.first { $0.group == "epg_legacy_screen" && $0.test == "screen.taps" }
        #expect(taps?.log.contains { $0.contains("it was destroyed during close()") } == true)
        // The app declares epg_tune, so it is called with generated arguments at strictness 7+.
        #expect(
            report.results.contains {
                $0.group == "epg_legacy_screen" && $0.test == "exports.call-generated" && $0.status == .passed
            })
    }

    /// A library checked alone has no manifest, so a declared export looks like an extra one.
    static let explainedWarnings: [String: [String: CheckStatus]] = [
        "EPG": ["library.extra-exports": .warning]  // epg_tune: declared by EPG's manifest, unseen here
    ]

    @Test(arguments: ["SideMenu", "EPG", "GeneralNavBar", "TabBar", "ContactUs", "Web", "Components"])
    func firstPartyLibraryPassesAtStrictnessTen(_ name: String) throws {
        let (status, report, stderr) = try runCheck([Built.library(name), "--strictness", "10"])
        #expect(status == 0, "\(stderr)")
        #expect(report.notPassed == Self.explainedWarnings[name, default: [:]])
    }

    @Test func appFolderChecksWhatTheManifestsPromise() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func manifest(_ identifier: String, className: String, exports: String) -> String {
            """
            {"plugin": {"api": {"class_name": "\(className)", "modules": []}, "identifier": "\(identifier)",
              "name": "\(identifier)", "type": "general", "screen": true, "manifest_version": "1.0.0",
              "plugboard": {"library": "BrokenLeaksViews"\(exports)}}, "configuration_json": null}
            """
        }
        let plugins =
            "["
            + manifest(
                "leaky", className: "broken_leaks_views", exports: #", "exports": {"leaky_gone": "(i32) -> i32"}"#)
            + "," + manifest("ghost", className: "ghost_screen", exports: "") + "]"
        try Data(plugins.utf8).write(to: folder.appendingPathComponent("plugins.json"))
        try Data(#"[{"id": "home", "name": "Home", "type": "leaky", "home": true, "navigations": []}]"#.utf8)
            .write(to: folder.appendingPathComponent("rivers.json"))
        let (status, report, _) = try runCheck([folder.path, "--plugin-path", Built.directory])
        #expect(status == 1)
        #expect(
            report.result("descriptors.describe-manifests")?.message?.contains(
                "manifest 'ghost' names a screen plugin 'ghost_screen'") == true)
        let resolve = try #require(report.results.first { $0.group == "leaky" && $0.test == "exports.resolve" })
        #expect(resolve.status == .failed)
        #expect(
            resolve.message?.contains("declares the export 'leaky_gone', but the library has no such symbol") == true)
        #expect(report.results.first { $0.group == "ghost" }?.status == .skipped)
        #expect(
            report.results.first { $0.group == "leaky" && $0.test == "instance.destroy-releases-views" }?.status
                == .warning)
    }

    @Test func junitReportHasATestcasePerResult() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check.xml").path
        let arguments = [Built.library("BrokenPlacementCrash"), "--seed", "5"]
        let junit = try runPlugboard(["check", "--format", "junit", "-o", file] + arguments)
        #expect(junit.status == 1)
        #expect(junit.stdout.hasSuffix("FAILURE\n"), "the verdict still reaches the terminal")
        let (_, report, _) = try runCheck(arguments)
        #if canImport(FoundationXML)
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: file))
            let suites = try document.nodes(forXPath: "/testsuites/testsuite")
            let cases = try document.nodes(forXPath: "//testcase")
            #expect(suites.count == report.groups.count)
            #expect(cases.count == report.results.count)
            #expect(try document.nodes(forXPath: "//testcase/error[@type='crashed']").count == report.count(.crashed))
            #expect(try document.nodes(forXPath: "//testcase/skipped").count == report.count(.skipped))
            #expect(
                try document.nodes(forXPath: "//testcase[@name='root.placement']/error").first?.stringValue?.contains(
                    "place_nav_bar(on_top)") == true)
        #endif
    }

    @Test func fuzzFailureIsReplayedBySeed() throws {
        let arguments = [
            Built.library("BrokenFuzzCrash"), "--strictness", "8", "--only", "fuzz.create-models", "--seed", "11",
        ]
        let (status, first, _) = try runCheck(arguments)
        let (_, second, _) = try runCheck(arguments)
        #expect(status == 1)
        let crash = try #require(first.result("fuzz.create-models"))
        #expect(crash.status == .crashed)
        #expect(crash.message == #"SIGSEGV during create of screen "broken_fuzz_crash""#)
        #expect(
            crash.log.contains { $0.contains("fuzzed models:") && $0.contains("\"fuzz_") },
            "the crashing input is shown")
        #expect(crash.calls.count > 2, "the call sequence leading to the crash")
        #expect(second.results.map(\.untimed) == first.results.map(\.untimed), "the same seed, the same run")
        let text = try runPlugboard(["check"] + arguments)
        #expect(
            text.stdout.contains(
                "replay: plugboard check \(Built.library("BrokenFuzzCrash")) --seed 11 --only fuzz.create-models --plugin broken_fuzz_crash --strictness 8"
            ))
    }

    /// A misspelt `--plugin` or `--only` is an error, not a SUCCESS that tested nothing: a CI
    /// gate with a typo must not pass.
    @Test func aFilterThatSelectsNothingIsAnError() throws {
        let epg = Built.library("EPG")
        for (arguments, says) in [
            (["Examples/Showcase", "--plugin", "nosuch"], "--plugin nosuch: no test ran for it"),
            ([epg, "--plugin", "epg_legacy_scren"], "--plugin epg_legacy_scren: no test ran for it"),
            ([epg, "--only", "sceen.*"], "--only sceen.* matches no test"),
            ([epg, "--only", "nav-bar.*"], "no test ran: --only selects none for these inputs"),
        ] {
            let result = try runPlugboard(["check"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("SUCCESS"), "\(arguments)")
        }
        let chosen = try runPlugboard(["check", epg, "--plugin", "epg_legacy_screen", "--only", "screen.*"])
        #expect(chosen.status == 0 && chosen.stdout.contains("SUCCESS"), "\(chosen.stdout)\(chosen.stderr)")
    }

    @Test func listShowsEveryTestWithItsStrictness() throws {
        let result = try runPlugboard(["check", "--list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == Catalogue.tests.count)
        for test in Catalogue.tests {
            #expect(
                lines.contains { $0.hasPrefix(test.id + " ") && $0.contains("  \(test.strictness)  \(test.summary)") })
        }
        let help = try runPlugboard(["check", "--help"])
        #expect(help.stdout.contains("8: fuzzing"))
    }

    @Test func docsDescribeEveryTestAndLevel() throws {
        let docs = try String(contentsOfFile: PackageRoot.path + "/docs/check.md", encoding: .utf8)
        for test in Catalogue.tests {
            #expect(docs.contains("| `\(test.id)` | \(test.strictness) | \(test.summary)"), "\(test.id)")
        }
        for level in Catalogue.levels { #expect(docs.contains("| \(level.level) | \(level.adds) |")) }
    }

    @Test func repeatRunsEachTestAgainAndInProcessRunsHere() throws {
        let (_, repeated, _) = try runCheck([Built.library("SideMenu"), "--only", "root.*", "--repeat", "2"])
        #expect(repeated.results.map(\.repetition).sorted() == [0, 0, 0, 0, 1, 1, 1, 1])
        let (status, inProcess, _) = try runCheck([Built.library("SideMenu"), "--in-process", "--only", "instance.*"])
        #expect(status == 0)
        #expect(inProcess.results.count == 13 && inProcess.succeeded)
    }

    @Test func badInputsGetOneLineErrors() throws {
        let strict = try runPlugboard(["check", Built.library("SideMenu"), "--strictness", "11"])
        #expect(strict.status != 0 && strict.stderr.contains("--strictness must be 1…10"))
        let missing = try runPlugboard(["check", "/nonexistent/libNope.so"])
        #expect(missing.status == 1 && missing.stderr.contains("'/nonexistent/libNope.so' does not exist"))
        let nothing = try runPlugboard(["check"])
        #expect(nothing.status != 0 && nothing.stderr.contains("give plugin libraries (.so) or an app folder"))
        let notPlugin = try runPlugboard(["check", PackageRoot.path + "/README.md"])
        #expect(notPlugin.status == 1)
        #expect(notPlugin.stdout.contains("failed     library.loads: dlopen(RTLD_NOW) failed"))
        #expect(notPlugin.hasNoBacktrace)
    }
}
