/// A JSON object that keeps its members in source order, including repeated keys.
///
/// RFC 8259 leaves duplicate keys undefined, and a dictionary would silently drop one of them.
/// Keeping every entry lets a validator report duplicates (see `duplicateKeys`) while lookups by
/// key behave like `JSONSerialization` and JavaScript: the last occurrence wins.
public struct JSONObject: Sendable, Hashable {
    /// One member: the key, where the key's opening quote is, and the value.
    public struct Entry: Sendable, Hashable {
        public var key: String
        /// The key as a node of its document: its position is found only when asked for (a
        /// diagnostic), not for every member read. Equality and hashing include it, that is
        /// the key's position, as they did when the position was stored.
        private var keyNode: JSONNode
        public var value: JSONNode

        public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
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

        public var keyPosition: SourcePosition {
            get { keyNode.position }
            set { keyNode = JSONNode(.string(key), position: newValue) }
        }

    }

    /// Objects with at least this many entries get a key index, so lookups stay O(1) on big
    /// objects while small ones (the common case) skip the cost of building a dictionary.
    static let indexThreshold = 16

    /// The members in source order.
    public let entries: [Entry]
    /// Key to the position in `entries` of its last occurrence; only for large objects.
    private let index: [String: Int]?

    public init(entries: [Entry]) {
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

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in source order, repeated keys included.
    public var keys: [String] { entries.map(\.key) }

    /// The entry for `key`; the last one when the key repeats.
    public func entry(forKey key: String) -> Entry? {
        if let index {
            return index[key].map { entries[$0] }
        }
        return entries.last { $0.key == key }
    }

    /// The value for `key`; the last one when the key repeats.
    public subscript(key: String) -> JSONNode? {
        entry(forKey: key)?.value
    }

    /// Every repeated key, paired with the position of its first occurrence, in source order of the
    /// repeats. A key written three times yields two pairs, both with the same `first`.
    public var duplicateKeys: [(key: String, first: SourcePosition, second: SourcePosition)] {
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

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
    }
}
