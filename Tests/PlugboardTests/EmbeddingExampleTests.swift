import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The embedding page's example (docs/embedding.md): the code shown is the example program, which the package
/// builds without package access (so it compiles against the public API alone), and running it
/// on the Showcase prints what the page shows.
@Suite struct EmbeddingExampleTests {
    static let page = PackageRoot.path + "/docs/embedding.md"

    /// The text between `<!-- embedding:begin -->` and its end marker, without the fence.
    static func pageCode() throws -> String {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- embedding:begin -->\n```swift\n"))
        let end = try #require(text.range(of: "```\n<!-- embedding:end -->"))
        return String(text[begin.upperBound..<end.lowerBound])
    }

    @Test func thePageCodeIsTheExampleProgram() throws {
        let program = try String(contentsOfFile: PackageRoot.path + "/Examples/Embedding/main.swift", encoding: .utf8)
        #expect(try Self.pageCode() == program)
    }

    @Test func theExampleRunsOnTheShowcaseAsThePageShows() throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        let command = "$ plugboard-embedding-example Examples/Showcase .build/debug 2>/dev/null | head -1\n"
        let shown = try #require(text.range(of: command))
        let expected = try #require(text[shown.upperBound...].split(separator: "\n").first)

        let result = try run(
            [Built.directory + "/plugboard-embedding-example", "Examples/Showcase", Built.directory],
            in: PackageRoot.path)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.contains(expected), "\(result.output)")
        // It went back to Home and drew the whole device in the terminal's 80×24.
        let drawing = lines.filter { $0.hasPrefix("│") || $0.hasPrefix("╭") || $0.hasPrefix("╰") }
        #expect(drawing.count <= 24 && drawing.contains { $0.contains("Home") }, "\(result.output)")
    }
}
