/// Decodes a `Decodable` from JSON text only when every reader of the text sees the value decoded.
///
/// `JSONDecoder` keeps one value of a repeated key and skips keys the type does not read, so two
/// programs can read different values from one text: the server a `url`, a browser another. Where
/// a text is decoded and then passed on unchanged (`plugboard serve` forwards the state the engine
/// wrote, and the engine hosts plugins), that is a forgery. This decoder reads the project's own
/// parse of the text and refuses an object that repeats a key or has a key its type never asked
/// for, so what it returns is all the text says, once. Numbers and strings may still be spelled in
/// several ways (`1.50`, `"\u0041"`); every conforming reader reads them as the same value.
///
/// Foundation has no strict mode and no listed package decodes strictly, hence this one. It
/// decodes what the engine's messages hold: objects, arrays, strings, numbers, booleans, null
/// (no `Date` or `Data` strategies).
package enum StrictJSONDecoder {
    /// `type` read from `text`; a `DecodingError` says what is wrong and where (JSONPath).
    package static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON: \(error)"))
        }
        let reads = ObjectReads()
        let value = try Value(from: NodeDecoder(node: root, parentPath: [], key: nil, reads: reads))
        try reads.checkEveryKeyWasRead()
        return value
    }

    /// A `decode` error in one line: where (as a JSONPath) and what, `$.state.url: the key 'url'
    /// is repeated`.
    package static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        default: return "\(error)"
        }
        let path = JSONPath(
            context.codingPath.map { $0.intValue.map(JSONPath.Component.index) ?? .key($0.stringValue) })
        return "\(path): \(context.debugDescription)"
    }
}

/// The keys of every object decoded, and which of them its type read.
private final class ObjectReads {
    final class Object {
        let members: [(key: String, value: JSONNode)]
        let codingPath: [any CodingKey]
        var read: [Bool]

        init(members: [(key: String, value: JSONNode)], codingPath: [any CodingKey]) {
            self.members = members
            self.codingPath = codingPath
            read = Array(repeating: false, count: members.count)
        }

        /// Where each key is, for an object too large to search (a dictionary of many entries
        /// would take quadratic time).
        private lazy var positions = Dictionary(
            members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })

        /// The member named `key`, marked read.
        func member(_ key: String) -> JSONNode? {
            let found = members.count <= 16 ? members.firstIndex { $0.key == key } : positions[key]
            guard let index = found else { return nil }
            read[index] = true
            return members[index].value
        }
    }

    private var objects: [Object] = []

    /// `node`'s members, refused when a key repeats.
    func object(_ node: JSONNode, at codingPath: [any CodingKey]) throws -> Object {
        guard let members = node.members else {
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "expected an object"))
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "the key '\(member.key)' is repeated"))
        }
        let object = Object(members: members, codingPath: codingPath)
        objects.append(object)
        return object
    }

    func checkEveryKeyWasRead() throws {
        for object in objects {
            if let unread = object.read.firstIndex(of: false) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: object.codingPath,
                        debugDescription: "the key '\(object.members[unread].key)' is not one this value has"))
            }
        }
    }
}

/// A key of an array's element or a dictionary's entry in a coding path.
private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct NodeDecoder: Decoder {
    let node: JSONNode
    /// The path to the value's container, and the value's key in it: the coding path is made
    /// only when asked for (an error, a container), not for every value read.
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    let reads: ObjectReads

    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let codingPath = codingPath
        return KeyedDecodingContainer(
            ObjectContainer<Key>(object: try reads.object(node, at: codingPath), codingPath: codingPath, reads: reads))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.arrayValue else { throw mismatch([Any].self, "expected an array") }
        return ArrayContainer(elements: elements, codingPath: codingPath, reads: reads)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type, _ why: String) -> DecodingError {
        .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "\(why), found \(node.value.kindDescription)"))
    }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { node.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard let value = node.boolValue else { throw mismatch(type, "expected a boolean") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard let value = node.stringValue else { throw mismatch(type, "expected a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = node.numberValue, let value = Double(number.text), value.isFinite else {
            throw mismatch(type, "expected a number")
        }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = Float(try decode(Double.self))
        guard value.isFinite else { throw mismatch(type, "expected a number a Float holds") }
        return value
    }

    /// An integer written as one (`3`) or as a number that is one (`3.0`, `3e0`).
    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard let number = node.numberValue else { throw mismatch(type, "expected an integer") }
        if let value = Integer(number.text) { return value }
        guard let double = Double(number.text), let value = Integer(exactly: double) else {
            throw mismatch(type, "expected an integer a \(type) holds")
        }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: self) }
}

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: ObjectReads.Object
    let codingPath: [any CodingKey]
    let reads: ObjectReads

    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.member(key.stringValue) != nil }

    /// A decoder for the member named `key`, which is then read.
    private func decoder(for key: Key) throws -> NodeDecoder {
        guard let node = object.member(key.stringValue) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no '\(key.stringValue)'"))
        }
        return NodeDecoder(node: node, parentPath: codingPath, key: key, reads: reads)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try Value(from: decoder(for: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let node = object.member("super") else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no 'super'"))
        }
        return NodeDecoder(node: node, parentPath: codingPath, key: PathKey(stringValue: "super"), reads: reads)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

private struct ArrayContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    let reads: ObjectReads
    private(set) var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey], reads: ObjectReads) {
        self.elements = elements
        self.codingPath = codingPath
        self.reads = reads
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// A decoder for the next element, which is then read.
    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(
            node: elements[currentIndex], parentPath: codingPath, key: PathKey(intValue: currentIndex), reads: reads)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try Value(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
