/// Reading eight bytes at a time where documents have long runs: string contents and indentation.
///
/// A pretty-printed document is mostly plain ASCII text and spaces, and checking such runs a word
/// at a time instead of a byte at a time is most of the parser's speed. The tests below find the
/// first byte of interest in a word with the classic "has zero byte" arithmetic; its lowest flag
/// is exact (a borrow can only set flags above a byte that really matched), which is all the
/// scanner uses.
extension JSONScanner {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset`, the first in the lowest bits; `offset + 8` must be ≤ `end`.
    @inline(__always)
    package func word(at offset: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped).loadUnaligned(
                fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of every byte of `word` that is below `limit` (for ASCII bytes; a borrow
    /// may also flag bytes above the first one flagged).
    @inline(__always)
    private static func bytes(of word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Flags the bytes a string scan must stop at: the quote, a backslash, a control character,
    /// or the start of a multi-byte character.
    @inline(__always)
    package static func stringStops(in word: UInt64) -> UInt64 {
        bytes(of: word ^ (ones &* 0x22), below: 1) | bytes(of: word ^ (ones &* 0x5C), below: 1)
            | bytes(of: word, below: 0x20) | (word & highBits)
    }

    /// Moves `index` past plain string bytes (none of `stringStops`), a word at a time.
    @inline(__always)
    package mutating func skipPlainStringBytes() {
        while index &+ 8 <= end {
            let stops = Self.stringStops(in: word(at: index))
            if stops != 0 {
                index &+= stops.trailingZeroBitCount >> 3
                return
            }
            index &+= 8
        }
    }

    /// Moves `index` past a run of spaces, a word at a time.
    @inline(__always)
    package mutating func skipSpaces() {
        while index &+ 8 <= end {
            let others = word(at: index) ^ (Self.ones &* 0x20)
            if others != 0 {
                index &+= others.trailingZeroBitCount >> 3
                return
            }
            index &+= 8
        }
    }
}
