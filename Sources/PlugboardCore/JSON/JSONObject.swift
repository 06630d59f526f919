/// A JSON object that keeps its members in source order, including repeated keys.
///
/// RFC 8259 leaves duplicate keys undefined, and a dictionary would silently drop one of them.
/// Keeping every entry lets a validator report duplicates (see `duplicateKeys`) while lookups by
/// key behave like `JSONSerialization` and JavaScript: the last occurrence wins.
package struct JSONObject: Sendable, Hashable {
    /// One member: the key, where the key's opening quote is, and the value.
    package struct Entry: Sendable, Hashable {
        package var key: String
        /// The key as a node of its document: its position is found only when asked for (a
        /// diagnostic), not for every member read. Equality and hashing include it, that is
        /// the key's position, as they did when the position was stored.
        private var keyNode: JSONNode
        package var value: JSONNode

        package init(key: String, keyPosition: SourcePosition, value: JSONNode) {
            self.key = key
            self.keyNode = JSONNode(.string(key), position: keyPosition)
            self.value = value
        }

        /// A member read from a document, its key at tape index `keyIndex`.
        init(key: String, keyIndex: Int, in document: JSONDocument, value: JSONNode) {
            self.key = key
            self.keyNode = JSONNode(document: document, index: keyIndex)
            self.value = value
        }

        package var keyPosition: SourcePosition {
            get { keyNode.position }
            set { keyNode = JSONNode(.string(key), position: newValue) }
        }

    }

    /// Objects with at least this many entries get a key index, so lookups stay O(1) on big
    /// objects while small ones (the common case) skip the cost of building a dictionary.
    package static let indexThreshold = 16

    /// The members in source order.
    package let entries: [Entry]
    /// Key to the position in `entries` of its last occurrence; only for large objects.
    private let index: [String: Int]?

    package init(entries: [Entry]) {
        self.entries = entries
        if entries.count >= Self.indexThreshold {
            var index = [String: Int](minimumCapacity: entries.count)
            for (offset, entry) in entries.enumerated() {
                index[entry.key] = offset
            }
            self.index = index
        } else {
            index = nil
        }
    }

    package var count: Int { entries.count }
    package var isEmpty: Bool { entries.isEmpty }

    /// The keys in source order, repeated keys included.
    package var keys: [String] { entries.map(\.key) }

    /// The entry for `key`; the last one when the key repeats.
    package func entry(forKey key: String) -> Entry? {
        if let index {
            return index[key].map { entries[$0] }
        }
        return entries.last { $0.key == key }
    }

    /// The value for `key`; the last one when the key repeats.
    package subscript(key: String) -> JSONNode? {
        entry(forKey: key)?.value
    }

    /// Every repeated key, paired with the position of its first occurrence, in source order of the
    /// repeats. A key written three times yields two pairs, both with the same `first`.
    package var duplicateKeys: [(key: String, first: SourcePosition, second: SourcePosition)] {
        var firstPositions: [String: SourcePosition] = [:]
        var duplicates: [(key: String, first: SourcePosition, second: SourcePosition)] = []
        for entry in entries {
            if let first = firstPositions[entry.key] {
                duplicates.append((entry.key, first, entry.keyPosition))
            } else {
                firstPositions[entry.key] = entry.keyPosition
            }
        }
        return duplicates
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries == rhs.entries
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }
}
