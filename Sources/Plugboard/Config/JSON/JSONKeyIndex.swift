/// A hash table from (object, key) to the key's tape index, built per object on its first
/// lookup, so that looking up a key of a large object does not walk all of its keys.
///
/// The last of a repeated key wins, so without an index every lookup has to walk the whole
/// object. Readers look up most keys of the objects they read: for the Showcase app that is about
/// 1,200 lookups in objects of up to 20 keys, and the walks were a fifth of loading it. One table
/// serves every object of a document; it is made only when a key is first looked up, so parsing
/// alone never pays for it.
///
/// Documents are untrusted input, and the hash (FNV-1a) is not seeded: colliding keys could be
/// written on purpose. So no probe goes further than `maximumProbes` slots; an object whose key
/// would need more is marked to be walked instead. Every operation is then bounded, and a hostile
/// document costs at most what a walk costs. Objects with keys that are not plain ASCII (escapes,
/// other characters) are walked too, since their equality does not follow bytes.
struct JSONKeyIndex: ~Copyable {
    /// Hashing and probing cost more than walking a few keys: objects spanning fewer tape
    /// entries than this (at most 7 members) are always walked.
    static let minimumSpan = 16
    static let maximumProbes = 16

    private struct Slot {
        /// The tape index of the object; -1 for an empty slot.
        var object = -1
        var hash = 0
        /// The tape index of the key; its value follows it.
        var key = 0
    }

    /// Where a lookup ends up.
    enum Answer {
        /// The tape index of the key's value, or nil when the object has no such key.
        case indexed(Int?)
        /// The object has to be walked (see the type's comment).
        case walk
    }

    private var slots: [Slot] = []
    private var count = 0
    /// One bit per tape index: objects indexed already, and objects to walk.
    private var indexed: [UInt64] = []
    private var walked: [UInt64] = []

    init() {}

    /// The FNV-1a hash of an ASCII key's bytes.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(bitPattern: UInt(hash))
    }

    /// The value of `key` (hashed to `keyHash`) in the object at tape index `object`, indexing
    /// the object first if needed.
    mutating func find(
        _ key: UnsafeBufferPointer<UInt8>, hash keyHash: Int, in object: Int,
        tape: UnsafeBufferPointer<JSONTapeEntry>, bytes: UnsafeBufferPointer<UInt8>
    ) -> Answer {
        if indexed.isEmpty {
            indexed = Array(repeating: 0, count: tape.count / 64 + 1)
            walked = indexed
        }
        if !Self.isSet(indexed, object) { add(object, tape: tape, bytes: bytes) }
        if Self.isSet(walked, object) { return .walk }
        guard !slots.isEmpty else { return .indexed(nil) }
        let hash = Self.combine(keyHash, object)
        var slot = hash & (slots.count &- 1)
        for _ in 0..<Self.maximumProbes {
            let candidate = slots[slot]
            if candidate.object < 0 { return .indexed(nil) }
            if candidate.object == object && candidate.hash == hash
                && Self.isKey(candidate.key, key, tape: tape, bytes: bytes)
            {
                return .indexed(candidate.key &+ 1)
            }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
        // Every key of the object sits within `maximumProbes` of its first slot.
        return .indexed(nil)
    }

    /// Indexes the keys of `object` in source order, so a repeated key ends up at its last place.
    private mutating func add(
        _ object: Int, tape: UnsafeBufferPointer<JSONTapeEntry>, bytes: UnsafeBufferPointer<UInt8>
    ) {
        Self.set(&indexed, object)
        let end = tape[object].end
        var key = object &+ 1
        while key < end {
            let entry = tape[key]
            guard entry.isASCIIString else {
                Self.set(&walked, object)
                return
            }
            let start = entry.offset &+ 1
            let text = UnsafeBufferPointer(rebasing: bytes[start..<entry.end])
            guard insert(Slot(object: object, hash: Self.combine(Self.hash(text), object), key: key), tape, bytes)
            else {
                Self.set(&walked, object)
                return
            }
            key = tape[key &+ 1].next(after: key &+ 1)
        }
    }

    /// Puts `new` in its place, over an earlier entry of the same key. False when that needs
    /// more than `maximumProbes` probes.
    private mutating func insert(
        _ new: Slot, _ tape: UnsafeBufferPointer<JSONTapeEntry>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if (count &+ 1) &* 2 > slots.count { grow(tape, bytes) }
        var slot = new.hash & (slots.count &- 1)
        for _ in 0..<Self.maximumProbes {
            let candidate = slots[slot]
            if candidate.object < 0 {
                slots[slot] = new
                count &+= 1
                return true
            }
            if candidate.object == new.object && candidate.hash == new.hash
                && Self.sameKeys(candidate.key, new.key, tape: tape, bytes: bytes)
            {
                slots[slot].key = new.key
                return true
            }
            slot = (slot &+ 1) & (slots.count &- 1)
        }
        return false
    }

    /// Doubles the table (at least 64 slots) and puts every entry back; an object one of whose
    /// entries no longer fits is walked from then on.
    private mutating func grow(_ tape: UnsafeBufferPointer<JSONTapeEntry>, _ bytes: UnsafeBufferPointer<UInt8>) {
        let old = slots
        slots = Array(repeating: Slot(), count: max(64, old.count &* 2))
        count = 0
        for entry in old where entry.object >= 0 {
            if !insert(entry, tape, bytes) { Self.set(&walked, entry.object) }
        }
    }

    /// Mixes the object into the key's hash, so that equal keys of different objects spread out.
    @inline(__always)
    private static func combine(_ keyHash: Int, _ object: Int) -> Int {
        let mixed = UInt64(bitPattern: Int64(keyHash ^ object &* 0x9E37_79B9)) &* 0xff51_afd7_ed55_8ccd
        return Int(bitPattern: UInt(mixed ^ (mixed >> 29)))
    }

    /// Whether the ASCII key at tape index `key` is `text`.
    @inline(__always)
    private static func isKey(
        _ key: Int, _ text: UnsafeBufferPointer<UInt8>, tape: UnsafeBufferPointer<JSONTapeEntry>,
        bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let entry = tape[key]
        let start = entry.offset &+ 1
        guard entry.end &- start == text.count else { return false }
        var offset = 0
        while offset < text.count {
            if bytes[start &+ offset] != text[offset] { return false }
            offset &+= 1
        }
        return true
    }

    private static func sameKeys(
        _ left: Int, _ right: Int, tape: UnsafeBufferPointer<JSONTapeEntry>, bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let entry = tape[right]
        return isKey(
            left, UnsafeBufferPointer(rebasing: bytes[entry.offset &+ 1..<entry.end]), tape: tape, bytes: bytes)
    }

    @inline(__always)
    private static func isSet(_ bits: [UInt64], _ index: Int) -> Bool {
        bits[index &>> 6] & (1 &<< UInt64(index & 63)) != 0
    }

    @inline(__always)
    private static func set(_ bits: inout [UInt64], _ index: Int) {
        bits[index &>> 6] |= 1 &<< UInt64(index & 63)
    }
}
