/// Compact JSON output, so a parsed (or edited) document can be written back or hashed.
///
/// Keys keep their source order and repeats, and numbers keep their original text, so
/// `serialized()` of a parsed document differs from the source only in whitespace and escapes.
extension JSONValue {
    /// Compact, valid JSON with no whitespace between tokens.
    public func serialized() -> String {
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

    func write(to output: inout [UInt8]) {
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
                element.value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, entry) in object.entries.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringEscaping.appendQuoted(entry.key, to: &output)
                output.append(UInt8(ascii: ":"))
                entry.value.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONNode {
    /// Compact, valid JSON for this node's value.
    public func serialized() -> String { value.serialized() }
}
