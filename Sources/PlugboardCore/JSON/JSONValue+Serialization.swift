/// Compact JSON output, so a parsed (or edited) document can be written back or hashed.
///
/// Keys keep their source order and repeats, and numbers keep their original text, so
/// `serialized()` of a parsed document differs from the source only in whitespace and escapes.
extension JSONValue {
    /// Compact, valid JSON with no whitespace between tokens.
    package func serialized() -> String {
        // Scalars are their own text: no buffer (a call's result is most often one).
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.text
        default: break
        }
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    package func write(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number):
            output.append(contentsOf: number.text.utf8)
        case .string(let string):
            JSONStringEscaping.appendQuoted(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, entry) in object.entries.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringEscaping.appendQuoted(entry.key, to: &output)
                output.append(UInt8(ascii: ":"))
                entry.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONNode {
    /// Compact, valid JSON for this node's value.
    package func serialized() -> String {
        guard parsedSource != nil else { return value.serialized() }
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A parsed node is written from its document's tape, without building its values.
    package func write(to output: inout [UInt8]) {
        guard let (document, index) = parsedSource else { return value.write(to: &output) }
        document.write(at: index, to: &output)
    }
}

extension JSONDocument {
    /// The value at tape `index` as `JSONValue.write` writes it, read straight from the source:
    /// numbers and strings without escapes are their source bytes (a string without escapes holds
    /// no quote, backslash or control character), and only escaped strings are decoded and
    /// quoted again.
    package func write(at index: Int, to output: inout [UInt8]) {
        let entry = tape[index]
        switch entry.kind {
        case .null: output.append(contentsOf: "null".utf8)
        case .false: output.append(contentsOf: "false".utf8)
        case .true: output.append(contentsOf: "true".utf8)
        case .number: appendSource(from: entry.offset, to: entry.end, to: &output)
        case .asciiString, .string: appendSource(from: entry.offset, to: entry.end + 1, to: &output)
        case .escapedString: JSONStringEscaping.appendQuoted(string(at: index), to: &output)
        case .array:
            output.append(UInt8(ascii: "["))
            var first = true
            forEachElement(of: index) { element in
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                write(at: element, to: &output)
                return true
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            var first = true
            forEachMember(of: index) { key, value in
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                write(at: key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(at: value, to: &output)
                return true
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private func appendSource(from start: Int, to end: Int, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
