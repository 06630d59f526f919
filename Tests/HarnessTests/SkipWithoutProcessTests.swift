import Foundation
import PlugboardConfig
import PlugboardLoader
import TestSupport
import Testing

@testable import PlugboardHarness

/// A skip the subject alone decides — a bare library for a test that needs the manifests, a
/// manifest that declares no exports — is reported with the message a child would give, and no
/// process is started for it; a plugin whose manifest declares exports still runs the test.
struct SkipWithoutProcessTests {
    @Test func exportTestsOfPluginsWithoutExportsStartNoProcess() throws {
        var options = CheckOptions()
        options.seed = 1
        options.only = ["exports.resolve"]
        let runner = try CheckRunner(options: options, executable: Built.directory + "/plugboard")
        let configuration = try AppConfiguration.load(folder: Showcase.url)
        let report = runner.check(app: configuration, searchPath: Built.searchPath)
        let declaring = configuration.plugins.entries.filter { !($0.manifest.plugboard?.exports ?? []).isEmpty }
        #expect(!declaring.isEmpty && declaring.count < configuration.plugins.entries.count)
        let ran = report.results.filter { $0.status != .skipped }
        #expect(ran.count == declaring.count)
        #expect(ran.allSatisfy { $0.status == .passed }, "\(ran)")
        let skipped = report.results.filter { $0.status == .skipped }
        #expect(!skipped.isEmpty)
        #expect(skipped.allSatisfy { $0.message == "the manifest declares no exports" }, "\(skipped)")
        #expect(runner.jobsRun == declaring.count)
    }

    @Test func aBareLibraryRunsNoTestThatNeedsTheManifests() throws {
        var options = CheckOptions()
        options.seed = 1
        options.only = ["exports.*", "descriptors.describe-manifests"]
        let runner = try CheckRunner(options: options, executable: Built.directory + "/plugboard")
        let report = runner.check(libraries: [Built.library("SideMenu")])
        #expect(!report.results.isEmpty)
        #expect(
            report.results.allSatisfy { $0.status == .skipped && $0.message?.hasPrefix("needs an app folder") == true })
        #expect(runner.jobsRun == 0)
    }
}
