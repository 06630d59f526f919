/// A document's bytes as the reader scans them: UTF-8, checked, with where the content starts.
///
/// Feeds are almost always UTF-8. UTF-16 (with its byte-order mark, as XML requires) and
/// ISO-8859-1 (whose bytes are their characters' code points) are transcoded to UTF-8 first;
/// positions then count the same lines and characters. Any other declared encoding is refused by
/// name rather than read as mojibake.
package struct XMLInput {
    /// UTF-8, every sequence valid and every character one XML allows.
    package let bytes: [UInt8]
    /// Where the content starts: after a byte-order mark and the XML declaration.
    package let start: Int

    /// Why the input cannot be scanned at all, and the byte offset (in `bytes` as far as they
    /// were transcoded) it was found at.
    package struct Refused: Error {
        var offset: Int
        var message: String
        var bytes: [UInt8]
    }

    package init(_ data: some Collection<UInt8>) throws(Refused) {
        var bytes = Array(data)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            bytes = try Self.utf8(fromUTF16: bytes)
        }
        let afterMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var start = afterMark
        if let declaration = try XMLDeclaration(in: bytes, at: afterMark) {
            start = declaration.end
            switch declaration.encoding?.lowercased() {
            case nil, "utf-8", "utf8", "utf-16", "utf16", "us-ascii", "ascii": break
            case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
                bytes = Self.utf8(fromLatin1: bytes)
                // The same declaration, ending later if it held a character above 0x7F.
                start = try XMLDeclaration(in: bytes, at: afterMark)?.end ?? start
            case .some:
                throw Refused(
                    offset: declaration.encodingOffset,
                    message:
                        "the encoding '\(declaration.encoding ?? "")' is not supported (feeds are read as UTF-8, UTF-16 or ISO-8859-1)",
                    bytes: bytes)
            }
        }
        if let (offset, message) = Self.firstInvalidCharacter(in: bytes) {
            throw Refused(offset: offset, message: message, bytes: bytes)
        }
        self.bytes = bytes
        self.start = start
    }

    /// Each byte is the code point of its character: below 0x80 one UTF-8 byte, above two.
    private static func utf8(fromLatin1 bytes: [UInt8]) -> [UInt8] {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        return utf8
    }

    /// UTF-16 in the byte order its mark says, to UTF-8 with a UTF-8 mark in its place.
    private static func utf8(fromUTF16 bytes: [UInt8]) throws(Refused) -> [UInt8] {
        guard bytes.count % 2 == 0 else {
            throw Refused(offset: 0, message: "UTF-16 text with an odd number of bytes", bytes: [])
        }
        let bigEndian = bytes[0] == 0xFE
        let units = stride(from: 0, to: bytes.count, by: 2).map { index -> UInt16 in
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return UInt16(high) << 8 | UInt16(low)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        let failed = transcode(
            units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true
        ) { utf8.append($0) }
        guard !failed else {
            throw Refused(offset: utf8.count, message: "an unpaired UTF-16 surrogate", bytes: utf8)
        }
        return utf8
    }

    /// The first byte that is not valid UTF-8 or starts a character XML does not allow (the
    /// controls other than tab, LF and CR; U+FFFE and U+FFFF), with a message naming it. ASCII,
    /// most of any feed, is checked a byte at a time; the decoder runs only for the rest.
    private static func firstInvalidCharacter(in bytes: [UInt8]) -> (Int, String)? {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x80 {
                guard isAllowed(UInt32(byte)) else { return (offset, notAllowed(UInt32(byte))) }
                offset += 1
                continue
            }
            var iterator = bytes[offset...].makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else {
                let hex = hex(UInt32(byte), width: 2)
                return (offset, "an invalid UTF-8 byte 0x\(hex) (declare the encoding if the feed is not UTF-8)")
            }
            let value = Unicode.UTF8.decode(encoded).value
            guard isAllowed(value) else { return (offset, notAllowed(value)) }
            offset += encoded.count
        }
        return nil
    }

    private static func notAllowed(_ value: UInt32) -> String {
        "the character U+\(hex(value, width: 4)) is not allowed in XML"
    }

    /// XML 1.0's `Char`: tab, LF, CR, and every code point from space up except the surrogates
    /// and U+FFFE, U+FFFF.
    package static func isAllowed(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `value` in upper-case hexadecimal, zero-padded to `width` digits.
    package static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
