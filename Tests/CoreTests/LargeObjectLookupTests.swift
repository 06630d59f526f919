import Testing

@testable import PlugboardCore

/// Key lookups on parsed nodes (`JSONDocument.member(of:named:)`) must find exactly what
/// `JSONObject`'s lookup finds, in objects of every size: the last of a repeated key, Unicode-equal
/// keys, nothing for absent ones, in any order of lookups and objects.
struct LargeObjectLookupTests {
    /// `{"k0": 0, …}` with `count` members, `extra` appended as written.
    static func object(_ count: Int, extra: String = "") -> String {
        "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + extra + "}"
    }

    /// Every key of `node` and a few absent ones give the same node as `JSONObject` gives.
    static func expectSameAsObject(_ node: JSONNode, absent: [String] = ["", "k", "missing", "k00"]) throws {
        let object = try #require(node.objectValue)
        for key in object.keys + absent {
            #expect(node[key] == object[key], "\(key)")
        }
    }

    @Test func largeObjectsFindEveryKeyAndNoOther() throws {
        let root = try JSONParser.parse(Self.object(40))
        try Self.expectSameAsObject(root)
        #expect(root["k39"]?.numberValue?.int == 39)
        #expect(root["k40"] == nil)
    }

    @Test func theLastOfARepeatedKeyWinsInALargeObject() throws {
        let root = try JSONParser.parse(Self.object(12, extra: ", \"k3\": \"second\", \"k5\": [1], \"k3\": \"third\""))
        #expect(root["k3"]?.stringValue == "third")
        #expect(root["k3"]?.position == SourcePosition(line: 1, column: 147))
        #expect(root["k5"]?.arrayValue?.count == 1)
        try Self.expectSameAsObject(root)
    }

    @Test func keysAreComparedAsSwiftComparesStringsInALargeObject() throws {
        let root = try JSONParser.parse(Self.object(10, extra: ", \"K\": 1, \"\u{212A}\": 2, \"e\\u0301\": 3"))
        #expect(root["K"]?.numberValue?.int == 2)
        #expect(root["\u{212A}"]?.numberValue?.int == 2)
        #expect(root["é"]?.numberValue?.int == 3)
        try Self.expectSameAsObject(root, absent: ["", "k", "\u{212A}2", "é2"])
    }

    @Test func nonASCIIKeysAreFoundInALargeASCIIObject() throws {
        let root = try JSONParser.parse(Self.object(10))
        #expect(root["é"] == nil)
        #expect(root["k1\u{301}"] == nil)
        #expect(root["k1"]?.numberValue?.int == 1)
    }

    /// Lookups alternate between objects looked up already and new ones.
    @Test func manyObjectsOfOneDocument() throws {
        let objects = (0..<60).map { index in Self.object(8 + index % 13, extra: ", \"id\": \(index)") }
        let root = try JSONParser.parse("[" + objects.joined(separator: ", ") + "]")
        for index in 0..<60 {
            let node = try #require(root[index])
            #expect(node["id"]?.numberValue?.int == index)
            #expect(root[index / 2]?["id"]?.numberValue?.int == index / 2)
            try Self.expectSameAsObject(node)
        }
    }

    @Test func aHugeObjectGivesTheSameAnswers() throws {
        let root = try JSONParser.parse(Self.object(2000, extra: ", \"k17\": \"last\""))
        #expect(root["k17"]?.stringValue == "last")
        #expect(root["k1999"]?.numberValue?.int == 1999)
        #expect(root["k2000"] == nil)
        try Self.expectSameAsObject(root)
    }

    /// Random documents: nested objects of random sizes, with repeated and nearly equal keys.
    @Test(arguments: 0..<20)
    func randomDocumentsGiveTheSameAnswers(_ seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let names = ["a", "b", "ab", "ba", "id", "key", "type", "value", "k1", "k2", "1k", "name", "x_y", "y_x"]
        func object(_ depth: Int) -> String {
            let count = Int(random.next() % 24)
            let members = (0..<count).map { _ -> String in
                let name = names[Int(random.next() % UInt64(names.count))]
                let value = depth < 2 && random.next() % 4 == 0 ? object(depth + 1) : "\(random.next() % 100)"
                return "\"\(name)\": \(value)"
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        let root = try JSONParser.parse(object(0))
        var nodes = [root]
        while let node = nodes.popLast() {
            try Self.expectSameAsObject(node, absent: names + ["", "abc"])
            nodes += (node.objectValue?.entries ?? []).map(\.value).filter(\.isObject)
        }
    }
}
