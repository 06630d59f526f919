/// Looking up an object's member by key: the hot path of loading a configuration, where readers
/// look up most keys of the objects they read (about 1,200 lookups for the Showcase app).
///
/// The last of a repeated key wins, as in `JSONObject`, so every lookup walks all of the object's
/// keys. The walk therefore has to be cheap per key: one tape entry read for the key, one for the
/// value it skips, and a length compare that rejects almost every key before a byte is read.
extension JSONDocument {
    /// The tape index of the value of the last member named `key` of the object at `index`.
    /// The key's bytes are read in place (a copy of the string to call `withUTF8` on cost a
    /// retain and a release per lookup); a string without contiguous UTF-8 is copied first.
    package func member(of index: Int, named key: String) -> Int? {
        if let found = key.utf8.withContiguousStorageIfAvailable({ member(of: index, utf8: $0) }) { return found }
        var key = key
        return key.withUTF8 { member(of: index, utf8: $0) }
    }

    /// The same, for a key given as its UTF-8 bytes.
    package func member(of index: Int, utf8 key: UnsafeBufferPointer<UInt8>) -> Int? {
        tape.withUnsafeBufferPointer { tape in
            bytes.withUnsafeBufferPointer { bytes in
                guard Self.isASCII(key) else {
                    return lastMember(of: index, unicodeKey: String(decoding: key, as: UTF8.self))
                }
                return lastMember(of: index, asciiKey: key, tape: tape, bytes: bytes)
            }
        }
    }

    /// The walk for an ASCII key. Keys written without escapes and in ASCII are equal to it
    /// exactly when their bytes are; other keys are compared as strings, since Unicode equality
    /// does not follow bytes ("\u{212A}", the Kelvin sign, equals "K").
    @inline(__always)
    private func lastMember(
        of index: Int, asciiKey key: UnsafeBufferPointer<UInt8>, tape: UnsafeBufferPointer<JSONTapeEntry>,
        bytes: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var found: Int?
        let end = tape[index].end
        var keyIndex = index &+ 1
        while keyIndex < end {
            let entry = tape[keyIndex]
            let valueIndex = keyIndex &+ 1
            if entry.isASCIIString {
                let start = entry.offset &+ 1
                if entry.end &- start == key.count && Self.sameBytes(bytes, from: start, key) { found = valueIndex }
            } else if string(at: keyIndex) == String(decoding: key, as: UTF8.self) {
                found = valueIndex
            }
            keyIndex = tape[valueIndex].next(after: valueIndex)
        }
        return found
    }

    /// The walk for a key with other characters: rare, so every key is compared as a string.
    private func lastMember(of index: Int, unicodeKey key: String) -> Int? {
        var found: Int?
        forEachMember(of: index) { keyIndex, valueIndex in
            if string(at: keyIndex) == key { found = valueIndex }
            return true
        }
        return found
    }

    private static func isASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in key { bits |= byte }
        return bits < 0x80
    }

    /// Whether the `key.count` bytes of `bytes` from `start` are those of `key`: a loop, since
    /// keys are short and a call to `memcmp` costs more than comparing them. The caller has
    /// checked that they lie before the key's closing quote, so inside `bytes`.
    @inline(__always)
    private static func sameBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ key: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var offset = 0
        while offset < key.count {
            if bytes[start &+ offset] != key[offset] { return false }
            offset &+= 1
        }
        return true
    }
}
