import Foundation
import TestSupport
import Testing

@testable import PlugboardCore

/// The real manifests in `shared/fixtures/real`: valid ones must read exactly as
/// `JSONSerialization` reads them, and the one with a trailing comma must fail where the key was due.
struct RealFixtureTests {
    /// The copies of `shared/fixtures/real` kept in the package.
    static let fixtureDirectory: URL? = URL(fileURLWithPath: PackageRoot.path + "/Tests/Fixtures/real")

    static let fixtures: [URL] = {
        guard let directory = fixtureDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }()

    static var validFixtures: [URL] { fixtures.filter { !$0.lastPathComponent.contains("trailing-comma") } }

    @Test func fixturesAreFound() {
        #expect(Self.validFixtures.count >= 4)
    }

    @Test(arguments: validFixtures)
    func validFixtureMatchesJSONSerialization(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        let node = try JSONParser.parse(data)
        let expected = try JSONSerialization.jsonObject(with: data)
        #expect(try canonical(node.toAny()) == canonical(expected))
        // Writing the tree back out gives the same document again.
        let reparsed = try JSONSerialization.jsonObject(with: Data(node.serialized().utf8))
        #expect(try canonical(reparsed) == canonical(expected))
    }

    @Test func trailingCommaFixtureFailsAtTheClosingBrace() throws {
        let directory = try #require(Self.fixtureDirectory)
        let url = directory.appendingPathComponent("plugins-fullscreen-example.trailing-comma.json")
        let data = try Data(contentsOf: url)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONParser.parse(data) }
        #expect(error.position == SourcePosition(line: 26, column: 5))
        #expect(error.message == "expected a string key but found \"}\"")
        // Note: JSONSerialization on Linux (Swift 6.3) accepts this file, so it cannot be the validator.
    }

    /// JSON with sorted keys, so two untyped trees can be compared; `NSDictionary.isEqual` is not
    /// reliable for bridged Swift values on Linux.
    func canonical(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
