/// Where each line of a document starts, to turn byte offsets into `SourcePosition`s.
///
/// Parsers (JSON's, XML's) record byte offsets only: tracking lines and columns for every value
/// would cost time on every document, while positions are read rarely (a diagnostic, a sort by
/// position). The table is a plain scan for line breaks, made when a position is first asked for.
package struct SourceLineTable: Sendable {
    /// The offset of the first byte of each line; line 1 starts after a byte-order mark.
    private var starts: [Int]

    /// The lines of `bytes` before `limit`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, upTo limit: Int) {
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        starts = [hasByteOrderMark ? 3 : 0]
        var offset = 0
        let limit = min(limit, bytes.count)
        while offset < limit {
            let byte = bytes[offset]
            offset += 1
            if byte == 0x0A {
                starts.append(offset)
            } else if byte == 0x0D {
                // CRLF is one line break, a lone CR another.
                if offset < bytes.count && bytes[offset] == 0x0A { offset += 1 }
                starts.append(offset)
            }
        }
    }

    /// The position of `offset`: its line, and its column in Unicode scalars (UTF-8 continuation
    /// bytes before it on its line are not counted).
    package func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        var column = 1
        var current = starts[low]
        while current < offset {
            if bytes[current] & 0xC0 != 0x80 { column += 1 }
            current += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The position of `offset` in a document read only this far, as an error reports it.
    package static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        SourceLineTable(bytes, upTo: offset).position(of: offset, in: bytes)
    }
}
