/// Building JSON in code: the models the host completes (defaults, `configuration_json`, props)
/// and the values it answers with (call results, errors). Such values have no place in a file;
/// they are given the document start as their position.
extension SourcePosition {
    /// The position of values built in code rather than read from a file.
    package static let start = SourcePosition(line: 1, column: 1)
}

extension JSONObject {
    /// An object of `members`, in order.
    package init(_ members: [(String, JSONValue)], at position: SourcePosition = .start) {
        self.init(
            entries: members.map { .init(key: $0.0, keyPosition: position, value: JSONNode($0.1, position: position)) })
    }

    /// A copy with `key` set to `value`: a key already there is dropped and the new one appended.
    package func setting(_ key: String, to value: JSONNode) -> JSONObject {
        JSONObject(
            entries: entries.filter { $0.key != key } + [.init(key: key, keyPosition: value.position, value: value)])
    }

    /// A copy with `key` set to `value`, placed at `position`.
    package func setting(_ key: String, to value: JSONValue, at position: SourcePosition = .start) -> JSONObject {
        setting(key, to: JSONNode(value, position: position))
    }
}
