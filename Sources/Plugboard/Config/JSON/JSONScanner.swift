/// The parsing state machine behind `JSONParser`: structure, whitespace and positions.
///
/// It reads straight from an `UnsafeBufferPointer` and tracks line numbers as it goes, so a
/// position costs two subtractions: whitespace is the only place a line break can appear, and
/// non-ASCII bytes can only appear inside strings, where the string scanner counts them. Strings
/// and numbers live in their own files (`JSONScanner+Strings.swift`, `JSONScanner+Numbers.swift`),
/// and error messages in `JSONScanner+Errors.swift`.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    let maximumDepth: Int
    /// The next byte to read.
    var index = 0
    /// The 1-based line `index` is on.
    var line = 1
    /// The offset of the first byte of the current line.
    var lineStart = 0
    /// Bytes on the current line, before `index`, that continue a multi-byte UTF-8 character;
    /// subtracting them turns a byte column into a scalar column.
    var continuationBytesOnLine = 0
    /// How many arrays and objects enclose the value being parsed.
    var depth = 0
    /// Reused buffer for strings with escapes, so each such string costs one allocation at most.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.end = bytes.count
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            // A byte-order mark is invisible in editors, so columns start after it.
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        let root = try parseValue(expected: "a value")
        skipWhitespace()
        if index < end {
            throw syntaxError(expected: "end of input", at: index)
        }
        return root
    }

    /// The position of `offset`, which must be on the current line with every multi-byte
    /// character before it already counted (true wherever the scanner stops to report something).
    @inline(__always)
    func position(at offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: offset - lineStart - continuationBytesOnLine + 1)
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = bytes[index]
            if byte > 0x20 { return }
            switch byte {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                startLine()
            case 0x0D:
                index += 1
                if index < end && bytes[index] == 0x0A { index += 1 }
                startLine()
            default:
                return
            }
        }
    }

    @inline(__always)
    private mutating func startLine() {
        line += 1
        lineStart = index
        continuationBytesOnLine = 0
    }

    /// Parses the value at `index`, which must not be whitespace. `expected` describes what the
    /// context wanted, for the error when no value starts here.
    mutating func parseValue(expected: StaticString) throws(JSONSyntaxError) -> JSONNode {
        guard index < end else { throw syntaxError(expected: expected, at: index) }
        let position = position(at: index)
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), position: position)
        case UInt8(ascii: "{"):
            return JSONNode(.object(try parseObject()), position: position)
        case UInt8(ascii: "["):
            return JSONNode(.array(try parseArray()), position: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), position: position)
        case UInt8(ascii: "t"):
            try parseLiteral("true", expected: expected)
            return JSONNode(.bool(true), position: position)
        case UInt8(ascii: "f"):
            try parseLiteral("false", expected: expected)
            return JSONNode(.bool(false), position: position)
        case UInt8(ascii: "n"):
            try parseLiteral("null", expected: expected)
            return JSONNode(.null, position: position)
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

    @inline(__always)
    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError(
                position: position(at: index),
                message: "exceeded the maximum nesting depth of \(maximumDepth)",
                byteOffset: index
            )
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONNode] {
        try enterContainer()
        index += 1
        skipWhitespace()
        var elements: [JSONNode] = []
        if index < end && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return elements
        }
        var expected: StaticString = "a value or \"]\""
        elements.reserveCapacity(4)  // one allocation for most arrays, not three as it grows
        while true {
            elements.append(try parseValue(expected: expected))
            skipWhitespace()
            guard index < end else { throw syntaxError(expected: "\",\" or \"]\"", at: index) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                expected = "a value"
            } else if byte == UInt8(ascii: "]") {
                break
            } else {
                index -= 1
                throw syntaxError(expected: "\",\" or \"]\"", at: index)
            }
        }
        depth -= 1
        return elements
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
        try enterContainer()
        index += 1
        skipWhitespace()
        var entries: [JSONObject.Entry] = []
        if index < end && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONObject(entries: entries)
        }
        var expected: StaticString = "a string key or \"}\""
        entries.reserveCapacity(8)  // one allocation for most objects, not four as it grows
        while true {
            // After a comma a key is required, so a trailing comma is reported at the "}".
            guard index < end && bytes[index] == UInt8(ascii: "\"") else {
                throw syntaxError(expected: expected, at: index)
            }
            let keyPosition = position(at: index)
            let key = try parseString()
            skipWhitespace()
            guard index < end && bytes[index] == UInt8(ascii: ":") else {
                throw syntaxError(expected: "\":\"", at: index)
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(expected: "a value")
            entries.append(JSONObject.Entry(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < end else { throw syntaxError(expected: "\",\" or \"}\"", at: index) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                expected = "a string key"
            } else if byte == UInt8(ascii: "}") {
                break
            } else {
                index -= 1
                throw syntaxError(expected: "\",\" or \"}\"", at: index)
            }
        }
        depth -= 1
        return JSONObject(entries: entries)
    }
}
