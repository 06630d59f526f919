import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// plugboard.host.model from a C plugin's side: typed reads by path, no JSON parser.
struct ModelExtensionTests {
    static func launch() throws -> (PlugboardApp, PlugboardHost) {
        var plugins = AppFixture.standardPlugins
        var model = AppFixture.plugin("test.model", type: "general", library: "TestModelC", screen: true)
        model["configuration_json"] = ["key": "UA-7"]
        plugins.append(model)
        let fixture = AppFixture(
            plugins: plugins,
            screens: [
                AppFixture.screen("home", home: true, navigations: [AppFixture.navBar("bar-home")]),
                AppFixture.screen(
                    "reader", type: "test.model", navigations: [AppFixture.navBar("bar-reader")],
                    styles: ["columns": 3, "dark": true, "odd.key": "found"],
                    data: ["source": "feed://x", "items": [["title": "one"], ["title": "two"]]]),
            ])
        let environment = PlugboardHost()
        return (try fixture.launch(environment: environment), environment)
    }

    @Test func aCPluginReadsItsModelsByPath() throws {
        let (app, environment) = try Self.launch()
        try app.transition.push("reader").start()
        let lines = messages(environment, from: "test.model")
        let answers = Dictionary(
            lines.filter { $0.hasPrefix("query ") }.map { line -> (String, String) in
                let parts = line.dropFirst("query ".count).components(separatedBy: " -> ")
                return (parts[0], parts[1])
            }, uniquingKeysWith: { first, _ in first })
        #expect(
            answers["1 uibuilder_screen_model.name"]
                == "kind 4 string Reader number none 0 bool none 0 count 0 key0 NULL")
        #expect(answers["1 columns"] == "kind 3 string NULL number 3 bool none 0 count 0 key0 NULL")
        #expect(answers["1 dark"] == "kind 2 string NULL number none 0 bool 1 count 0 key0 NULL")
        #expect(
            answers["1 uibuilder_screen_model.data.items[1].title"]
                == "kind 4 string two number none 0 bool none 0 count 0 key0 NULL")
        #expect(
            answers["1 data_source_model.items"] == "kind 5 string NULL number none 0 bool none 0 count 2 key0 NULL")
        #expect(answers[#"1 ["odd.key"]"#]?.hasPrefix("kind 4 string found") == true)
        for missing in ["1 nothing", "1 data_source_model.items[9]", "1 data_source_model..items", "2 nav_items"] {
            #expect(answers[missing] == "kind 0 string NULL number none 0 bool none 0 count 0 key0 NULL", "\(missing)")
        }
        #expect(answers["0 identifier"]?.hasPrefix("kind 4 string test.model") == true)
        #expect(answers["0 configuration_json.key"]?.hasPrefix("kind 4 string UA-7") == true)
        #expect(answers["3 source"]?.hasPrefix("kind 4 string feed://x") == true)
        #expect(lines.contains("stable pointer"))
        // The query from create was refused, as every host call during create is.
        #expect(environment.refusedCalls.contains { $0.plugin == "test.model" && $0.call == "get_extension" })
    }

    @Test(arguments: [
        ("", [JSONPath.Component]()), ("a", [.key("a")]), ("a.b", [.key("a"), .key("b")]),
        ("nav_items[2].title", [.key("nav_items"), .index(2), .key("title")]),
        (#"styles["a.b"]"#, [.key("styles"), .key("a.b")]), ("[0]", [.index(0)]),
        ("café.日本[3]", [.key("café"), .key("日本"), .index(3)]), (#"a["é.x"]"#, [.key("a"), .key("é.x")]),
        ("A-b_9[12][0]", [.key("A-b_9"), .index(12), .index(0)]),
    ])
    func pathsParse(path: String, components: [JSONPath.Component]) {
        #expect(ModelPath.parse(path) == components)
    }

    @Test(arguments: [
        "a.", ".a", "a..b", "a[", "a[x]", "a[1", #"a["b]"#, "a b", "a]", "a[99999999999999999999]",
        "[0]x", "é.", "é b", "a€",
    ])
    func badPathsAreMissing(path: String) {
        #expect(ModelPath.parse(path) == nil)
    }

    /// The byte parser of ASCII paths answers exactly as the `Character` one on every path of up
    /// to five characters from the grammar's alphabet (and some others).
    @Test func theASCIIPathParserAgreesWithTheCharacterOne() {
        let alphabet = Array(#"a9_-.[]" x"#.utf8)
        var paths: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<5 {
            frontier = frontier.flatMap { path in alphabet.map { path + [$0] } }
            paths += frontier
        }
        let disagreeing = paths.map { String(decoding: $0, as: UTF8.self) }.filter { path in
            var bytes = path
            return bytes.withUTF8(ModelPath.parseASCII) != ModelPath.parseCharacters(path)
        }
        #expect(paths.count == 111_111)
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10))")
    }

    /// A plugin's query walks the model while it reads the path (`lookup(_:asciiPath:)`): it
    /// answers as parsing the path first and walking its components does, on every path of up to
    /// four characters from the grammar's alphabet, over a model with those keys and indexes.
    @Test func aPathWalkedAsItIsReadAnswersAsAParsedOne() throws {
        let models = InstanceModels()
        models.set(.screen, #"{"a":{"b":[1,{"a":"x"}],"9":true},"b":[[2]],"a.b":"dotted","_":null}"#)
        let alphabet = Array(#"ab9_.[]"0"#.utf8)
        var paths: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<4 {
            frontier = frontier.flatMap { path in alphabet.map { path + [$0] } }
            paths += frontier
        }
        func parsed(_ path: String) -> String {
            switch models.lookup(.screen, at: path) {
            case .value(let node): "value \(node.value)"
            case .missing: "missing"
            case .malformed: "malformed"
            }
        }
        func walked(_ path: [UInt8]) -> String {
            switch path.withUnsafeBufferPointer({ models.lookup(.screen, asciiPath: $0) }) {
            case .value(let node): "value \(node.value)"
            case .missing: "missing"
            case .malformed: "malformed"
            }
        }
        let disagreeing = paths.filter { walked($0) != parsed(String(decoding: $0, as: UTF8.self)) }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10).map { String(decoding: $0, as: UTF8.self) })")
        #expect(walked(Array(#"["a.b"]"#.utf8)) == "value \(JSONValue.string("dotted"))")
        #expect(walked(Array("a.b[1].a".utf8)) == "value \(JSONValue.string("x"))")
        #expect(Set(paths.map(walked)).count > 5)  // values, missing and malformed all occur
    }

    /// A model text handed again (a screen made again) is parsed once and the document shared;
    /// the memo forgets everything when full, and keeps no text larger than its limit.
    @Test func aModelHandedAgainIsParsedOnce() throws {
        let memo = ParsedModels(capacity: 2)
        let text = #"{"items":[{"title":"one"}]}"#
        let first = try #require(memo.node(for: text)?.parsedSource?.document)
        #expect(memo.node(for: text)?.parsedSource?.document === first)
        #expect(memo.node(for: text)?["items"]?[0]?["title"]?.stringValue == "one")
        #expect(memo.node(for: "not json") == nil && memo.count == 1)
        _ = memo.node(for: "[1]")
        _ = memo.node(for: "[2]")  // full: forgets both, keeps this one
        #expect(memo.count == 1 && memo.node(for: text)?.parsedSource?.document !== first)
        let large = #"{"pad":"\#(String(repeating: "x", count: ParsedModels.largestText))"}"#
        #expect(memo.node(for: large)?["pad"]?.stringValue?.count == ParsedModels.largestText)
        #expect(memo.count == 2)  // `text` again, not the large one
    }

    /// A text is found by where its bytes are when it is the string kept, and by its contents
    /// when it is an equal string made anew; short texts (no bytes of their own) by contents.
    @Test func aModelIsFoundByItsBytesOrByItsContents() throws {
        let memo = ParsedModels(capacity: 8)
        func made(_ title: String) -> String { #"{"items":[{"title":"\#(title)"}]}"# }
        let kept = made("one")
        let document = try #require(memo.node(for: kept)?.parsedSource?.document)
        #expect(memo.node(for: kept)?.parsedSource?.document === document)
        let again = made("one")  // equal, in bytes of its own
        #expect(memo.node(for: again)?.parsedSource?.document === document)
        #expect(memo.node(for: made("two"))?["items"]?[0]?["title"]?.stringValue == "two")
        #expect(memo.node(for: "[1]")?.parsedSource?.document === memo.node(for: "[" + "1]")?.parsedSource?.document)
        #expect(memo.count == 3)
    }

    @Test func aSwiftBarReadsEachScreensNavItemsThroughTheSDK() throws {
        let fixture = AppFixture(
            screens: [
                AppFixture.screen(
                    "home", home: true,
                    navigations: [AppFixture.navBar("bar-home", items: [AppFixture.item("h1", target: "other")])]),
                AppFixture.screen(
                    "other",
                    navigations: [
                        AppFixture.navBar(
                            "bar-other", items: [AppFixture.item("o1", target: "home"), AppFixture.item("o2")])
                    ]),
            ])
        let app = try fixture.launch()
        #expect(app.state.bar.navigationButtons.map(\.id) == ["h1"])
        try app.transition.push("other").start()
        // The test bar (PlugboardSDK) rebuilt its buttons from ModelReader's nav_items[i].id.
        #expect(app.state.bar.navigationButtons.map(\.id) == ["o1", "o2"])
    }
}
