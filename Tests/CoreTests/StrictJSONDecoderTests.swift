import Foundation
import Testing

@testable import PlugboardCore

/// A text decoded strictly says the value decoded and nothing else: what lets `serve` pass on the
/// state text the engine (which hosts plugins) wrote.
@Suite struct StrictJSONDecoderTests {
    struct Bar: Codable, Equatable {
        var title: String
        var size: Double
        var font: String?
    }

    struct State: Codable, Equatable {
        enum Device: String, Codable { case phone, tablet }
        var url: String
        var depth: Int
        var device: Device
        var open: Bool?
        var stack: [[String]]
        var bar: Bar
        var counts: [String: UInt8]
    }

    static let state = State(
        url: "app://home/epg", depth: 2, device: .tablet, open: nil, stack: [["home"], ["epg", "live"]],
        bar: Bar(title: "Guide \"TV\"", size: 17.5, font: "Georgia"), counts: ["hits": 3, "misses": 0])

    @Test func decodesWhatJSONDecoderDecodes() throws {
        let text = String(decoding: try JSONEncoder().encode(Self.state), as: UTF8.self)
        #expect(try StrictJSONDecoder.decode(State.self, from: text) == Self.state)
        let spelledOtherwise =
            #"{ "url": "app:\/\/home\/epg", "depth": 2.0, "device": "tablet", "open": null, "stack": [["home"], ["epg", "live"]],"#
            + #" "bar": {"title": "Guide \u0022TV\"", "size": 1.75e1, "font": "Georgia"}, "counts": {"hits": 3, "misses": 0}}"#
        #expect(try StrictJSONDecoder.decode(State.self, from: spelledOtherwise) == Self.state)
        #expect(try StrictJSONDecoder.decode([Int?].self, from: "[1, null, 3]") == [1, nil, 3])
    }

    /// Each text would give a reader a value other than the one decoded, or is not a `State`; the
    /// error says where and why.
    @Test(arguments: [
        (#""url":"app://home","url":"app://evil","#, "$: the key 'url' is repeated"),
        (#""url":"app://home","problems":["forged"],"#, "$: the key 'problems' is not one this value has"),
        (#""url":"app://home","bar":{"title":"T","title":"U","size":17},"#, "$.bar: the key 'title' is repeated"),
        (
            #""url":"app://home","bar":{"title":"T","size":17,"url":"x"},"#,
            "$.bar: the key 'url' is not one this value has"
        ),
        (#""url":7,"bar":{"title":"T","size":17},"#, "$.url: expected a string, found a number"),
        (#""url":"app://home","bar":{"title":"T"},"#, "$.bar: no 'size'"),
    ])
    func refusesATextThatSaysMoreOrOtherwise(fields: String, message: String) throws {
        let bar = fields.contains(#""bar""#) ? "" : #""bar":{"title":"T","size":17},"#
        let text = "{" + fields + bar + #""depth":2,"device":"phone","stack":[],"counts":{}}"#
        #expect {
            _ = try StrictJSONDecoder.decode(State.self, from: text)
        } throws: { error in
            StrictJSONDecoder.describe(error) == message
        }
    }

    /// A large object is looked up by key, not searched: a dictionary of many entries decodes,
    /// and one of its keys repeated is still found.
    @Test func aLargeObjectDecodesAndItsRepeatsAreFound() throws {
        let entries = (0..<5_000).map { #""k\#($0)":\#($0)"# }
        let decoded = try StrictJSONDecoder.decode([String: Int].self, from: "{" + entries.joined(separator: ",") + "}")
        #expect(decoded.count == 5_000 && decoded["k4321"] == 4321)
        #expect {
            _ = try StrictJSONDecoder.decode(
                [String: Int].self, from: "{" + (entries + [#""k17":0"#]).joined(separator: ",") + "}")
        } throws: { error in
            StrictJSONDecoder.describe(error) == "$: the key 'k17' is repeated"
        }
    }

    @Test func refusesWhatIsNotJSON() {
        #expect {
            _ = try StrictJSONDecoder.decode(State.self, from: #"{"url":"app://home",}"#)
        } throws: { error in
            StrictJSONDecoder.describe(error).hasPrefix("$: not JSON: ")
        }
    }
}
