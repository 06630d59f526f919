/// One value of a parsed document, as `JSONScanner` records it: what it is, where it starts, and
/// where it (or, for arrays and objects, its last descendant) ends.
///
/// The parser writes one entry per value into a flat array instead of building a tree of
/// `JSONNode`s, so a document of any size costs two allocations (its bytes and its tape) rather
/// than one per array, object and long string; strings and numbers are only decoded when read.
/// An object's members follow it as key, value, key, value…; each value may span several entries,
/// which `end` lets a reader skip in one step.
package struct JSONTapeEntry: Sendable {
    /// Strings come in three kinds, so that comparing a key usually needs neither decoding nor
    /// Unicode rules: without escapes, a string's bytes are its text, and two different ASCII
    /// texts are always different strings.
    package enum Kind: Int {
        case null, `false`, `true`, number
        /// Without escapes, all ASCII.
        case asciiString
        /// Without escapes, with other characters.
        case string
        case escapedString
        case array, object

        var isString: Bool { self == .asciiString || self == .string || self == .escapedString }
    }

    /// `offset << 4 | kind`: both in one word keeps an entry at 16 bytes.
    private let header: Int
    /// Strings: the offset of the closing quote. Numbers: the offset after the last digit. Arrays
    /// and objects: the tape index after their last descendant. Other values: unused.
    package var end: Int

    @inline(__always)
    package init(_ kind: Kind, offset: Int, end: Int = 0) {
        header = offset << 4 | kind.rawValue
        self.end = end
    }

    /// The byte offset of the value's first character: the quote, the bracket, the first digit.
    @inline(__always)
    package var offset: Int { header >> 4 }

    /// Decoded with a switch of its own: the synthesized `Kind(rawValue:)` was left a call, and
    /// every check of a node's kind went through it.
    @inline(__always)
    package var kind: Kind {
        switch header & 15 {
        case 0: .null
        case 1: .false
        case 2: .true
        case 3: .number
        case 4: .asciiString
        case 5: .string
        case 6: .escapedString
        case 7: .array
        default: .object
        }
    }

    /// Whether this is a string without escapes, all ASCII: the common key, checked per key of
    /// every lookup.
    @inline(__always)
    package var isASCIIString: Bool { header & 15 == Kind.asciiString.rawValue }

    /// The tape index after this value and everything inside it.
    @inline(__always)
    package func next(after index: Int) -> Int {
        header & 15 >= Kind.array.rawValue ? end : index &+ 1
    }
}
