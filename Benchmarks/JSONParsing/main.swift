import Foundation
import Plugboard

/// Compares `JSONParser` with `JSONSerialization.jsonObject(with:)` on a generated document of
/// about 5 MB shaped like plugin manifests. Run with `swift run -c release plugboard-json-benchmark`.

/// A small deterministic generator, so every run parses the same document.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

func makeDocument(targetBytes: Int) -> Data {
    var random = SplitMix64(state: 42)
    let words = [
        "plugin", "screen", "player", "login", "analytics", "navigation", "style", "state", "river", "cell",
        "Zapp", "über", "café", "日本語", "manifest", "identifier", "class", "module", "dependency", "version",
    ]
    func sentence(_ count: Int) -> String {
        (0..<count).map { _ in words[random.int(0...words.count - 1)] }.joined(separator: " ")
    }
    func plugin(_ number: Int) -> [String: Any] {
        var fields: [[String: Any]] = []
        for field in 0..<random.int(2...8) {
            fields.append([
                "type": ["text_input", "toggle", "color_picker", "dropdown"][field % 4],
                "key": "field_\(number)_\(field)",
                "tooltip_text": sentence(random.int(3...12)) + (random.chance(10) ? " \"quoted\"\n\ttabbed" : ""),
                "default": random.chance(50) ? (random.chance(50) as Any) : (random.int(0...1000) as Any),
                "options": (0..<random.int(0...4)).map { "option \($0)" },
            ])
        }
        return [
            "plugin": [
                "api": ["class_name": "Plugin\(number)", "modules": ["Module\(number)", "Shared"]],
                "identifier": "com.example.plugin.\(number)",
                "name": sentence(3),
                "description": sentence(random.int(10...40)),
                "manifest_version": "\(random.int(1...9)).\(random.int(0...20)).\(random.int(0...99))",
                "min_zapp_sdk": "10.\(random.int(0...9)).0-Dev",
                "ui_builder_support": random.chance(50),
                "react_native": random.chance(30),
                "dependency_repository_url": [],
                "whitelisted_account_ids": (0..<random.int(0...5)).map { _ in String(random.next(), radix: 16) },
            ] as [String: Any],
            "configuration_json": random.chance(20) ? NSNull() : ["fields": fields],
            "metrics": [
                "downloads": random.int(0...10_000_000),
                "rating": Double(random.int(0...50)) / 10 + 0.05,
                "size_bytes": random.next() >> 1,
                "ratio": Double(random.next() % 1_000_000) / 7.0,
            ] as [String: Any],
        ]
    }
    var plugins: [Any] = []
    var size = 0
    while size < targetBytes {
        let batch = (0..<200).map { plugin(plugins.count + $0) }
        plugins.append(contentsOf: batch)
        size = try! JSONSerialization.data(withJSONObject: plugins, options: [.prettyPrinted]).count
    }
    return try! JSONSerialization.data(withJSONObject: plugins, options: [.prettyPrinted])
}

func measure(iterations: Int, _ body: () -> Void) -> [Double] {
    (0..<iterations).map { _ in
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let data = makeDocument(targetBytes: 5_000_000)
let compact: Data = {
    let object = try! JSONSerialization.jsonObject(with: data)
    return try! JSONSerialization.data(withJSONObject: object)
}()
let iterations = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 15

for (name, bytes) in [("pretty", data), ("compact", compact)] {
    // Sanity check: both parsers agree on the content.
    let ours = try! JSONParser.parse(bytes)
    let theirs = try! JSONSerialization.jsonObject(with: bytes)
    let sameContent =
        try! JSONSerialization.data(withJSONObject: ours.toAny(), options: [.sortedKeys])
        == JSONSerialization.data(withJSONObject: theirs, options: [.sortedKeys])
    precondition(sameContent, "parsers disagree")

    var foundationTimes: [Double] = []
    var jsonKitTimes: [Double] = []
    var withToAnyTimes: [Double] = []
    for _ in 0..<iterations {
        foundationTimes += measure(iterations: 1) { _ = try! JSONSerialization.jsonObject(with: bytes) }
        jsonKitTimes += measure(iterations: 1) { _ = try! JSONParser.parse(bytes) }
        withToAnyTimes += measure(iterations: 1) { _ = try! JSONParser.parse(bytes).toAny() }
    }
    let megabytes = Double(bytes.count) / 1_000_000
    let foundation = median(foundationTimes)
    let jsonKit = median(jsonKitTimes)
    print("\(name): \(String(format: "%.2f", megabytes)) MB, median of \(iterations)")
    func milliseconds(_ value: Double) -> String { String(format: "%7.2f ms", value) }
    print("  JSONSerialization: \(milliseconds(foundation))  (min \(milliseconds(foundationTimes.min()!)))")
    print("  JSONParser:        \(milliseconds(jsonKit))  (min \(milliseconds(jsonKitTimes.min()!)))")
    print("  JSONParser+toAny:  \(milliseconds(median(withToAnyTimes)))  (min \(milliseconds(withToAnyTimes.min()!)))")
    print("  ratio JSONParser / JSONSerialization: \(String(format: "%.2f", jsonKit / foundation))")
}
