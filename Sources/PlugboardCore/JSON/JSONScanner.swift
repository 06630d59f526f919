/// The parsing state machine behind `JSONParser`: structure and whitespace, recorded on a tape.
///
/// It reads straight from an `UnsafeBufferPointer` and appends one `JSONTapeEntry` per value, so
/// parsing allocates nothing per value. It keeps no line count: positions are computed from byte
/// offsets when asked for (`SourceLineTable`). Long runs of string bytes and of indentation are
/// read eight bytes at a time (`JSONScanner+Words.swift`). Strings and numbers live in their own
/// files (`JSONScanner+Strings.swift`, `JSONScanner+Numbers.swift`), and error messages in
/// `JSONScanner+Errors.swift`.
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let end: Int
    package let maximumDepth: Int
    /// The next byte to read.
    package var index = 0
    /// How many arrays and objects enclose the value being parsed.
    package var depth = 0
    /// Every value parsed so far, in source order.
    package var tape: [JSONTapeEntry] = []
    /// Reused buffer for decoding strings with escapes.
    package var scratch: [UInt8] = []

    package init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.end = bytes.count
        self.maximumDepth = maximumDepth
    }

    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
        }
        // Pretty-printed documents have about one value per 20 bytes: one reservation, mostly.
        tape.reserveCapacity(end / 16 + 1)
        skipWhitespace()
        try parseValue(expected: "a value")
        skipWhitespace()
        if index < end {
            throw syntaxError(expected: "end of input", at: index)
        }
        return JSONDocument(bytes: Array(bytes), tape: tape)
    }

    /// The position of `offset`, for an error message.
    package func position(at offset: Int) -> SourcePosition {
        SourceLineTable.position(of: offset, in: bytes)
    }

    @inline(__always)
    package mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x20:
                index += 1
                skipSpaces()
            case 0x0A, 0x0D, 0x09:
                index += 1
            default:
                return
            }
        }
    }

    /// Parses the value at `index`, which must not be whitespace. `expected` describes what the
    /// context wanted, for the error when no value starts here.
    package mutating func parseValue(expected: StaticString) throws(JSONSyntaxError) {
        guard index < end else { throw syntaxError(expected: expected, at: index) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let kind = try parseString()
            tape.append(JSONTapeEntry(kind, offset: start, end: index - 1))
        case UInt8(ascii: "{"):
            try parseObject()
        case UInt8(ascii: "["):
            try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            tape.append(JSONTapeEntry(.number, offset: start, end: index))
        case UInt8(ascii: "t"):
            try parseLiteral("true", expected: expected)
            tape.append(JSONTapeEntry(.true, offset: start))
        case UInt8(ascii: "f"):
            try parseLiteral("false", expected: expected)
            tape.append(JSONTapeEntry(.false, offset: start))
        case UInt8(ascii: "n"):
            try parseLiteral("null", expected: expected)
            tape.append(JSONTapeEntry(.null, offset: start))
        default:
            throw syntaxError(expected: expected, at: index)
        }
    }

    /// Consumes `literal` if it is at `index` and is not just the start of a longer word.
    @inline(__always)
    private mutating func parseLiteral(_ literal: StaticString, expected: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        var matches = index + count <= end && (index + count == end || !Self.isWordByte(bytes[index + count]))
        if matches {
            let expectedBytes = literal.utf8Start
            for offset in 1..<count where bytes[index + offset] != expectedBytes[offset] {
                matches = false
                break
            }
        }
        guard matches else { throw syntaxError(expected: expected, at: index) }
        index += count
    }

    /// Records the opening of an array or object at `index`; `closeContainer` fills in its end.
    @inline(__always)
    private mutating func openContainer(_ kind: JSONTapeEntry.Kind) throws(JSONSyntaxError) -> Int {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError(
                position: position(at: index),
                message: "exceeded the maximum nesting depth of \(maximumDepth)",
                byteOffset: index
            )
        }
        tape.append(JSONTapeEntry(kind, offset: index))
        index += 1
        skipWhitespace()
        return tape.count - 1
    }

    @inline(__always)
    private mutating func closeContainer(_ container: Int) {
        depth -= 1
        tape[container].end = tape.count
    }

    private mutating func parseArray() throws(JSONSyntaxError) {
        let container = try openContainer(.array)
        defer { closeContainer(container) }
        if index < end && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var expected: StaticString = "a value or \"]\""
        while true {
            try parseValue(expected: expected)
            skipWhitespace()
            guard index < end else { throw syntaxError(expected: "\",\" or \"]\"", at: index) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                expected = "a value"
            } else if byte == UInt8(ascii: "]") {
                return
            } else {
                index -= 1
                throw syntaxError(expected: "\",\" or \"]\"", at: index)
            }
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        let container = try openContainer(.object)
        defer { closeContainer(container) }
        if index < end && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        var expected: StaticString = "a string key or \"}\""
        while true {
            // After a comma a key is required, so a trailing comma is reported at the "}".
            guard index < end && bytes[index] == UInt8(ascii: "\"") else {
                throw syntaxError(expected: expected, at: index)
            }
            let keyStart = index
            let keyKind = try parseString()
            tape.append(JSONTapeEntry(keyKind, offset: keyStart, end: index - 1))
            skipWhitespace()
            guard index < end && bytes[index] == UInt8(ascii: ":") else {
                throw syntaxError(expected: "\":\"", at: index)
            }
            index += 1
            skipWhitespace()
            try parseValue(expected: "a value")
            skipWhitespace()
            guard index < end else { throw syntaxError(expected: "\",\" or \"}\"", at: index) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                expected = "a string key"
            } else if byte == UInt8(ascii: "}") {
                return
            } else {
                index -= 1
                throw syntaxError(expected: "\",\" or \"}\"", at: index)
            }
        }
    }
}
