import Testing

@testable import PlugboardCore

/// How paths are written and how a document is walked with them.
struct JSONPathTests {
    @Test func rendering() {
        #expect(JSONPath.root.description == "$")
        let path = JSONPath.root.appending(index: 3).appending(key: "navigations").appending(index: 0)
            .appending(key: "styles").appending(key: "state")
        #expect(path.description == "$[3].navigations[0].styles.state")
        #expect(JSONPath.root.appending(key: "odd key").description == #"$["odd key"]"#)
        #expect(JSONPath.root.appending(key: "_ok9").appending(key: "9no").description == #"$._ok9["9no"]"#)
        #expect(JSONPath.root.appending(key: "").description == #"$[""]"#)
        #expect(JSONPath.root.appending(key: "a-b").appending(key: "a.b").description == #"$["a-b"]["a.b"]"#)
        #expect(JSONPath.root.appending(key: "q\"\\\n").description == #"$["q\"\\\n"]"#)
        #expect(JSONPath.root.appending(key: "café").description == #"$["café"]"#)
        #expect(JSONPath([.key("a"), .index(1)]) == JSONPath.root.appending(key: "a").appending(.index(1)))
        #expect(JSONPath([.key("a"), .index(1)]).parent == JSONPath([.key("a")]))
        #expect(JSONPath.root.parent == nil)
    }

    @Test func walkVisitsEveryNodeWithItsPath() throws {
        let root = try JSONParser.parse(
            """
            [{"navigations": [{"styles": {"state": "on", "odd key": [null]}}]}]
            """)
        var visited: [String] = []
        root.walk { path, node in
            visited.append("\(path) @\(node.position)")
        }
        #expect(
            visited == [
                "$ @1:1",
                "$[0] @1:2",
                "$[0].navigations @1:18",
                "$[0].navigations[0] @1:19",
                "$[0].navigations[0].styles @1:30",
                "$[0].navigations[0].styles.state @1:40",
                #"$[0].navigations[0].styles["odd key"] @1:57"#,
                #"$[0].navigations[0].styles["odd key"][0] @1:58"#,
            ])
    }

    @Test func walkCanStopWithAnError() throws {
        struct Found: Error { let path: JSONPath }
        let root = try JSONParser.parse(#"{"a": [1, "x", 2]}"#)
        let found = try #require(throws: Found.self) {
            try root.walk { (path, node) throws(Found) in
                if node.stringValue != nil { throw Found(path: path) }
            }
        }
        #expect(found.path.description == "$.a[1]")
    }

    @Test func nodeAtPath() throws {
        let root = try JSONParser.parse(#"{"a": [1, {"b c": true}]}"#)
        let path = JSONPath([.key("a"), .index(1), .key("b c")])
        #expect(root.node(at: path)?.boolValue == true)
        #expect(root.node(at: .root) == root)
        #expect(root.node(at: JSONPath([.key("a"), .index(5)])) == nil)
        #expect(root.node(at: JSONPath([.index(0)])) == nil)
    }
}
