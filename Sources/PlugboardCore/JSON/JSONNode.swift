/// A JSON value together with the position where it starts in the source.
///
/// Positions are what a configuration validator needs to point a user at the offending line, and
/// Foundation's `JSONSerialization` cannot provide them. Equality includes the positions of this
/// node and of all nested nodes; compare `serialized()` to compare content only.
///
/// A node is either built in code (a value and a position) or read from a parsed document (the
/// document and the value's place on its tape). The second kind decodes what it is asked for, so
/// parsing builds nothing per value; the accessors below read the document directly, so looking
/// up a key or reading a string does not build the arrays and objects around it.
package struct JSONNode: Sendable, Hashable {
    /// Where the value is read from. Both payloads are a single class reference, so the enum is
    /// one word (its case kept in the pointer's spare bits) and copying or dropping a node is one
    /// retain or release: readers copy nodes thousands of times per configuration.
    private enum Source: Sendable {
        case parsed(JSONDocument)
        case built(JSONBuiltNode)
    }

    private var source: Source
    /// The value's tape index in a parsed document; 0 and unused for a built node.
    private var index: Int

    package init(_ value: JSONValue, position: SourcePosition) {
        source = .built(JSONBuiltNode(value: value, position: position))
        index = 0
    }

    /// The value at tape `index` of `document`.
    package init(document: JSONDocument, index: Int) {
        source = .parsed(document)
        self.index = index
    }

    /// The document and tape index of a parsed node; nil for a built one.
    package var parsedSource: (document: JSONDocument, index: Int)? {
        guard case .parsed(let document) = source else { return nil }
        return (document, index)
    }

    package var value: JSONValue {
        get {
            switch source {
            case .built(let built): built.value
            case .parsed(let document): document.value(at: index)
            }
        }
        set { self = JSONNode(newValue, position: position) }
    }

    /// Where the value's first character is: the quote of a string, the bracket of an array, and so on.
    package var position: SourcePosition {
        get {
            switch source {
            case .built(let built): built.position
            case .parsed(let document): document.position(at: index)
            }
        }
        set { self = JSONNode(value, position: newValue) }
    }

    /// The member named `key`, if this is an object that has it (the last one when the key repeats).
    package subscript(key: String) -> JSONNode? {
        switch source {
        case .built(let built):
            return built.value.objectValue?[key]
        case .parsed(let document):
            guard document.kind(at: index) == .object, let member = document.member(of: index, named: key) else {
                return nil
            }
            return JSONNode(document: document, index: member)
        }
    }

    /// The member whose key is the UTF-8 text `key`, as `self[key]` finds it: a caller that holds
    /// the key's bytes (a C string) makes no `String` of them.
    package subscript(utf8 key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        switch source {
        case .built(let built):
            return built.value.objectValue?[String(decoding: key, as: UTF8.self)]
        case .parsed(let document):
            guard document.kind(at: index) == .object, let member = document.member(of: index, utf8: key) else {
                return nil
            }
            return JSONNode(document: document, index: member)
        }
    }

    /// The element at `index`, if this is an array and the index is in range.
    package subscript(index: Int) -> JSONNode? {
        switch source {
        case .built(let built):
            guard case .array(let elements) = built.value, elements.indices.contains(index) else { return nil }
            return elements[index]
        case .parsed(let document):
            let array = self.index
            guard document.kind(at: array) == .array, let element = document.element(of: array, at: index) else {
                return nil
            }
            return JSONNode(document: document, index: element)
        }
    }

    package var isNull: Bool {
        guard case .parsed(let document) = source else { return value.isNull }
        return document.kind(at: index) == .null
    }

    package var boolValue: Bool? {
        guard case .parsed(let document) = source else { return value.boolValue }
        switch document.kind(at: index) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    package var numberValue: JSONNumber? {
        guard case .parsed(let document) = source else { return value.numberValue }
        return document.kind(at: index) == .number ? document.number(at: index) : nil
    }

    package var stringValue: String? {
        guard case .parsed(let document) = source else { return value.stringValue }
        return document.kind(at: index).isString ? document.string(at: index) : nil
    }

    package var arrayValue: [JSONNode]? {
        guard case .parsed(let document) = source else { return value.arrayValue }
        return document.kind(at: index) == .array ? document.elements(at: index) : nil
    }

    package var objectValue: JSONObject? {
        guard case .parsed(let document) = source else { return value.objectValue }
        return document.kind(at: index) == .object ? document.object(at: index) : nil
    }

    /// The keys and values of an object in source order, without the key positions
    /// `objectValue` works out for its entries; nil when this is no object.
    package var members: [(key: String, value: JSONNode)]? {
        guard case .parsed(let document) = source else {
            return value.objectValue?.entries.map { ($0.key, $0.value) }
        }
        return document.kind(at: index) == .object ? document.members(at: index) : nil
    }

    /// Whether this is an array or an object: a value that has children.
    package var isContainer: Bool {
        guard case .parsed(let document) = source else { return isArray || isObject }
        let kind = document.kind(at: index)
        return kind == .array || kind == .object
    }

    /// Whether this is an array, without listing its elements as `arrayValue` does.
    package var isArray: Bool {
        guard case .parsed(let document) = source else { return value.arrayValue != nil }
        return document.kind(at: index) == .array
    }

    /// Whether this is an object, without listing its members as `objectValue` does.
    package var isObject: Bool {
        guard case .parsed(let document) = source else { return value.objectValue != nil }
        return document.kind(at: index) == .object
    }

    package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        if case .parsed(let left) = lhs.source, case .parsed(let right) = rhs.source,
            left === right && lhs.index == rhs.index
        {
            return true
        }
        return lhs.position == rhs.position && lhs.value == rhs.value
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(position)
    }
}

/// A value built in code, with the position it is given: the box a built `JSONNode` refers to.
package final class JSONBuiltNode: Sendable {
    package let value: JSONValue
    package let position: SourcePosition

    package init(value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }
}
