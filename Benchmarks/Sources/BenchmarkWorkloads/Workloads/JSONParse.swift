import Foundation
import Plugboard
import PlugboardCore

/// The JSON parser alone on a large app-shaped document (~17 MB of plugin manifests), against
/// JSONSerialization on the same bytes. Shown as throughput; the goal is ≥ 600 MB/s.
enum JSONParse {
    static func make(_ context: BenchContext, megabytes: Int) throws -> Comparison {
        let document = ManifestDocument.make(targetBytes: megabytes * 1_000_000)
        // Both parsers must agree before either is timed.
        let ours = try JSONParser.parse(document)
        let theirs = try JSONSerialization.jsonObject(with: document)
        let same =
            try JSONSerialization.data(withJSONObject: ours.toAny(), options: [.sortedKeys])
            == JSONSerialization.data(withJSONObject: theirs, options: [.sortedKeys])
        guard same else { throw BenchError("JSONParser and JSONSerialization disagree on the document") }
        var comparison = Comparison(
            name: "json-parse", summary: "JSON parser alone, \(document.count / 1_000_000) MB of manifests",
            subject: { count in
                for _ in 0..<count { blackHole(try JSONParser.parse(document)) }
            },
            baselineName: "JSONSerialization on the same bytes",
            baseline: { count in
                for _ in 0..<count { blackHole(try JSONSerialization.jsonObject(with: document)) }
            },
            goal: .value(atLeast: 600))
        comparison.presentation = .throughput(bytes: document.count)
        return comparison
    }
}

/// A deterministic document shaped like plugin manifests (nested objects, strings with escapes
/// and non-ASCII text, integers, doubles, nulls), pretty-printed like the files apps ship.
enum ManifestDocument {
    static func make(targetBytes: Int) -> Data {
        var random = SeededRandom(seed: 42)
        let words = [
            "plugin", "screen", "player", "login", "analytics", "navigation", "style", "state", "river", "cell",
            "Zapp", "über", "café", "日本語", "manifest", "identifier", "class", "module", "dependency", "version",
        ]
        func sentence(_ count: Int) -> String {
            (0..<count).map { _ in words[random.int(0...words.count - 1)] }.joined(separator: " ")
        }
        func plugin(_ number: Int) -> [String: Any] {
            let fields: [[String: Any]] = (0..<random.int(2...8)).map { field in
                [
                    "type": ["text_input", "toggle", "color_picker", "dropdown"][field % 4],
                    "key": "field_\(number)_\(field)",
                    "tooltip_text": sentence(random.int(3...12)) + (random.chance(10) ? " \"quoted\"\n\ttabbed" : ""),
                    "default": random.chance(50) ? (random.chance(50) as Any) : (random.int(0...1000) as Any),
                    "options": (0..<random.int(0...4)).map { "option \($0)" },
                ]
            }
            return [
                "plugin": [
                    "api": ["class_name": "Plugin\(number)", "modules": ["Module\(number)", "Shared"]],
                    "identifier": "com.example.plugin.\(number)",
                    "name": sentence(3),
                    "description": sentence(random.int(10...40)),
                    "manifest_version": "\(random.int(1...9)).\(random.int(0...20)).\(random.int(0...99))",
                    "ui_builder_support": random.chance(50),
                    "whitelisted_account_ids": (0..<random.int(0...5)).map { _ in String(random.next(), radix: 16) },
                ] as [String: Any],
                "configuration_json": random.chance(20) ? NSNull() : ["fields": fields],
                "metrics": [
                    "downloads": random.int(0...10_000_000),
                    "rating": Double(random.int(0...50)) / 10 + 0.05,
                    "ratio": Double(random.next() % 1_000_000) / 7.0,
                ] as [String: Any],
            ]
        }
        var plugins: [Any] = []
        var size = 0
        while size < targetBytes {
            let batch = (0..<500).map { plugin(plugins.count + $0) }
            size += (try? JSONSerialization.data(withJSONObject: batch, options: [.prettyPrinted]).count) ?? 0
            plugins += batch
        }
        return (try? JSONSerialization.data(withJSONObject: plugins, options: [.prettyPrinted])) ?? Data()
    }
}

/// The document's choices, from the runtime's deterministic generator: every run measures the
/// same document.
extension SeededRandom {
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    fileprivate mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}
