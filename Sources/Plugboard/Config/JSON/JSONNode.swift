/// A JSON value together with the position where it starts in the source.
///
/// Positions are what a configuration validator needs to point a user at the offending line, and
/// Foundation's `JSONSerialization` cannot provide them. Equality includes the positions of this
/// node and of all nested nodes; compare `serialized()` to compare content only.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    /// Where the value's first character is: the quote of a string, the bracket of an array, and so on.
    public var position: SourcePosition

    public init(_ value: JSONValue, position: SourcePosition) {
        self.value = value
        self.position = position
    }

    /// The member named `key`, if this is an object that has it (the last one when the key repeats).
    public subscript(key: String) -> JSONNode? {
        value.objectValue?[key]
    }

    /// The element at `index`, if this is an array and the index is in range.
    public subscript(index: Int) -> JSONNode? {
        guard case .array(let elements) = value, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    public var isNull: Bool { value.isNull }
    public var boolValue: Bool? { value.boolValue }
    public var numberValue: JSONNumber? { value.numberValue }
    public var stringValue: String? { value.stringValue }
    public var arrayValue: [JSONNode]? { value.arrayValue }
    public var objectValue: JSONObject? { value.objectValue }
}
