/// One value of a parsed document, as `JSONScanner` records it: what it is, where it starts, and
/// where it (or, for arrays and objects, its last descendant) ends.
///
/// The parser writes one entry per value into a flat array instead of building a tree of
/// `JSONNode`s, so a document of any size costs two allocations (its bytes and its tape) rather
/// than one per array, object and long string; strings and numbers are only decoded when read.
/// An object's members follow it as key, value, key, value…; each value may span several entries,
/// which `end` lets a reader skip in one step.
struct JSONTapeEntry: Sendable {
    /// Strings come in three kinds, so that comparing a key usually needs neither decoding nor
    /// Unicode rules: without escapes, a string's bytes are its text, and two different ASCII
    /// texts are always different strings.
    enum Kind: Int {
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
    var end: Int

    @inline(__always)
    init(_ kind: Kind, offset: Int, end: Int = 0) {
        header = offset << 4 | kind.rawValue
        self.end = end
    }

    /// The byte offset of the value's first character: the quote, the bracket, the first digit.
    @inline(__always)
    var offset: Int { header >> 4 }

    @inline(__always)
    var kind: Kind { Kind(rawValue: header & 15).unsafelyUnwrapped }

    /// The tape index after this value and everything inside it.
    @inline(__always)
    func next(after index: Int) -> Int {
        kind.rawValue >= Kind.array.rawValue ? end : index + 1
    }
}
