import Foundation

/// Strict RFC 8259 JSON parsing that remembers where every value came from.
///
/// `JSONSerialization` reports neither line nor column for values or errors, which makes
/// configuration errors hard to locate. This parser accepts exactly RFC 8259 JSON (no comments,
/// trailing commas, leading zeros, NaN or unescaped control characters; UTF-8 only, with an
/// optional byte-order mark) and returns a tree of `JSONNode`s that carry their positions. The
/// tree is read lazily from a copy of the document (see `JSONDocument`).
package struct JSONParser: Sendable {
    /// Nesting deeper than this is reported as an error instead of risking a stack overflow.
    package static let defaultMaximumDepth = 512

    /// Parses one JSON document. Only whitespace may follow the top-level value.
    ///
    /// - Parameter maximumDepth: how many arrays and objects may be nested inside each other.
    ///   Parsing recurses once per level, so very large limits can exhaust a thread's stack.
    package static func parse(
        _ bytes: some Collection<UInt8>,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            parse(buffer: buffer, maximumDepth: maximumDepth)
        }
        if let result {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            parse(buffer: buffer, maximumDepth: maximumDepth)
        }.get()
    }

    /// Parses the UTF-8 encoding of `text`.
    package static func parse(
        _ text: String,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONNode {
        var text = text
        return try text.withUTF8 { buffer in
            parse(buffer: buffer, maximumDepth: maximumDepth)
        }.get()
    }

    /// Parses `data`; `Data` gets its own overload so it never takes the copying path.
    package static func parse(
        _ data: Data,
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> JSONNode {
        try data.withUnsafeBytes { raw in
            parse(buffer: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
        }.get()
    }

    private static func parse(
        buffer: UnsafeBufferPointer<UInt8>,
        maximumDepth: Int
    ) -> Result<JSONNode, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in
            var scanner = JSONScanner(bytes: buffer, maximumDepth: maximumDepth)
            return JSONNode(document: try scanner.parseDocument(), index: 0)
        }
    }
}
