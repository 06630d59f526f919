/// The XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), read before the document is
/// decoded because it names the encoding. Only `encoding` matters to the reader; `version` and
/// `standalone` are skipped.
package struct XMLDeclaration {
    /// The offset just after `?>`.
    package var end: Int
    /// The declared encoding, as written.
    package var encoding: String?
    /// Where the encoding's value starts, for an error that refuses it.
    package var encodingOffset: Int

    /// The declaration at `start`, or nil when the document does not begin with one.
    package init?(in bytes: [UInt8], at start: Int) throws(XMLInput.Refused) {
        let opening = Array("<?xml".utf8)
        guard bytes[start...].starts(with: opening), start + opening.count < bytes.count,
            XMLScanner.isWhitespace(bytes[start + opening.count])
        else { return nil }
        var offset = start + opening.count
        while offset + 1 < bytes.count, !(bytes[offset] == UInt8(ascii: "?") && bytes[offset + 1] == UInt8(ascii: ">"))
        {
            offset += 1
        }
        guard offset + 1 < bytes.count else {
            throw XMLInput.Refused(offset: start, message: "an unfinished XML declaration", bytes: bytes)
        }
        end = offset + 2
        encoding = nil
        encodingOffset = start
        // `encoding`, optional spaces, `=`, optional spaces, a quoted value.
        let body = Array(bytes[start..<offset])
        let name = Array("encoding".utf8)
        guard let found = body.indices.first(where: { body[$0...].starts(with: name) }) else { return }
        var index = found + name.count
        while index < body.count, XMLScanner.isWhitespace(body[index]) { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: "=") else { return }
        index += 1
        while index < body.count, XMLScanner.isWhitespace(body[index]) { index += 1 }
        guard index < body.count, body[index] == UInt8(ascii: "\"") || body[index] == UInt8(ascii: "'") else { return }
        let quote = body[index]
        guard let close = body[(index + 1)...].firstIndex(of: quote) else { return }
        encoding = String(decoding: body[(index + 1)..<close], as: UTF8.self)
        encodingOffset = start + index + 1
    }
}
