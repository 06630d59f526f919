import Foundation
import Testing

@testable import PlugboardCore

/// Nodes of a parsed document decode their values and positions only when asked (see
/// `JSONDocument`); these tests check that what they give is what a tree built while parsing gave.
struct ParsedDocumentTests {
    /// Every line ending, a byte-order mark, multi-byte characters before values, escapes in keys
    /// and values, and every kind of value.
    static let source: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array(
            "{\"é😀\": [1, \"日本語\", {\"k\\u00e9y\": \"v\\n\"}],\r\n\t\"b\": true,\r  \"c\": [null, false, -1.5e3],\n\"ü\": {}}\n"
                .utf8)

    /// The lines of `source` after its byte-order mark, split at LF, CRLF and lone CR, as scalars.
    static var lines: [[Unicode.Scalar]] {
        let text = String(decoding: source.dropFirst(3), as: UTF8.self)
        var lines: [[Unicode.Scalar]] = [[]]
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r" && scalars.first == "\n" { scalars.removeFirst() }
            if scalar == "\r" || scalar == "\n" {
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        return lines
    }

    /// The scalar a position points at, counting lines and columns from 1.
    static func scalar(at position: SourcePosition) -> Unicode.Scalar? {
        let lines = lines
        guard lines.indices.contains(position.line - 1) else { return nil }
        let line = lines[position.line - 1]
        return line.indices.contains(position.column - 1) ? line[position.column - 1] : nil
    }

    /// The first character of the value's source text, whatever its kind.
    static func firstCharacter(of value: JSONValue) -> Unicode.Scalar {
        switch value {
        case .null: "n"
        case .bool(let bool): bool ? "t" : "f"
        case .number(let number): number.text.unicodeScalars.first!
        case .string: "\""
        case .array: "["
        case .object: "{"
        }
    }

    @Test func everyPositionPointsAtTheFirstCharacterOfItsValue() throws {
        let root = try JSONParser.parse(Self.source)
        var visited = 0
        root.walk { _, node in
            visited += 1
            #expect(Self.scalar(at: node.position) == Self.firstCharacter(of: node.value), "\(node.position)")
            for entry in node.objectValue?.entries ?? [] {
                #expect(Self.scalar(at: entry.keyPosition) == "\"", "\(entry.key) at \(entry.keyPosition)")
            }
        }
        #expect(visited == 12)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        #expect(root["é😀"]?[1]?.position == SourcePosition(line: 1, column: 12))
        #expect(root["b"]?.position == SourcePosition(line: 2, column: 7))
        #expect(root["c"]?[2]?.position == SourcePosition(line: 3, column: 22))
        #expect(root["ü"]?.position == SourcePosition(line: 4, column: 6))
    }

    @Test func readersGiveWhatTheValueGives() throws {
        let root = try JSONParser.parse(Self.source)
        let list = try #require(root["é😀"])
        #expect(list.arrayValue?.count == 3)
        #expect(list[1]?.stringValue == "日本語")
        #expect(list[2]?["kéy"]?.stringValue == "v\n")
        #expect(list[2]?.objectValue?.keys == ["kéy"])
        #expect(list[0]?.numberValue?.int == 1)
        #expect(root["b"]?.boolValue == true)
        #expect(root["c"]?[0]?.isNull == true)
        #expect(root["c"]?[1]?.boolValue == false)
        #expect(root["c"]?[2]?.numberValue?.text == "-1.5e3")
        #expect(root["ü"]?.isObject == true)
        #expect(root["b"]?.isObject == false)
        #expect(root["b"]?.stringValue == nil)
        #expect(root["c"]?["x"] == nil)
        #expect(root["c"]?[3] == nil)
        #expect(list[1]?.numberValue == nil)
    }

    @Test func aDataSliceIsReadFromItsOwnStart() throws {
        let data = Data("xx\n [\"é\", {\"k\": 1}]".utf8).dropFirst(2)
        let root = try JSONParser.parse(data)
        #expect(root[0]?.stringValue == "é")
        #expect(root[1]?["k"]?.numberValue?.int == 1)
        #expect(root[1]?.position == SourcePosition(line: 2, column: 8))
        #expect(root == (try JSONParser.parse(Array(data))))
    }

    @Test func keysAreLookedUpAsSwiftComparesStrings() throws {
        let root = try JSONParser.parse("{\"K\": 1, \"\u{212A}\": 2, \"e\\u0301\": 3, \"\": 4, \"K2\": 5}")
        #expect(root["\u{212A}"]?.numberValue?.int == 2)
        #expect(root["K"]?.numberValue?.int == 2)
        #expect(root["é"]?.numberValue?.int == 3)
        #expect(root[""]?.numberValue?.int == 4)
        #expect(root["K2"]?.numberValue?.int == 5)
        #expect(root["K3"] == nil)
        let object = try #require(root.objectValue)
        for key in ["K", "\u{212A}", "é", "", "K2", "K3"] {
            #expect(root[key] == object[key], "\(key)")
        }
    }

    @Test func parsedNodesEqualTheSameNodesBuiltInCode() throws {
        let parsed = try JSONParser.parse("[1, {\"a\": \"x\"}]")
        let built = JSONNode(
            .array([
                JSONNode(.number(JSONNumber(1)), position: SourcePosition(line: 1, column: 2)),
                JSONNode(
                    .object(
                        JSONObject(entries: [
                            .init(
                                key: "a", keyPosition: SourcePosition(line: 1, column: 6),
                                value: JSONNode(.string("x"), position: SourcePosition(line: 1, column: 11)))
                        ])), position: SourcePosition(line: 1, column: 5)),
            ]), position: .start)
        #expect(parsed == built)
        #expect(built == parsed)
        #expect(parsed.hashValue == built.hashValue)
        #expect(parsed != JSONNode(built.value, position: SourcePosition(line: 1, column: 2)))
    }

    @Test func changingAParsedNodeKeepsWhatWasNotChanged() throws {
        var node = try JSONParser.parse("\n  [1, 2]")
        node.value = .string("new")
        #expect(node.stringValue == "new")
        #expect(node.position == SourcePosition(line: 2, column: 3))
        var other = try JSONParser.parse("[1, 2]")
        other.position = SourcePosition(line: 9, column: 9)
        #expect(other[1]?.numberValue?.int == 2)
        #expect(other.position == SourcePosition(line: 9, column: 9))
    }

    @Test func positionsCanBeReadFromManyThreadsAtOnce() async throws {
        let lines = (0..<200).map { "  \"k\($0)\": \"é\($0)\"" }.joined(separator: ",\n")
        let root = try JSONParser.parse("{\n\(lines)\n}")
        let positions = await withTaskGroup(of: [SourcePosition].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<200).map { root["k\($0)"]!.position } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = (0..<200).map { SourcePosition(line: $0 + 2, column: 8 + String($0).count) }
        #expect(positions.allSatisfy { $0 == expected })
    }
}
