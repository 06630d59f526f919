import PlugboardCore

/// A JSON value together with where it is (file and JSON path), and typed readers that report a
/// precise diagnostic when the value is not what the format asks for.
///
/// Readers return nil both for an absent key and for a wrong value; in the second case they have
/// already reported why. A JSON `null` counts as absent for optional keys.
package struct ConfigNode: ConfigObject, Sendable {
    package let node: JSONNode
    /// The path, made into a `JSONPath` only when asked for (see `ConfigPathTrail`): `trail`,
    /// then `last` when there is one. Arrays and objects keep their whole path in `trail`, so
    /// their children link to it; other values keep their last step inline, so the many keys read
    /// as strings, numbers and booleans cost no allocation. The trail also knows the file.
    private let trail: ConfigPathTrail
    private let last: JSONPath.Component?

    package init(_ node: JSONNode, path: JSONPath = .root, file: String) {
        self.init(node, trail: ConfigPathTrail.of(path, file: file), last: nil)
    }

    private init(_ node: JSONNode, trail: ConfigPathTrail, last: JSONPath.Component?) {
        self.node = node
        self.trail = trail
        self.last = last
    }

    package var file: String { trail.file }

    package var path: JSONPath {
        let path = trail.path
        return last.map { path.appending($0) } ?? path
    }

    package var location: ConfigLocation { ConfigLocation(file: file, position: node.position, path: path) }

    /// The node `child`, one `component` below this one.
    private func descending(to child: JSONNode, _ component: JSONPath.Component) -> ConfigNode {
        // Only arrays and objects have children, and they keep no `last`: no allocation here.
        let parent = last.map { ConfigPathTrail(parent: trail, component: $0) } ?? trail
        if child.isContainer {
            return ConfigNode(child, trail: ConfigPathTrail(parent: parent, component: component), last: nil)
        }
        return ConfigNode(child, trail: parent, last: component)
    }

    /// The member `key` of this object, with its path; nil when absent or when this is no object.
    package subscript(key: String) -> ConfigNode? {
        node[key].map { descending(to: $0, .key(key)) }
    }

    package func jsonNode(forKey key: String) -> JSONNode? { node[key] }

    /// The elements of this array, with their paths; nil when this is no array.
    package var elements: [ConfigNode]? {
        node.arrayValue?.enumerated().map { descending(to: $1, .index($0)) }
    }

    /// The members of this object in file order, with their paths; nil when this is no object.
    package var members: [(key: String, value: ConfigNode)]? {
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
