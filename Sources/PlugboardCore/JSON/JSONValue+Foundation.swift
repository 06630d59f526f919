import Foundation

/// Conversion to the untyped values `JSONSerialization` produces, so code written against
/// Foundation's output (or `JSONSerialization.data(withJSONObject:)`) can use this parser's results.
extension JSONValue {
    /// `NSNull`, `Bool`, `Int` (or `UInt64` for integers above `Int.max`), `Double`, `String`,
    /// `[Any]` and `[String: Any]`. A repeated key keeps its last value, as in `JSONSerialization`.
    package func toAny() -> Any {
        switch self {
        case .null:
            return NSNull()
        case .bool(let value):
            return value
        case .number(let number):
            if number.isIntegerLiteral {
                if let value = number.int { return value }
                if let value = number.uint64 { return value }
            }
            return number.double
        case .string(let value):
            return value
        case .array(let elements):
            return elements.map { $0.value.toAny() }
        case .object(let object):
            var dictionary = [String: Any](minimumCapacity: object.count)
            for entry in object.entries {
                dictionary[entry.key] = entry.value.value.toAny()
            }
            return dictionary
        }
    }
}

extension JSONNode {
    /// See `JSONValue.toAny()`.
    package func toAny() -> Any { value.toAny() }
}
