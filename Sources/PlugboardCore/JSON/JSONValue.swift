/// A parsed JSON value.
///
/// Children are `JSONNode`s, so every nested value keeps the position where it starts. The enum is
/// not marked `indirect`: recursion already goes through `Array` storage, and leaving the cases
/// inline avoids a heap allocation for every scalar, which matters for parsing speed.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var arrayValue: [JSONNode]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A short name of the kind of value, for messages such as "expected a string but found a number".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
