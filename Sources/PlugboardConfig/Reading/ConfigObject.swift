import PlugboardCore

/// Something with members that the typed readers can read: a `ConfigNode` object, or a
/// `DefaultedObject` that falls back to a manifest's initial values.
package protocol ConfigObject {
    subscript(key: String) -> ConfigNode? { get }
    /// The member `key` as a plain node, without the path a `ConfigNode` carries.
    func jsonNode(forKey key: String) -> JSONNode?
    /// Where a missing key is reported.
    var location: ConfigLocation { get }
}

/// The typed readers.
///
/// Most keys of a configuration are read without a problem, so the readers of single values
/// (strings, numbers, booleans) look at the plain `JSONNode`, and make the `ConfigNode` that
/// knows the key's path and location only to report a problem.
extension ConfigObject {
    package func jsonNode(forKey key: String) -> JSONNode? { self[key]?.node }

    /// The member `key` as a plain node: reports it when `required` and missing (or null).
    func value(_ key: String, required: Bool, _ sink: DiagnosticSink) -> JSONNode? {
        guard let value = jsonNode(forKey: key), !value.isNull else {
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

    /// The member `key`: reports it when `required` and missing (or null). An optional key that
    /// is absent is not looked up a second time: most optional sections and arrays are absent.
    func member(_ key: String, required: Bool, _ sink: DiagnosticSink) -> ConfigNode? {
        guard let member = self[key], !member.node.isNull else {
            if required { _ = value(key, required: true, sink) }
            return nil
        }
        return member
    }

    package func string(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> String? {
        scalar(key, required: required, sink, "a string") { $0.stringValue }
    }

    package func bool(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> Bool? {
        scalar(key, required: required, sink, "a boolean") { $0.boolValue }
    }

    package func integer(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> Int? {
        scalar(key, required: required, sink, "an integer") { $0.numberValue?.int }
    }

    /// The member `key` read by `read`; "expected `expected`" is reported when it gives nil.
    private func scalar<Value>(
        _ key: String, required: Bool, _ sink: DiagnosticSink, _ expected: String, _ read: (JSONNode) -> Value?
    ) -> Value? {
        guard let value = value(key, required: required, sink) else { return nil }
        guard let read = read(value) else {
            self[key]!.mismatch(expected, sink)
            return nil
        }
        return read
    }

    package func object(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> ConfigNode? {
        member(key, required: required, sink)?.asObject(sink)
    }

    package func array(_ key: String, required: Bool = false, _ sink: DiagnosticSink) -> [ConfigNode]? {
        guard let value = member(key, required: required, sink) else { return nil }
        guard let elements = value.elements else {
            value.mismatch("an array", sink)
            return nil
        }
        return elements
    }

    /// Reports `key` unless it is absent, null or an object: `object(key)` for members that are
    /// only checked, without making the `ConfigNode` it would return.
    package func checkObject(_ key: String, _ sink: DiagnosticSink) {
        guard let value = value(key, required: false, sink), !value.isObject else { return }
        self[key]!.mismatch("an object", sink)
    }

    /// Reports `key` unless it is absent, null or an array: `array(key)` for members that are
    /// only checked, without making a `ConfigNode` for every element.
    package func checkArray(_ key: String, _ sink: DiagnosticSink) {
        guard let value = value(key, required: false, sink), !value.isArray else { return }
        self[key]!.mismatch("an array", sink)
    }

    /// An array of strings; wrong elements are reported and skipped.
    package func strings(_ key: String, _ sink: DiagnosticSink) -> [String]? {
        guard let value = value(key, required: false, sink) else { return nil }
        guard let elements = value.arrayValue else {
            self[key]!.mismatch("an array", sink)
            return nil
        }
        return elements.indices.compactMap { index in
            guard let string = elements[index].stringValue else {
                self[key]!.elements![index].mismatch("a string", sink)
                return nil
            }
            return string
        }
    }

    /// A string that must be one of `values`: `"ontop" is not one of on_top, overlay, hidden`.
    package func oneOf(_ key: String, _ values: [String], required: Bool = false, _ sink: DiagnosticSink) -> String? {
        guard let string = string(key, required: required, sink) else { return nil }
        guard values.contains(string) else {
            self[key]!.notOneOf(string, values, sink)
            return nil
        }
        return string
    }
}
