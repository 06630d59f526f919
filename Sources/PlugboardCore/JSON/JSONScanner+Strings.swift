/// String literals: the fast path for plain text, escapes, and UTF-8 validation.
///
/// Parsing only checks a string and records where it is; it is decoded when read
/// (`JSONDocument.string(at:)`). Most strings have no escapes: their bytes are the text, so reading
/// them is one `String(decoding:as:)` call. Strings with escapes are marked on the tape and decoded
/// by `decodeValidatedString()`, with the same escape code that checked them.
extension JSONScanner {
    /// Checks the string whose opening quote is at `index` and leaves `index` after its closing
    /// quote. Returns its kind: with escapes, all ASCII, or neither.
    package mutating func parseString() throws(JSONSyntaxError) -> JSONTapeEntry.Kind {
        index += 1
        var kind = JSONTapeEntry.Kind.asciiString
        while true {
            skipPlainStringBytes()
            guard index < end else { throw syntaxError(expected: "a closing quote", at: index) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return kind
            }
            if byte == UInt8(ascii: "\\") {
                scratch.removeAll(keepingCapacity: true)
                try scanEscapes()
                return .escapedString
            }
            if byte >= 0x80 {
                kind = .string
            }
            try skipStringByte(byte)
        }
    }

    /// Steps over `byte`, the one at `index` that is no quote and no backslash.
    @inline(__always)
    private mutating func skipStringByte(_ byte: UInt8) throws(JSONSyntaxError) {
        if byte < 0x20 {
            throw controlCharacterError(at: index)
        }
        if byte >= 0x80 {
            try skipUTF8Sequence()
        } else {
            index += 1
        }
    }

    /// The rest of a string from its first backslash at `index`: copies runs of plain bytes and
    /// decoded escapes onto `scratch`, and leaves `index` after the closing quote.
    private mutating func scanEscapes() throws(JSONSyntaxError) {
        while true {
            let runStart = index
            skipPlainStringBytes()
            guard index < end else { throw syntaxError(expected: "a closing quote", at: index) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return
                }
                try parseEscape()
            } else {
                try skipStringByte(byte)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
        }
    }

    /// Decodes the string whose opening quote is at `index`, which the parser has already checked.
    package mutating func decodeValidatedString() -> String {
        let quote = index
        do {
            index += 1
            while bytes[index] != UInt8(ascii: "\\") {
                index += 1
            }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[quote + 1..<index]))
            try scanEscapes()
            return String(decoding: scratch, as: UTF8.self)
        } catch {
            preconditionFailure("the string at \(quote) was checked when parsed: \(error)")
        }
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`.
    private mutating func parseEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < end else { throw escapeError(at: escapeStart) }
        let simple: UInt8
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            index += 1
            try parseUnicodeEscape(escapeStart: escapeStart)
            return
        default:
            throw escapeError(at: escapeStart)
        }
        scratch.append(simple)
        index += 1
    }

    /// Decodes the hex digits of a `\u` escape (and of its low surrogate, for a high one).
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONSyntaxError) {
        let unit = try readHexQuad(escapeStart: escapeStart)
        var scalar = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            let lowStart = index
            guard index + 1 < end && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u") else {
                throw missingLowSurrogateError(highStart: escapeStart, at: index)
            }
            index += 2
            let low = try readHexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                index = lowStart
                throw missingLowSurrogateError(highStart: escapeStart, at: lowStart)
            }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            index = escapeStart
            throw JSONSyntaxError(
                position: position(at: escapeStart),
                message: "found the low surrogate \(escapeText(at: escapeStart)) without a high surrogate before it",
                byteOffset: escapeStart
            )
        default:
            break
        }
        appendUTF8(scalar)
    }

    /// Reads four hex digits at `index`.
    private mutating func readHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < end else { throw escapeError(at: escapeStart) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw escapeError(at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 character whose lead byte is at `index` (the rules of the
    /// Unicode Standard, table 3-7: no overlong forms, surrogates or values above U+10FFFF) and
    /// steps over it.
    @inline(__always)
    package mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let length = Self.utf8SequenceLength(at: index, in: bytes)
        guard length > 0 else { throw invalidUTF8Error(at: index) }
        index += length
    }

    /// The length of the valid UTF-8 sequence starting at `offset`, or 0 if it is not valid.
    package static func utf8SequenceLength(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let rule = utf8SequenceRule(lead: bytes[offset]),
            offset + rule.length <= bytes.count,
            rule.second.contains(bytes[offset + 1])
        else { return 0 }
        for next in offset + 2..<offset + rule.length where bytes[next] & 0xC0 != 0x80 {
            return 0
        }
        return rule.length
    }

    /// How long a sequence starting with `lead` is and which values its second byte may take
    /// (the later bytes are always 0x80...0xBF), or `nil` if `lead` cannot start a sequence.
    @inline(__always)
    package static func utf8SequenceRule(lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: nil
        }
    }
}
