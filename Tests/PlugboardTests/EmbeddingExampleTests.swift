import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The README's embedding example: the code shown is the example program, which the package
/// builds without package access (so it compiles against the public API alone), and running it
/// on the Showcase prints what the README shows.
@Suite struct EmbeddingExampleTests {
    static let readme = PackageRoot.path + "/README.md"

    /// The text between `<!-- embedding:begin -->` and its end marker, without the fence.
    static func readmeCode() throws -> String {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- embedding:begin -->\n```swift\n"))
        let end = try #require(text.range(of: "```\n<!-- embedding:end -->"))
        return String(text[begin.upperBound..<end.lowerBound])
    }

    @Test func theReadmeCodeIsTheExampleProgram() throws {
        let program = try String(contentsOfFile: PackageRoot.path + "/Examples/Embedding/main.swift", encoding: .utf8)
        #expect(try Self.readmeCode() == program)
    }

    @Test func theExampleRunsOnTheShowcaseAsTheReadmeShows() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let command = "swift build && .build/debug/plugboard-embedding-example Examples/Showcase .build/debug | head -1"
        let shown = try #require(text.range(of: "```sh\n\(command)\n```\n```\n"))
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
