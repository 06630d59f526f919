import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The deep-links page's example URL is real (its commands run in `DocTests`).
@Suite struct DeepLinksPageTests {
    /// The URL the section opens with is one the Showcase writes: Shows pushed, its first cell
    /// tapped, Contact presented.
    @Test func theDeepLinksExampleURLIsWhatTheAppWrites() throws {
        let page = try String(contentsOfFile: PackageRoot.path + "/docs/deep-links.md", encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```").dropFirst().first)
        let url = block.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"], input: "push shows\ntap cell:1:0\npresent contact\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ShellStateLine.decodeAll(result.stdout).last?.state.url == url)
        #expect(url == "app://home/shows/show-details::harbour-lights?contact=v")
    }
}
