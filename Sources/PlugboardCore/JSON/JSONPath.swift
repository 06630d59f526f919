/// The location of a value inside a document, written the way JSONPath (RFC 9535) does:
/// `$[3].navigations[0].styles.state`, with keys that are not plain identifiers written as
/// `$["odd key"]`.
///
/// Nodes do not store their path, since most are never reported; a validator builds paths while
/// it walks (see `JSONNode.walk(from:_:)`) and pairs them with `JSONNode.position` in messages.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package private(set) var components: [Component]

    /// `$`, the whole document.
    package static let root = JSONPath()

    package init(_ components: [Component] = []) {
        self.components = components
    }

    package func appending(key: String) -> JSONPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    package func appending(index: Int) -> JSONPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    package func appending(_ component: Component) -> JSONPath {
        var copy = self
        copy.components.append(component)
        return copy
    }

    /// The path one level up, or `nil` for the root.
    package var parent: JSONPath? {
        guard !components.isEmpty else { return nil }
        return JSONPath(Array(components.dropLast()))
    }

    package var description: String {
        var result = "$"
        for component in components {
            switch component {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key) where Self.isShorthandName(key):
                result += ".\(key)"
            case .key(let key):
                result += "["
                JSONStringEscaping.appendQuoted(key, to: &result)
                result += "]"
            }
        }
        return result
    }

    /// Whether `key` can be written after a dot: an ASCII letter or `_`, then letters, digits or `_`.
    /// (RFC 9535 also allows non-ASCII letters; those are quoted here so paths read unambiguously.)
    package static func isShorthandName(_ key: String) -> Bool {
        var utf8 = key.utf8.makeIterator()
        guard let first = utf8.next(), isNameStart(first) else { return false }
        while let byte = utf8.next() {
            guard isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
        }
        return true
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}

extension JSONNode {
    /// The node at `path` below this one, or `nil` when a key or index along the way is missing.
    package func node(at path: JSONPath) -> JSONNode? {
        var current = self
        for component in path.components {
            let next: JSONNode?
            switch component {
            case .key(let key): next = current[key]
            case .index(let index): next = current[index]
            }
            guard let next else { return nil }
            current = next
        }
        return current
    }

    /// Calls `visit` for this node and every node below it, depth first in source order, with each
    /// node's path. `path` is the path of this node, `$` by default.
    package func walk<E: Error>(
        from path: JSONPath = .root,
        _ visit: (JSONPath, JSONNode) throws(E) -> Void
    ) throws(E) {
        try visit(path, self)
        switch value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try element.walk(from: path.appending(index: index), visit)
            }
        case .object(let object):
            for entry in object.entries {
                try entry.value.walk(from: path.appending(key: entry.key), visit)
            }
        case .null, .bool, .number, .string:
            break
        }
    }
}
