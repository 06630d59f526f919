import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// Each plugin of the corpus (`Tests/Plugins/Corpus`) breaks one promise of the header. Checked
/// as a third-party author would check it (`plugboard check lib<Name>.so`, each test in a child
/// process), it must yield exactly the expected results, while the harness itself exits
/// normally (status 1: something failed) and every other test passes or is skipped.
struct CheckCorpusTests {
    /// The tests that create an instance: all of them die with a plugin that dies in create or
    /// init (strictness 5, no fuzzing).
    static let creatingTests = [
        "instance.create-no-host-calls", "instance.create-models", "instance.create-empty-models",
        "instance.view-stable", "instance.model-queries",
        "instance.layout-sizes", "instance.unknown-extension", "instance.stable-extensions",
        "instance.view-calls-accepted",
        "instance.main-thread",
        "instance.views-bounded", "instance.destroy-releases-views", "screen.lifecycle", "screen.taps",
        "screen.attributes", "screen.navigation", "screen.transitions", "screen.gesture-navigation",
        "screen.custom-bar",
    ]
    /// The tests that show a screen.
    static let appearingTests = [
        "instance.view-calls-accepted", "instance.main-thread", "instance.views-bounded", "instance.model-queries",
        "instance.destroy-releases-views", "instance.stable-extensions", "screen.lifecycle", "screen.taps",
        "screen.navigation",
    ]
    /// The library tests that call the entry's init.
    static let initializingTests = [
        "library.init-refcounted", "library.get-factory-unknown", "descriptors.count-agrees", "descriptors.ids-valid",
        "descriptors.strings-utf8", "descriptors.semver", "descriptors.kind-matches",
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var library: String
        var expected: [String: CheckStatus]
        /// A phrase each non-passing result's message must contain.
        var message: String
        var testDescription: String { library }
    }

    static let cases: [Case] = [
        Case(
            library: "BrokenCreateCrash", expected: all(creatingTests, .crashed),
            message: #"SIGSEGV during create of screen "broken_create_crash""#),
        Case(
            library: "BrokenInitAbort", expected: all(creatingTests, .crashed),
            message: #"SIGABRT during init of screen "broken_init_abort""#),
        Case(
            library: "BrokenWillAppearLoop", expected: all(appearingTests, .timedOut),
            message: #"during will_appear of screen "broken_will_appear_loop"; the child was killed"#),
        Case(
            library: "BrokenFloodsOutput", expected: all(appearingTests, .crashed),
            message: #"SIGXFSZ during will_appear of screen "broken_floods_output" (it wrote more than 64 MiB"#),
        Case(
            library: "BrokenEntryInitExit", expected: all(initializingTests, .crashed),
            message: "the child exited with status 0 without reporting a result during init of library"),
        Case(
            library: "BrokenHostCallInCreate",
            expected: ["instance.create-no-host-calls": .failed, "instance.view-calls-accepted": .failed],
            message: "create"),
        Case(
            library: "BrokenLeaksViews", expected: ["instance.destroy-releases-views": .warning],
            message: "3 views were still owned after destroy"),
        Case(
            library: "BrokenWrongContextButton", expected: ["nav-bar.context-buttons": .failed],
            message: "with context button close, expected one close press; got back"),
        Case(
            library: "BrokenIgnoresCustomization",
            expected: ["nav-bar.applies-customization": .failed, "nav-bar.screen-sequence": .failed],
            message: "#FF"),
        Case(
            library: "BrokenDuplicateIDs", expected: ["descriptors.ids-valid": .failed],
            message: "id 'broken_duplicate_ids' is used twice"),
        Case(
            library: "BrokenNonUTF8Descriptor", expected: ["descriptors.strings-utf8": .failed],
            message: "name is not valid UTF-8"),
        Case(
            library: "BrokenPlacementCrash", expected: ["root.placement": .crashed, "root.placement-area": .crashed],
            message: #"SIGSEGV during place_nav_bar(on_top) of root "broken_placement_crash""#),
        Case(
            library: "BrokenHugeCount", expected: ["descriptors.count-agrees": .failed],
            message: "count() is 4294967295, more than the 1024"),
        Case(
            // The host refuses the call (never a data race), so the tests that watch refusals fail too.
            library: "BrokenOtherThread",
            expected: [
                "instance.main-thread": .failed, "instance.view-calls-accepted": .failed, "screen.lifecycle": .failed,
                "screen.taps": .failed,
            ],
            message: "set_text"),
        Case(
            library: "BrokenAcceptsUnknownID", expected: ["instance.create-unknown-id": .failed],
            message: #"expected NULL from create("plugboard.check.unknown")"#),
        Case(
            library: "BrokenEntryInitLoop", expected: all(initializingTests, .timedOut),
            message: "during init of library"),
        Case(
            library: "BrokenGarbageFactory",
            expected: all(
                [
                    "descriptors.count-agrees", "descriptors.ids-valid", "descriptors.strings-utf8",
                    "descriptors.semver", "descriptors.kind-matches",
                ], .crashed),
            message: "SIGSEGV"),
        Case(
            // Both tests tap every view.
            library: "BrokenTapCrash", expected: ["screen.taps": .crashed, "screen.navigation": .crashed],
            message: #"SIGSEGV during tap action of"#),
        Case(
            library: "BrokenRefusedViewCalls", expected: ["instance.view-calls-accepted": .failed],
            message: "2 refused: set_text by broken_refused_view_calls"),
        Case(
            library: "BrokenTransitionRange", expected: ["screen.transitions": .failed],
            message: "transition_for(push) filled a duration of 20000.0 ms; expected 0…10000"),
        Case(
            library: "BrokenGestureTarget", expected: ["screen.gesture-navigation": .failed],
            message: "target(push) returned 8 bytes that are not UTF-8"),
        Case(
            library: "BrokenCustomBarView", expected: ["screen.custom-bar": .failed],
            message: "expected bar_view to return"),
        Case(
            library: "BrokenStaleNavButtons", expected: ["nav-bar.screen-sequence": .failed],
            message:
                "expected only this screen's buttons (seq-home-guide, seq-home-web); the bar still shows check-nav-item-1"
        ),
        Case(
            library: "BrokenIgnoresArea", expected: ["root.placement-area": .failed],
            message:
                "expected the bar inside the area frame (0.0, 47.0, 390.0×44.0), top inset 47.0; the root framed it at (0.0, 0.0, 390.0×44.0)"
        ),
        Case(
            library: "BrokenContentOverBar", expected: ["root.placement-area": .failed],
            message:
                "placing the bar overlay on a phone: expected nothing of the root over the bar; drawn over it: container 'screen-container'"
        ),
        Case(
            library: "BrokenStaleModelString",
            expected: ["instance.model-queries": .failed, "nav-bar.screen-sequence": .failed],
            message: "a string from plugboard.host.model read after its model changed"),
        Case(
            library: "BrokenPaintsOnce",
            expected: ["nav-bar.applies-customization": .failed, "nav-bar.screen-sequence": .failed],
            message: "expected"),
    ]

    static func all(_ tests: [String], _ status: CheckStatus) -> [String: CheckStatus] {
        Dictionary(uniqueKeysWithValues: tests.map { ($0, status) })
    }

    @Test(arguments: cases)
    func brokenPluginYieldsExactlyItsResults(_ corpus: Case) throws {
        // A short time limit only where a test is expected to hang; the others keep the default.
        let timeout = corpus.expected.values.contains(.timedOut) ? ["--timeout", "3"] : []
        let (status, report, stderr) = try runCheck([Built.library(corpus.library), "--seed", "7"] + timeout)
        #expect(report.notPassed == corpus.expected)
        let failing = report.succeeded ? 0 : 1
        #expect(status == Int32(failing), "\(stderr)")
        for result in report.results where corpus.expected[result.test] != nil {
            #expect(result.message?.contains(corpus.message) == true, "\(result.test): \(result.message ?? "")")
        }
        #expect(report.results.count > 10, "the whole catalogue ran")
    }

    /// A plugin that prints without end is ended at the file-size limit (`crashed`, not `timed
    /// out` at the default 20 s), and the report shows its 4 KB lines shortened.
    @Test func aFloodOfOutputEndsAtTheLimitAndIsShownShort() throws {
        let (_, report, _) = try runCheck([Built.library("BrokenFloodsOutput"), "--only", "screen.lifecycle"])
        let result = try #require(report.result("screen.lifecycle"))
        #expect(result.status == .crashed)
        let output = result.log.filter { $0.hasPrefix("output: ") }
        #expect(!output.isEmpty)
        for line in output {
            #expect(line == "output: " + String(repeating: "x", count: 240) + "… (3855 more characters)")
        }
    }

    @Test func crashReportNamesTheCallInFlightAndThePluginsLastWords() throws {
        let (_, report, _) = try runCheck([Built.library("BrokenHostCallInCreate"), "--only", "instance.create-*"])
        let failure = try #require(report.result("instance.create-no-host-calls"))
        #expect(failure.message == "expected no host call during create; got log, create")
        #expect(
            failure.log.contains(
                "broken_host_call_in_create warning: log refused: called during create; call the host from init on (ABI rule 5)"
            ))

        let (_, crashed, _) = try runCheck([Built.library("BrokenPlacementCrash"), "--only", "root.placement"])
        let crash = try #require(crashed.result("root.placement"))
        #expect(crash.callInFlight == #"place_nav_bar(on_top) of root "broken_placement_crash""#)
        #expect(crash.calls.last == crash.callInFlight)
        #expect(crash.calls.contains(#"create of root "broken_placement_crash""#))
    }

    @Test func textReportGroupsByPluginAndEndsWithTheVerdict() throws {
        let result = try runPlugboard(["check", Built.library("BrokenWrongContextButton"), "--seed", "3"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 1)
        #expect(lines.first == "plugboard check: seed 3, strictness 5")
        #expect(lines.contains("libBrokenWrongContextButton.so"))
        #expect(lines.contains("broken_wrong_context_button (libBrokenWrongContextButton.so)"))
        #expect(lines.contains { $0.hasPrefix("  failed     nav-bar.context-buttons: with context button close") })
        #expect(
            lines.suffix(2).first?.contains(" passed, 1 failed, 0 crashed, 0 timed out, 4 skipped, 0 warnings") == true)
        #expect(lines.last == "FAILURE")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when standard output is not a terminal")
    }
}
