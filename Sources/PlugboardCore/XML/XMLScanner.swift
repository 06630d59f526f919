/// The lexical pieces of XML 1.0 over checked UTF-8 bytes: names, references, attribute values,
/// delimited sections. `XMLDocumentScanner` puts them together into a document.
package struct XMLScanner {
    /// Why the document is not well-formed, at a byte offset.
    package struct Failure: Error {
        var offset: Int
        var message: String
        /// The handler refused the event at `offset`; the document itself may be well-formed.
        var isRefusal = false
    }

    package let bytes: [UInt8]
    package var offset: Int

    package var atEnd: Bool { offset >= bytes.count }

    /// The byte at the cursor; only read when not `atEnd`.
    package var current: UInt8 { bytes[offset] }

    /// XML's white space: space, tab, LF, CR.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `literal` (ASCII) is at the cursor.
    package func looks(at literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literal in
            (0..<count).allSatisfy { bytes[offset + $0] == literal[$0] }
        }
    }

    /// Moves past `literal` when it is at the cursor.
    package mutating func skip(_ literal: StaticString) -> Bool {
        guard looks(at: literal) else { return false }
        offset += literal.utf8CodeUnitCount
        return true
    }

    /// Moves past white space; whether there was any.
    @discardableResult
    package mutating func skipWhitespace() -> Bool {
        let before = offset
        while !atEnd, Self.isWhitespace(current) { offset += 1 }
        return offset > before
    }

    /// The offsets before `terminator`, moving past it; nil (the cursor at the end) when the
    /// document ends first.
    package mutating func scan(upTo terminator: StaticString) -> Range<Int>? {
        let start = offset
        while !atEnd {
            if looks(at: terminator) {
                defer { offset += terminator.utf8CodeUnitCount }
                return start..<offset
            }
            offset += 1
        }
        return nil
    }

    /// A name: a letter, `_`, `:` or any non-ASCII character, then those, digits, `-` and `.`.
    /// (Non-ASCII characters are all accepted: the reader checks well-formedness, not the
    /// finer classes of the specification.)
    package mutating func name() throws(Failure) -> String {
        let start = offset
        guard !atEnd, Self.startsName(current) else { throw Failure(offset: offset, message: "expected a name") }
        offset += 1
        while !atEnd, Self.startsName(current) || Self.continuesName(current) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Appends `bytes[range]` to `text` with each line break (CRLF or a lone CR) as one LF, as
    /// XML requires of every parser.
    package static func appendNormalizingLineBreaks(_ range: Range<Int>, of bytes: [UInt8], to text: inout [UInt8]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            index += 1
            guard byte == 0x0D else {
                text.append(byte)
                continue
            }
            text.append(0x0A)
            if index < range.upperBound, bytes[index] == 0x0A { index += 1 }
        }
    }

    /// A reference at the cursor (`&amp;`, `&#233;`, `&#xE9;`): its character appended to `text`.
    /// Only the five entities XML predefines are known; a document's own are not read.
    package mutating func reference(into text: inout [UInt8]) throws(Failure) {
        let start = offset
        offset += 1  // "&"
        let bodyStart = offset
        while !atEnd, current != UInt8(ascii: ";"), offset - bodyStart < 32, !Self.isWhitespace(current),
            current != UInt8(ascii: "<"), current != UInt8(ascii: "&")
        {
            offset += 1
        }
        guard !atEnd, current == UInt8(ascii: ";"), offset > bodyStart else {
            offset = start
            throw Failure(offset: start, message: "an '&' that starts no reference (write '&amp;' for the character)")
        }
        let body = bytes[bodyStart..<offset]
        offset += 1  // ";"
        let written = String(decoding: bytes[start..<offset], as: UTF8.self)
        if body.first == UInt8(ascii: "#") {
            guard let value = Self.characterValue(body.dropFirst()), XMLInput.isAllowed(value),
                let scalar = Unicode.Scalar(value)
            else { throw Failure(offset: start, message: "an invalid character reference '\(written)'") }
            text.append(contentsOf: String(Character(scalar)).utf8)
            return
        }
        switch String(decoding: body, as: UTF8.self) {
        case "amp": text.append(UInt8(ascii: "&"))
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            throw Failure(
                offset: start,
                message:
                    "an undeclared entity '\(written)' (only &amp; &lt; &gt; &quot; &apos; and character references are read)"
            )
        }
    }

    /// The code point of a character reference's digits: decimal, or hexadecimal after `x`.
    private static func characterValue(_ digits: ArraySlice<UInt8>) -> UInt32? {
        let hexadecimal = digits.first == UInt8(ascii: "x")
        let text = String(decoding: hexadecimal ? digits.dropFirst() : digits, as: UTF8.self)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
            return nil
        }
        return UInt32(text, radix: hexadecimal ? 16 : 10)
    }

    /// A quoted attribute value at the cursor, references resolved and each white-space
    /// character a space (XML's normalisation for attributes of undeclared type).
    package mutating func attributeValue(of name: String) throws(Failure) -> String {
        guard !atEnd, current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") else {
            throw Failure(offset: offset, message: "the value of attribute '\(name)' is not quoted")
        }
        let start = offset
        let quote = current
        offset += 1
        var value: [UInt8] = []
        while true {
            guard !atEnd else { throw Failure(offset: start, message: "an unfinished value of attribute '\(name)'") }
            switch current {
            case quote:
                offset += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw Failure(offset: offset, message: "'<' in the value of attribute '\(name)' (write '&lt;')")
            case UInt8(ascii: "&"):
                try reference(into: &value)
            case 0x0D:
                value.append(0x20)
                offset += 1
                if !atEnd, current == 0x0A { offset += 1 }
            case 0x09, 0x0A:
                value.append(0x20)
                offset += 1
            default:
                value.append(current)
                offset += 1
            }
        }
    }
}
