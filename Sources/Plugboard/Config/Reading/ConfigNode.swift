/// A JSON value together with where it is (file and JSON path), and typed readers that report a
/// precise diagnostic when the value is not what the format asks for.
///
/// Readers return nil both for an absent key and for a wrong value; in the second case they have
/// already reported why. A JSON `null` counts as absent for optional keys.
public struct ConfigNode: ConfigObject, Sendable {
    public let node: JSONNode
    public let file: String
    /// The path, made into a `JSONPath` only when asked for (see `ConfigPathTrail`).
    private let trail: ConfigPathTrail?

    public init(_ node: JSONNode, path: JSONPath = .root, file: String) {
        self.init(node, trail: ConfigPathTrail.of(path), file: file)
    }

    private init(_ node: JSONNode, trail: ConfigPathTrail?, file: String) {
        self.node = node
        self.trail = trail
        self.file = file
    }

    public var path: JSONPath { trail?.path ?? .root }

    public var location: ConfigLocation { ConfigLocation(file: file, position: node.position, path: path) }

    /// The node `child`, one `component` below this one.
    private func descending(to child: JSONNode, _ component: JSONPath.Component) -> ConfigNode {
        ConfigNode(child, trail: ConfigPathTrail(parent: trail, component: component), file: file)
    }

    /// The member `key` of this object, with its path; nil when absent or when this is no object.
    public subscript(key: String) -> ConfigNode? {
        node[key].map { descending(to: $0, .key(key)) }
    }

    /// The elements of this array, with their paths; nil when this is no array.
    public var elements: [ConfigNode]? {
        node.arrayValue?.enumerated().map { descending(to: $1, .index($0)) }
    }

    /// The members of this object in file order, with their paths; nil when this is no object.
    public var members: [(key: String, value: ConfigNode)]? {
        node.members?.map { ($0.key, descending(to: $0.value, .key($0.key))) }
    }

    /// Reports "expected X but found Y" at this node.
    func mismatch(_ expected: String, _ sink: DiagnosticSink) {
        sink.error(location, "expected \(expected) but found \(node.value.kindDescription)")
    }

    /// This node as an object, or nil after reporting.
    func asObject(_ sink: DiagnosticSink) -> ConfigNode? {
        guard node.isObject else {
            mismatch("an object", sink)
            return nil
        }
        return self
    }

    func notOneOf(_ string: String, _ values: [String], _ sink: DiagnosticSink) {
        sink.error(location, "\"\(string)\" is not one of \(values.joined(separator: ", "))")
    }
}

/// Something with members that the typed readers can read: a `ConfigNode` object, or a
/// `DefaultedObject` that falls back to a manifest's initial values.
public protocol ConfigObject {
    subscript(key: String) -> ConfigNode? { get }
    /// Where a missing key is reported.
    var location: ConfigLocation { get }
}

extension ConfigObject {
    /// The member `key`: reports it when `required` and missing (or null).
    func member(_ key: String, required: Bool, _ sink: DiagnosticSink) -> ConfigNode? {
        guard let value = self[key], !value.node.isNull else {
            if required {
                if let value = self[key] {
                    value.mismatch("a value", sink)
                } else {
                    sink.error(location, "missing required key \"\(key)\"")
                }
            }
            return nil
        }
        return value
    }

    public func string(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> String? {
        guard let value = member(key, required: required, sink) else { return nil }
        guard let string = value.node.stringValue else {
            value.mismatch("a string", sink)
            return nil
        }
        return string
    }

    public func bool(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> Bool? {
        guard let value = member(key, required: required, sink) else { return nil }
        guard let bool = value.node.boolValue else {
            value.mismatch("a boolean", sink)
            return nil
        }
        return bool
    }

    public func integer(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> Int? {
        guard let value = member(key, required: required, sink) else { return nil }
        guard let number = value.node.numberValue?.int else {
            value.mismatch("an integer", sink)
            return nil
        }
        return number
    }

    public func object(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> ConfigNode? {
        member(key, required: required, sink)?.asObject(sink)
    }

    public func array(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> [ConfigNode]? {
        guard let value = member(key, required: required, sink) else { return nil }
        guard let elements = value.elements else {
            value.mismatch("an array", sink)
            return nil
        }
        return elements
    }

    /// An array of strings; wrong elements are reported and skipped.
    public func strings(_ key: String, _ sink: DiagnosticSink) -> [String]? {
        array(key, sink)?.compactMap { element in
            guard let string = element.node.stringValue else {
                element.mismatch("a string", sink)
                return nil
            }
            return string
        }
    }

    /// A string that must be one of `values`: `"ontop" is not one of on_top, overlay, hidden`.
    public func oneOf(_ key: String, _ values: [String], required: Bool = false, _ sink: DiagnosticSink) -> String? {
        guard let string = string(key, required: required, sink) else { return nil }
        guard values.contains(string) else {
            self[key]!.notOneOf(string, values, sink)
            return nil
        }
        return string
    }

}
