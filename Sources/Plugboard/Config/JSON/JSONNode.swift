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
public struct JSONNode: Sendable, Hashable {
    private enum Storage: Sendable {
        case built(JSONValue, SourcePosition)
        case parsed(JSONDocument, index: Int)
    }

    private var storage: Storage

    public init(_ value: JSONValue, position: SourcePosition) {
        storage = .built(value, position)
    }

    /// The value at tape `index` of `document`.
    init(document: JSONDocument, index: Int) {
        storage = .parsed(document, index: index)
    }

    public var value: JSONValue {
        get {
            switch storage {
            case .built(let value, _): value
            case .parsed(let document, let index): document.value(at: index)
            }
        }
        set { storage = .built(newValue, position) }
    }

    /// Where the value's first character is: the quote of a string, the bracket of an array, and so on.
    public var position: SourcePosition {
        get {
            switch storage {
            case .built(_, let position): position
            case .parsed(let document, let index): document.position(at: index)
            }
        }
        set { storage = .built(value, newValue) }
    }

    /// The member named `key`, if this is an object that has it (the last one when the key repeats).
    public subscript(key: String) -> JSONNode? {
        switch storage {
        case .built(let value, _):
            return value.objectValue?[key]
        case .parsed(let document, let index):
            guard document.kind(at: index) == .object, let member = document.member(of: index, named: key) else {
                return nil
            }
            return JSONNode(document: document, index: member)
        }
    }

    /// The element at `index`, if this is an array and the index is in range.
    public subscript(index: Int) -> JSONNode? {
        switch storage {
        case .built(let value, _):
            guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
            return elements[index]
        case .parsed(let document, let array):
            guard document.kind(at: array) == .array, let element = document.element(of: array, at: index) else {
                return nil
            }
            return JSONNode(document: document, index: element)
        }
    }

    public var isNull: Bool {
        guard case .parsed(let document, let index) = storage else { return value.isNull }
        return document.kind(at: index) == .null
    }

    public var boolValue: Bool? {
        guard case .parsed(let document, let index) = storage else { return value.boolValue }
        switch document.kind(at: index) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    public var numberValue: JSONNumber? {
        guard case .parsed(let document, let index) = storage else { return value.numberValue }
        return document.kind(at: index) == .number ? document.number(at: index) : nil
    }

    public var stringValue: String? {
        guard case .parsed(let document, let index) = storage else { return value.stringValue }
        return document.kind(at: index).isString ? document.string(at: index) : nil
    }

    public var arrayValue: [JSONNode]? {
        guard case .parsed(let document, let index) = storage else { return value.arrayValue }
        return document.kind(at: index) == .array ? document.elements(at: index) : nil
    }

    public var objectValue: JSONObject? {
        guard case .parsed(let document, let index) = storage else { return value.objectValue }
        return document.kind(at: index) == .object ? document.object(at: index) : nil
    }

    /// The keys and values of an object in source order, without the key positions
    /// `objectValue` works out for its entries; nil when this is no object.
    var members: [(key: String, value: JSONNode)]? {
        guard case .parsed(let document, let index) = storage else {
            return value.objectValue?.entries.map { ($0.key, $0.value) }
        }
        return document.kind(at: index) == .object ? document.members(at: index) : nil
    }

    /// Whether this is an array or an object: a value that has children.
    var isContainer: Bool {
        guard case .parsed(let document, let index) = storage else { return isArray || isObject }
        let kind = document.kind(at: index)
        return kind == .array || kind == .object
    }

    /// Whether this is an array, without listing its elements as `arrayValue` does.
    public var isArray: Bool {
        guard case .parsed(let document, let index) = storage else { return value.arrayValue != nil }
        return document.kind(at: index) == .array
    }

    /// Whether this is an object, without listing its members as `objectValue` does.
    public var isObject: Bool {
        guard case .parsed(let document, let index) = storage else { return value.objectValue != nil }
        return document.kind(at: index) == .object
    }

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        if case .parsed(let left, let leftIndex) = lhs.storage, case .parsed(let right, let rightIndex) = rhs.storage,
            left === right && leftIndex == rightIndex
        {
            return true
        }
        return lhs.position == rhs.position && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(position)
    }
}
