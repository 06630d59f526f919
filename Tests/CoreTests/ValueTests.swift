import Foundation
import TestSupport
import Testing

@testable import PlugboardCore

/// What a successful parse produces: values, numbers, strings, positions and conversions.
struct ValueTests {
    @Test func scalars() throws {
        #expect(try JSONParser.parse("null").isNull)
        #expect(try JSONParser.parse("true").boolValue == true)
        #expect(try JSONParser.parse(" false ").boolValue == false)
        #expect(try JSONParser.parse("\"hi\"").stringValue == "hi")
        #expect(try JSONParser.parse("-12.5e3").numberValue?.double == -12_500)
        #expect(try JSONParser.parse("[]").arrayValue?.isEmpty == true)
        #expect(try JSONParser.parse("{}").objectValue?.isEmpty == true)
        #expect(try JSONParser.parse("1").stringValue == nil)
    }

    @Test func acceptsAllInputKinds() throws {
        let text = "{\"a\": [1, 2]}"
        let expected = try JSONParser.parse(text)
        #expect(try JSONParser.parse(Array(text.utf8)) == expected)
        #expect(try JSONParser.parse(Data(text.utf8)) == expected)
        #expect(try JSONParser.parse(text.utf8) == expected)
        #expect(try JSONParser.parse(ArraySlice(Array(("xx" + text).utf8)).dropFirst(2)) == expected)
        #expect(try JSONParser.parse(Array(text.utf8).lazy.map { $0 }) == expected)
    }

    @Test func numbersKeepTheirText() throws {
        let node = try JSONParser.parse(
            "[0, -0, 9223372036854775807, -9223372036854775808, 18446744073709551615, 1.50, 1e400, 2E-3, "
                + "123456789012345678901234]"
        )
        let elements = try #require(node.arrayValue)
        let numbers = elements.compactMap(\.numberValue)
        #expect(
            numbers.map(\.text) == [
                "0", "-0", "9223372036854775807", "-9223372036854775808", "18446744073709551615", "1.50", "1e400",
                "2E-3", "123456789012345678901234",
            ])
        #expect(numbers[0].int64 == 0)
        #expect(numbers[1].int64 == 0)
        #expect(numbers[2].int64 == Int64.max)
        #expect(numbers[3].int64 == Int64.min)
        #expect(numbers[3].uint64 == nil)
        #expect(numbers[4].int64 == nil)
        #expect(numbers[4].uint64 == UInt64.max)
        #expect(numbers[5].int64 == nil)
        #expect(numbers[5].double == 1.5)
        #expect(numbers[6].double == .infinity)
        #expect(numbers[7].double == 0.002)
        #expect(numbers[8].int64 == nil && numbers[8].uint64 == nil)
        #expect(numbers[8].double == 1.2345678901234568e23)
        #expect(numbers[2].isIntegerLiteral && !numbers[5].isIntegerLiteral && !numbers[7].isIntegerLiteral)
        // 2^53 + 1 cannot be represented by Double; the text keeps it exact.
        #expect(try JSONParser.parse("9007199254740993").numberValue?.int64 == 9_007_199_254_740_993)
    }

    @Test func numberInitializers() {
        #expect(JSONNumber(42).text == "42")
        #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        #expect(JSONNumber(0.5)?.text == "0.5")
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(Double.infinity) == nil)
    }

    @Test(arguments: [
        ("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\u{08}\u{0C}\n\r\t"),
        ("\"\\u0041\\u00e9\\u00E9\\u4e2d\"", "Aéé中"),
        ("\"\\u0000\"", "\u{0000}"),
        ("\"\\ud83d\\ude00\"", "😀"),
        ("\"\\uD834\\uDD1E clef\"", "𝄞 clef"),
        ("\"\\uDBFF\\uDFFF\"", "\u{10FFFF}"),
        ("\"plain é 日本 😀\"", "plain é 日本 😀"),
        ("\"mixed é\\n😀\\t\\u00e9\"", "mixed é\n😀\té"),
        ("\"\\uFEFF\"", "\u{FEFF}"),
        ("\"\"", ""),
    ])
    func stringEscapes(_ source: String, _ expected: String) throws {
        #expect(try JSONParser.parse(source).stringValue == expected)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(node.position == SourcePosition(line: 1, column: 1))
        #expect(node["a"]?.position == SourcePosition(line: 1, column: 7))
    }

    @Test func positionsOfNestedValues() throws {
        let source = """
            {
              "name": "é😀",  "list": [1, {"deep": [true, null]}],
            \t"x": -1.5
            }
            """
        let root = try JSONParser.parse(source)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let object = try #require(root.objectValue)
        #expect(
            object.entries.map(\.keyPosition) == [
                SourcePosition(line: 2, column: 3), SourcePosition(line: 2, column: 18),
                SourcePosition(line: 3, column: 2),
            ])
        #expect(root["name"]?.position == SourcePosition(line: 2, column: 11))
        #expect(root["list"]?.position == SourcePosition(line: 2, column: 26))
        #expect(root["list"]?[0]?.position == SourcePosition(line: 2, column: 27))
        #expect(root["list"]?[1]?.position == SourcePosition(line: 2, column: 30))
        #expect(root["list"]?[1]?["deep"]?.position == SourcePosition(line: 2, column: 39))
        #expect(root["list"]?[1]?["deep"]?[1]?.position == SourcePosition(line: 2, column: 46))
        #expect(root["x"]?.position == SourcePosition(line: 3, column: 7))
        #expect(root["missing"] == nil)
        #expect(root["list"]?[2] == nil)
        #expect(root["list"]?[-1] == nil)
        #expect(root[0] == nil)
    }

    @Test func positionsWithCarriageReturns() throws {
        let root = try JSONParser.parse("[\r\n 1,\r 2,\n\r 3]")
        #expect(root[0]?.position == SourcePosition(line: 2, column: 2))
        #expect(root[1]?.position == SourcePosition(line: 3, column: 2))
        #expect(root[2]?.position == SourcePosition(line: 5, column: 2))
    }

    @Test func duplicateKeysAreKeptAndReported() throws {
        let root = try JSONParser.parse("{\"a\": 1, \"b\": 2, \"a\": 3,\n \"a\": 4, \"b\": 5}")
        let object = try #require(root.objectValue)
        #expect(object.keys == ["a", "b", "a", "a", "b"])
        #expect(root["a"]?.numberValue?.int64 == 4)
        let duplicates = object.duplicateKeys
        #expect(duplicates.map(\.key) == ["a", "a", "b"])
        #expect(
            duplicates.map(\.first) == [
                SourcePosition(line: 1, column: 2), SourcePosition(line: 1, column: 2),
                SourcePosition(line: 1, column: 10),
            ])
        #expect(
            duplicates.map(\.second) == [
                SourcePosition(line: 1, column: 18), SourcePosition(line: 2, column: 2),
                SourcePosition(line: 2, column: 10),
            ])
        #expect(try JSONParser.parse("{\"a\": 1}").objectValue?.duplicateKeys.isEmpty == true)
    }

    @Test func largeObjectsLookUpKeysLikeSmallOnes() throws {
        let members = (0..<40).map { "\"k\($0 % 30)\": \($0)" }.joined(separator: ", ")
        let root = try JSONParser.parse("{\(members)}")
        #expect(root["k5"]?.numberValue?.int64 == 35)
        #expect(root["k29"]?.numberValue?.int64 == 29)
        #expect(root["k30"] == nil)
        #expect(root.objectValue?.duplicateKeys.count == 10)
    }

    @Test func deepButAllowedNestingParses() throws {
        let depth = 500
        let source = String(repeating: "{\"a\":[", count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        var node = try JSONParser.parse(source)
        for _ in 0..<depth / 2 {
            node = try #require(node["a"]?[0])
        }
        #expect(node.numberValue?.int64 == 1)
    }

    @Test func toAnyMatchesJSONSerialization() throws {
        let source = """
            {"null": null, "t": true, "f": false, "int": -42, "big": 18446744073709551615, "double": 1.5,
             "exp": 1e2, "str": "é\\n\\u00e9", "list": [1, "two", [3], {"four": 4}], "dup": 1, "dup": 2}
            """
        let any = try JSONParser.parse(source).toAny()
        let dictionary = try #require(any as? [String: Any])
        #expect(dictionary["null"] is NSNull)
        #expect(dictionary["t"] as? Bool == true)
        #expect(dictionary["int"] as? Int == -42)
        #expect(dictionary["big"] as? UInt64 == UInt64.max)
        #expect(dictionary["double"] as? Double == 1.5)
        #expect(dictionary["exp"] as? Double == 100)
        #expect(dictionary["str"] as? String == "é\né")
        #expect(dictionary["dup"] as? Int == 2)
        let expected = try JSONSerialization.jsonObject(with: Data(source.utf8))
        #expect(try canonical(any) == canonical(expected))
    }

    /// A parsed node is written from its document's tape, a built value through `JSONValue`: the
    /// same text, and the same document as Foundation reads it, for every JSON file in the
    /// repository's apps and fixtures and for strings that need escaping.
    @Test func aParsedNodeIsWrittenAsItsValueIsWritten() throws {
        var files: [URL] = []
        for folder in ["Examples/Showcase", "Examples/Tabs", "Tests/Fixtures/real", "Tests/Fixtures/app"] {
            let url = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" && !$0.lastPathComponent.contains("trailing-comma") }
        }
        #expect(files.count >= 8)
        let escapes = #"{"a\"b":["\u00e9\n\"","é",-1.5e+3,true,null,{},[]],"\ud83d\ude00":"\u0000"}"#
        let documents = try files.map { try Data(contentsOf: $0) } + [Data(escapes.utf8)]
        for data in documents {
            let node = try JSONParser.parse(data)
            #expect(node.serialized() == node.value.serialized())
            // Read by Foundation, the text is the same document as the source.
            let written = try JSONSerialization.jsonObject(
                with: Data(node.serialized().utf8), options: .fragmentsAllowed)
            #expect(try canonical(written) == canonical(JSONSerialization.jsonObject(with: data)))
            // And inside a built value: its parsed members are written from the tape too.
            let wrapped = JSONValue.array([node, JSONNode(.string("x\u{1}"), position: node.position)])
            #expect(wrapped.serialized() == "[\(node.value.serialized()),\"x\\u0001\"]")
        }
    }

    @Test func serializedIsCompactValidJSONInSourceOrder() throws {
        let source = """
            { "z": [1, 2.50, -0, 1E5, true, false, null],
              "a": {"nested": "q\\"b\\\\s\\/ é\\u0001\\u001f\\b\\f\\n\\r\\t 😀", "empty": {}, "none": []},
              "a": "dup", "odd key": "\\u007f" }
            """
        let root = try JSONParser.parse(source)
        let serialized = root.serialized()
        let expected =
            #"{"z":[1,2.50,-0,1E5,true,false,null],"#
            + #""a":{"nested":"q\"b\\s/ é\u0001\u001f\b\f\n\r\t 😀","empty":{},"none":[]},"#
            + #""a":"dup","odd key":"\#u{7F}"}"#
        #expect(serialized == expected)
        let reparsed = try JSONParser.parse(serialized)
        #expect(reparsed.serialized() == serialized)
        #expect(try canonical(reparsed.toAny()) == canonical(JSONSerialization.jsonObject(with: Data(serialized.utf8))))
        #expect(JSONValue.string("\u{0}").serialized() == #""\u0000""#)
    }

    @Test func kindDescriptions() throws {
        let root = try JSONParser.parse("[null, true, 1, \"s\", [], {}]")
        #expect(
            root.arrayValue?.map(\.value.kindDescription) == [
                "null", "a boolean", "a number", "a string", "an array", "an object",
            ])
    }

    func canonical(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
