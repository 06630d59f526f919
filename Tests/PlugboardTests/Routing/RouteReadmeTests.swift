import Foundation
import TestSupport
import Testing

@testable import PlugboardHarness

/// The README's *Deep links* examples are real: each `swift run plugboard route …` line followed
/// by `# ` lines prints exactly those lines.
@Suite struct RouteReadmeTests {
    @Test func theDeepLinksExamplesPrintWhatTheReadmeSays() throws {
        let readme = try String(contentsOfFile: PackageRoot.path + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "## Deep links\n"))
        let lines = readme[start.upperBound...].components(separatedBy: "\n## ")[0].split(separator: "\n").map(
            String.init)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("swift run plugboard route ") {
            let expected = lines[(index + 1)...].prefix { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
            guard !expected.isEmpty else { continue }
            let result = try runPlugboard(Self.words(String(line.dropFirst("swift run plugboard ".count))))
            #expect(result.status == 0, "\(line): \(result.stderr)")
            #expect(result.stdout == expected.map { $0 + "\n" }.joined(), "\(line)")
            checked += 1
        }
        #expect(checked == 2)
    }

    /// The URL the section opens with is one the Showcase writes: Shows pushed, its first cell
    /// tapped, Contact presented.
    @Test func theDeepLinksExampleURLIsWhatTheAppWrites() throws {
        let readme = try String(contentsOfFile: PackageRoot.path + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "## Deep links\n"))
        let block = try #require(readme[start.upperBound...].components(separatedBy: "```").dropFirst().first)
        let url = block.trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try runPlugboard(
            ["run", Showcase.folder, "--json"], input: "push shows\ntap cell:1:0\npresent contact\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ShellStateLine.decodeAll(result.stdout).last?.state.url == url)
        #expect(url == "app://home/shows/show-details::harbour-lights?contact=v")
    }

    /// Splits a command line on spaces, keeping 'single-quoted' words whole.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in line {
            if character == "'" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
