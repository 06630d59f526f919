import PlugboardCore

/// An object from rivers.json whose missing keys fall back to the `initial_value`s of the
/// plugin that serves it, as UI Builder fills them in. A value read from a default keeps its own
/// place (plugins.json, the manifest field), so a bad default is reported where it is written.
package struct DefaultedObject: ConfigObject, Sendable {
    /// The object as written, or nil when the file has none.
    package var written: ConfigNode?
    /// Initial values by key, from the manifest section.
    package var defaults: [(key: String, value: ConfigNode)]
    /// Where a missing key is reported when the object itself is missing.
    private var fallback: DeferredLocation

    package init(written: ConfigNode?, defaults: [(key: String, value: ConfigNode)], fallback: ConfigLocation) {
        self.written = written
        self.defaults = defaults
        self.fallback = .location(fallback)
    }

    /// An object whose missing keys are reported at `parent` when it is missing itself.
    init(written: ConfigNode?, defaults: [(key: String, value: ConfigNode)], parent: ConfigNode) {
        self.written = written
        self.defaults = defaults
        self.fallback = .node(parent)
    }

    /// Where a missing key is reported when the object itself is missing.
    package var fallbackLocation: ConfigLocation {
        get { fallback.location }
        set { fallback = .location(newValue) }
    }

    package subscript(key: String) -> ConfigNode? {
        if let value = written?[key] { return value }
        return defaultPosition(key).map { defaults[$0].value }
    }

    package func jsonNode(forKey key: String) -> JSONNode? {
        if let value = written?.node[key] { return value }
        return defaultPosition(key).map { defaults[$0].value.node }
    }

    /// Where the first default for `key` is: found by position, since `first(where:)` copies
    /// the entry it returns, and a lookup is made for every key a reader asks for.
    private func defaultPosition(_ key: String) -> Int? {
        defaults.firstIndex { $0.key == key }
    }

    package var location: ConfigLocation { written?.location ?? fallbackLocation }

    /// The object with its defaults filled in, as plugins receive it.
    package var merged: JSONValue {
        var entries = written?.node.objectValue?.entries ?? []
        for (key, value) in defaults where !entries.contains(where: { $0.key == key }) {
            entries.append(.init(key: key, keyPosition: value.node.position, value: value.node))
        }
        return .object(JSONObject(entries: entries))
    }
}
