/// An element of an `OpenTable`: found by its key, placed by its hash.
protocol OpenTableElement {
    associatedtype Key: Equatable
    var tableKey: Key { get }
    /// Well mixed: its top bits pick the slot.
    var tableHash: UInt64 { get }
    /// True when this is the element with `key`, whose hash is `hash` (an element whose keys
    /// cost more to compare checks the hash first).
    func hasKey(_ key: Key, hash: UInt64) -> Bool
}

/// A hash table with open addressing and linear probing, for the view tree's indexes (views by
/// handle, `ViewTable`; views by identifier, `IdentifierIndex`).
///
/// Why not `Dictionary` or `Set`: every view call looks its handle up, and creating or releasing
/// a view updates several indexes. Those hash each key with seeded SipHash every time, which was
/// about a fifth of a tap that creates a screen. Here each element says its hash (`tableHash`):
/// a fixed mix of a handle the host made, or an identifier's seeded hash kept from when it was
/// set. No package offers a table with a caller-chosen hash, so this one is written here.
struct OpenTable<Element: OpenTableElement> {
    /// A power of two long, at most half full, so probes stay short and always end at an empty slot.
    private var slots: [Element?]
    /// `64 - log2(slots.count)`: the hash's top bits are the slot.
    private var shift: UInt64
    private(set) var count = 0

    /// A table that holds `room` elements (at least 4) before it first grows.
    init(room: Int = 4) {
        var count = 8
        var shift: UInt64 = 61
        while count < room * 2 {
            count *= 2
            shift -= 1
        }
        slots = Array(repeating: nil, count: count)
        self.shift = shift
    }

    var isEmpty: Bool { count == 0 }

    /// The elements, in no particular order.
    var values: [Element] { Array(self) }

    private var mask: Int { slots.count - 1 }

    /// Where the search for an element with `hash` starts.
    private func home(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> shift) }

    /// The slot holding `key`, or the empty slot where the search for it ended.
    private func slot(of key: Element.Key, hash: UInt64) -> (index: Int, found: Bool) {
        var index = home(hash)
        while let element = slots[index] {
            if element.hasKey(key, hash: hash) { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// The element with `key`, whose hash is `hash`.
    func element(_ key: Element.Key, hash: UInt64) -> Element? {
        let (index, found) = slot(of: key, hash: hash)
        return found ? slots[index] : nil
    }

    /// Adds `element`, or replaces the element that has its key.
    mutating func insert(_ element: Element) {
        let (index, found) = slot(of: element.tableKey, hash: element.tableHash)
        slots[index] = element
        guard !found else { return }
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Changes the element with `key` in place, or adds the one `make` makes when there is none:
    /// one search either way.
    mutating func update(
        _ key: Element.Key, hash: UInt64, orAdd make: () -> Element, _ body: (inout Element) -> Void
    ) {
        let (index, found) = slot(of: key, hash: hash)
        if found {
            body(&slots[index]!)
            return
        }
        slots[index] = make()
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Changes the element with `key` in place, and removes it when `body` says not to keep it.
    /// False when there is no such element.
    @discardableResult
    mutating func update(_ key: Element.Key, hash: UInt64, _ body: (inout Element) -> Bool) -> Bool {
        let (index, found) = slot(of: key, hash: hash)
        guard found else { return false }
        if !body(&slots[index]!) { vacate(index) }
        return true
    }

    /// Removes the element with `key`, if there is one.
    @discardableResult
    mutating func remove(_ key: Element.Key, hash: UInt64) -> Element? {
        let (index, found) = slot(of: key, hash: hash)
        guard found else { return nil }
        let removed = slots[index]
        vacate(index)
        return removed
    }

    /// Empties slot `index`. The elements after it in its probe run move back into the gap (no
    /// tombstones), so lookups never slow down as elements come and go.
    private mutating func vacate(_ index: Int) {
        slots[index] = nil
        count -= 1
        var hole = index
        var next = (index + 1) & mask
        while let hash = slots[next]?.tableHash {
            // The element may fill the hole when the hole lies on its probe run from home to
            // `next`. Swapped, not copied: an element that holds references moves without
            // counting them.
            let start = home(hash)
            if (hole &- start) & mask < (next &- start) & mask {
                slots.swapAt(hole, next)
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        shift -= 1
        for case let element? in old { slots[slot(of: element.tableKey, hash: element.tableHash).index] = element }
    }
}

/// The elements, in no particular order, read from the slots as they are: a search that stops
/// at the first match copies nothing.
extension OpenTable: Sequence {
    struct Iterator: IteratorProtocol {
        fileprivate var slots: IndexingIterator<[Element?]>

        mutating func next() -> Element? {
            while let slot = slots.next() {
                if let element = slot { return element }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(slots: slots.makeIterator()) }
}
