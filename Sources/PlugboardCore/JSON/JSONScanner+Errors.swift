/// Error messages: "expected X but found Y", with Y described the way a person would name it.
///
/// Kept apart from the parsing code so the hot paths stay small; everything here runs only once
/// a document has already failed.
extension JSONScanner {
    /// `expected <expected> but found <what is at offset>`, positioned at `offset`.
    @inline(never)
    package func syntaxError(expected: StaticString, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            position: position(at: offset),
            message: "expected \(expected) but found \(describeToken(at: offset))",
            byteOffset: offset
        )
    }

    @inline(never)
    package func controlCharacterError(at offset: Int) -> JSONSyntaxError {
        let byte = bytes[offset]
        let message =
            if byte == 0x0A || byte == 0x0D {
                "expected a closing quote but found a line break"
            } else {
                "expected a closing quote or an escaped character but found the control character \(Self.hex(byte))"
            }
        return JSONSyntaxError(position: position(at: offset), message: message, byteOffset: offset)
    }

    @inline(never)
    package func escapeError(at escapeStart: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            position: position(at: escapeStart),
            message: "expected a valid escape sequence but found \(escapeText(at: escapeStart))",
            byteOffset: escapeStart
        )
    }

    @inline(never)
    package func missingLowSurrogateError(highStart: Int, at offset: Int) -> JSONSyntaxError {
        let found =
            if offset + 1 < end && bytes[offset] == UInt8(ascii: "\\") && bytes[offset + 1] == UInt8(ascii: "u") {
                escapeText(at: offset)
            } else {
                describeCharacterInString(at: offset)
            }
        return JSONSyntaxError(
            position: position(at: offset),
            message: "expected a low surrogate escape after \(escapeText(at: highStart)) but found \(found)",
            byteOffset: offset
        )
    }

    @inline(never)
    package func invalidUTF8Error(at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            position: position(at: offset),
            message: "expected valid UTF-8 but found \(describeInvalidUTF8(at: offset))",
            byteOffset: offset
        )
    }

    /// What stands at `offset` outside a string: `end of input`, `a string`, a quoted word such
    /// as `"NaN"` or `"01"`, a quoted character such as `"]"`, or a control character or byte.
    package func describeToken(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
            return "a string"
        }
        if Self.isTokenByte(byte) {
            var wordEnd = offset
            while wordEnd < end && wordEnd - offset < 32 {
                let next = bytes[wordEnd]
                guard Self.isTokenByte(next) else { break }
                wordEnd += 1
            }
            return "\"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<wordEnd]), as: UTF8.self))\""
        }
        return describeCharacter(at: offset)
    }

    /// What stands at `offset` inside a string.
    package func describeCharacterInString(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        if bytes[offset] == 0x0A || bytes[offset] == 0x0D { return "a line break" }
        if bytes[offset] == UInt8(ascii: "\"") { return "the closing quote" }
        return describeCharacter(at: offset)
    }

    /// One character, quoted, or a control character or invalid byte by its code.
    private func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F {
            return "the control character \(Self.hex(byte))"
        }
        if byte < 0x80 {
            return "\"\(Character(Unicode.Scalar(byte)))\""
        }
        let length = Self.utf8SequenceLength(at: offset, in: bytes)
        guard length > 0 else { return describeInvalidUTF8(at: offset) }
        return "\"\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self))\""
    }

    /// The bytes of a broken UTF-8 sequence, up to and including the first one that breaks it.
    private func describeInvalidUTF8(at offset: Int) -> String {
        var sequenceEnd = offset + 1
        if let rule = Self.utf8SequenceRule(lead: bytes[offset]) {
            while sequenceEnd < min(end, offset + rule.length) {
                let byte = bytes[sequenceEnd]
                sequenceEnd += 1
                let allowed: ClosedRange<UInt8> = sequenceEnd == offset + 2 ? rule.second : 0x80...0xBF
                if !allowed.contains(byte) { break }
            }
        }
        let codes = (offset..<sequenceEnd).map { Self.byteHex(bytes[$0]) }
        return codes.count == 1 ? "the byte \(codes[0])" : "the bytes \(codes.joined(separator: " "))"
    }

    /// The source text of the escape at `escapeStart`, quoted: `"\u12G"`, `"\x"`. It stops after
    /// the first character that cannot belong to the escape, or before a quote or control character.
    package func escapeText(at escapeStart: Int) -> String {
        var escapeEnd = escapeStart + 1
        if escapeEnd < end && bytes[escapeEnd] == UInt8(ascii: "u") {
            escapeEnd += 1
            while escapeEnd < end && escapeEnd < escapeStart + 6 && Self.isHexDigit(bytes[escapeEnd]) {
                escapeEnd += 1
            }
        }
        if escapeEnd < min(end, escapeStart + 6) && bytes[escapeEnd] >= 0x20 && bytes[escapeEnd] != UInt8(ascii: "\"") {
            let length = bytes[escapeEnd] < 0x80 ? 1 : Self.utf8SequenceLength(at: escapeEnd, in: bytes)
            escapeEnd += length
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[escapeStart..<escapeEnd]), as: UTF8.self)
        return "\"\(text)\""
    }

    /// Letters, digits and `_`: bytes that make a literal such as `true` part of a longer word.
    package static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    /// Word bytes plus the punctuation of numbers, so a bad token is quoted whole: `"-Infinity"`, `"1.5.3"`.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        isWordByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// `U+000B`: how a control character is named.
    package static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `0xFF`: how an invalid byte is named.
    package static func byteHex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}
