import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// A screen that needs a data source of its own: checked alone it declines every minimal model,
/// which `check` says once (a warning naming the options), not as a failure of every test; given
/// the author's data source (`--data-source`, `--screen-model`) it is checked as it will run.
@Suite struct AuthorModelTests {
    static let library = Built.library("TestDataSourceC")

    static func file(_ json: String) throws -> String {
        let url = try makeTemporaryDirectory().appendingPathComponent("model.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func aScreenThatDeclinesTheMinimalModelsIsSaidOnce() throws {
        let (status, report, _) = try runCheck([Self.library, "--seed", "1"])
        #expect(status == 0)
        let screen = report.results.filter { $0.group == "test.screen.needs-channel" }
        #expect(screen.filter { $0.status == .failed }.isEmpty)
        let warned = try #require(screen.first { $0.test == "instance.create-models" })
        #expect(warned.status == .warning && warned.message?.contains("declined without a data source") == true)
        #expect(warned.message?.contains("--data-source FILE") == true)
        #expect(screen.filter { $0.status == .skipped && $0.message == CheckContext.declinedMinimalModels }.count >= 8)

        // The text report gives that reason once, then the tests it skipped.
        let text = try runPlugboard(["check", Self.library, "--seed", "1"])
        let lines = text.stdout.split(separator: "\n")
        let declined = lines.indices.filter { lines[$0].contains(CheckContext.declinedMinimalModels) }
        #expect(declined.count == 1, "\(text.stdout)")
        if let index = declined.first {
            #expect(lines[index].hasPrefix("  skipped    ") && lines[index].contains(" tests: "))
            #expect(lines[index + 1].contains("instance.create-empty-models, "))
        }
    }

    @Test func theAuthorsDataSourceChecksTheScreenAsItWillRun() throws {
        let dataSource = try Self.file(#"{"channel": 5, "title": "Documentary"}"#)
        let screenModel = try Self.file(
            #"{"id": "guide", "type": "test.screen.needs-channel", "styles": {"columns": 2}}"#)
        let (status, report, stderr) = try runCheck([
            Self.library, "--seed", "1", "--data-source", dataSource, "--screen-model", screenModel,
        ])
        #expect(status == 0, "\(stderr)")
        let screen = report.results.filter { $0.group == "test.screen.needs-channel" }
        #expect(screen.first { $0.test == "instance.create-models" }?.status == .passed)
        #expect(screen.first { $0.test == "screen.lifecycle" }?.status == .passed)
        #expect(screen.filter { $0.status == .warning || $0.status.isFailure }.isEmpty, "\(screen)")
    }

    @Test func aNullFromTheAuthorsModelsIsAFailure() throws {
        let dataSource = try Self.file(#"{"title": "no channel"}"#)
        let (status, report, _) = try runCheck([Self.library, "--seed", "1", "--data-source", dataSource])
        #expect(status == 1)
        let created = report.results.first {
            $0.group == "test.screen.needs-channel" && $0.test == "instance.create-models"
        }
        #expect(created?.status == .failed && created?.message?.contains("returned NULL") == true)
    }

    @Test func badModelFilesAreRefusedWithTheirPlace() throws {
        let broken = try Self.file("{\n  \"channel\": 5,\n}")
        let result = try runPlugboard(["check", Self.library, "--data-source", broken])
        #expect(result.status != 0)
        #expect(result.stderr.contains(broken + ":3:1: "), "\(result.stderr)")
        let notObject = try Self.file("[1]")
        let array = try runPlugboard(["check", Self.library, "--screen-model", notObject])
        #expect(array.status != 0 && array.stderr.contains("a screen model is a JSON object"))
        let app = try runPlugboard(["check", Showcase.folder, "--data-source", notObject])
        #expect(app.status != 0 && app.stderr.contains("need --plugin ID"))
    }
}
