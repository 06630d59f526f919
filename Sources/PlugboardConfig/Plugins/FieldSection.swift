import PlugboardCore

/// A configuration section of a manifest (`styles`, `data`, `rules`, `assets`, `general`,
/// `advertising`, …): `{fields: [{key, type, label, initial_value, options, …}]}`. Grouped fields
/// (`{group: true, fields: […]}`) are flattened, since groups only affect how UI Builder draws them.
package struct FieldSection: Sendable {
    package struct Option: Sendable, Hashable {
        package var text: String?
        package var value: JSONValue
    }

    package struct Field: Sendable {
        package var key: String
        package var type: String?
        package var label: String?
        /// The value UI Builder writes when the user leaves the field alone, with its place.
        package var initialValue: ConfigNode?
        package var options: [Option]
    }

    package var fields: [Field]

    /// The fields' initial values by key, for filling in defaults.
    package var initialValues: [(key: String, value: ConfigNode)] {
        fields.compactMap { field in field.initialValue.map { (field.key, $0) } }
    }

    static func read(_ node: ConfigNode, _ sink: DiagnosticSink) -> FieldSection? {
        guard let section = node.asObject(sink) else { return nil }
        guard let nodes = section.array("fields", sink) else { return FieldSection(fields: []) }
        var fields: [Field] = []
        fields.reserveCapacity(nodes.count)
        readFields(nodes, into: &fields, sink)
        return FieldSection(fields: fields)
    }

    /// Appends the fields of `nodes` to `fields`, groups flattened in place: one array for the
    /// section, where a `flatMap` made one per field.
    private static func readFields(_ nodes: [ConfigNode], into fields: inout [Field], _ sink: DiagnosticSink) {
        for node in nodes {
            guard let field = node.asObject(sink) else { continue }
            if field.bool("group", sink) == true {
                readFields(field.array("fields", sink) ?? [], into: &fields, sink)
                continue
            }
            guard let key = field.string("key", required: true, sink) else { continue }
            let options = field.array("options", sink)?.compactMap { option -> Option? in
                if option.node.isObject {
                    guard let value = option["value"]?.node.value else {
                        sink.error(option.location, "missing required key \"value\"")
                        return nil
                    }
                    return Option(text: option.string("text", sink), value: value)
                }
                return Option(text: nil, value: option.node.value)
            }
            fields.append(
                Field(
                    key: key, type: field.string("type", sink), label: field.string("label", sink),
                    initialValue: field["initial_value"].flatMap { $0.node.isNull ? nil : $0 },
                    options: options ?? []))
        }
    }
}
