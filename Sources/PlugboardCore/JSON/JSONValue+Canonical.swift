/// One text for every way of writing the same JSON value, so two equal values key the same thing
/// (the screen cache, a state URL's data): `{"id":"a9","title":"T"}` and `{"title":"T","id":"a9"}`
/// are one data source, and so are `1`, `1.0` and `1e0`.
extension JSONValue {
    /// This value with every object's keys in ascending order of their UTF-8 bytes (a repeated key
    /// keeps its last value, as a reader of the object sees it) and every number in its shortest
    /// form: an integer within ±2^53 as digits, any other number as its `Double`'s shortest text.
    /// Strings are values already; `serialized()` writes them with one escaping.
    package func canonicalized() -> JSONValue {
        switch self {
        case .null, .bool, .string: return self
        case .number(let number): return .number(number.canonicalized())
        case .array(let elements): return .array(elements.map { JSONNode($0.value.canonicalized(), position: .start) })
        case .object(let object):
            var lastValue: [String: JSONValue] = [:]
            for entry in object.entries { lastValue[entry.key] = entry.value.value }
            let keys = lastValue.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return .object(JSONObject(keys.map { ($0, lastValue[$0]!.canonicalized()) }))
        }
    }

    /// `canonicalized().serialized()`: the text two equal values share.
    package func canonicalText() -> String { canonicalized().serialized() }
}

extension JSONNumber {
    /// The shortest text for this number's value (see `JSONValue.canonicalized`).
    package func canonicalized() -> JSONNumber {
        let exactIntegers = 9_007_199_254_740_992.0  // 2^53: every integer up to it is a Double
        if let integer = int64 { return JSONNumber(integer) }
        guard let value = Double(text), value.isFinite else { return self }
        if value == value.rounded(), abs(value) <= exactIntegers { return JSONNumber(Int64(value)) }
        return JSONNumber(value) ?? self
    }
}
