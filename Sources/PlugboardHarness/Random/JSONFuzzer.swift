import PlugboardCore

/// Random and mutated JSON models for the fuzz tests. Every text it makes is valid JSON (the
/// host only ever passes valid JSON); what varies is the shape: missing keys, wrong types, odd
/// strings, deep nesting, big numbers.
struct JSONFuzzer {
    var random: SeededRandom

    /// Strings plugins tend to trip over.
    private static let awkwardStrings = [
        "", " ", "\u{0}inside", "émoji 🧩", "\u{202E}rtl", String(repeating: "x", count: 4096), "#FFZZ0000",
        "#", "null", "{}", "%s%s%n", "../../etc/passwd", "-1", "1e309",
    ]

    /// A random value up to `depth` levels deep.
    mutating func value(depth: Int = 4) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &random)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(Int64.random(in: -1_000_000...1_000_000, using: &random)))
        case 3:
            let number = [0, -0.5, 1e300, -1e300, 3.5, 4_294_967_296].randomElement(using: &random)!
            return .number(JSONNumber(number) ?? JSONNumber(0))
        case 4: return .string(Self.awkwardStrings.randomElement(using: &random)!)
        case 5, 6:
            let count = Int.random(in: 0...4, using: &random)
            let keys = ["id", "name", "styles", "data", "nav_items", "source", "type", "title", "assets", "general"]
            return .object(
                JSONObject((0..<count).map { _ in (keys.randomElement(using: &random)!, value(depth: depth - 1)) }))
        default:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in node(value(depth: depth - 1)) })
        }
    }

    /// `model` with a few random changes: a value replaced, a key dropped, a key added.
    mutating func mutate(_ model: JSONValue) -> JSONValue {
        var result = model
        for _ in 0..<Int.random(in: 1...3, using: &random) { result = mutateOnce(result, depth: 0) }
        return result
    }

    private mutating func mutateOnce(_ value: JSONValue, depth: Int) -> JSONValue {
        switch value {
        case .object(let object) where !object.entries.isEmpty:
            var members = object.entries.map { ($0.key, $0.value.value) }
            let index = Int.random(in: 0..<members.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: members.remove(at: index)
            case 1: members[index].1 = self.value(depth: 2)
            case 2: members.append(("fuzz_\(depth)", self.value(depth: 2)))
            default: members[index].1 = mutateOnce(members[index].1, depth: depth + 1)
            }
            return .object(JSONObject(members))
        case .array(let items) where !items.isEmpty:
            var items = items
            let index = Int.random(in: 0..<items.count, using: &random)
            let replacement =
                Bool.random(using: &random) ? self.value(depth: 2) : mutateOnce(items[index].value, depth: depth + 1)
            items[index] = node(replacement)
            return .array(items)
        default:
            return self.value(depth: 2)
        }
    }

    private func node(_ value: JSONValue) -> JSONNode { JSONNode(value, position: .start) }

    /// A model for `create`: half the time a mutation of `base`, else a random value.
    mutating func model(from base: String) -> String {
        let parsed = (try? JSONParser.parse(base))?.value ?? .object(JSONObject(entries: []))
        return (Bool.random(using: &random) ? mutate(parsed) : value()).serialized()
    }
}
