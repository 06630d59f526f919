import PlugboardCore

/// Views by handle, for the view tree: an open-addressing table with linear probing, whose slot
/// is picked by a multiplicative mix of the handle.
///
/// Why not `Dictionary` or `Set`: every view call looks its handle up, and creating or releasing
/// a view updates several indexes. Those hash each handle with seeded SipHash, which was about a
/// fifth of a tap that creates a screen. Seeding defends a table against keys an attacker
/// chooses, but the host makes every handle itself, with 32 random-looking low bits
/// (`ViewTree.handle(sequence:)`), so a fixed mix spreads them evenly. A handle a plugin makes up
/// is only looked for; it never gets a slot. No package offers a table with a caller-chosen hash,
/// so this one is written here.
struct ViewTable {
    /// A power of two long, at most half full, so probes stay short and always end at an empty slot.
    private var slots: [HostView?]
    /// `64 - log2(slots.count)`: the mix's top bits are the slot.
    private var shift: UInt64
    private(set) var count = 0

    /// A table that holds `room` views (at least 4) before it first grows.
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

    /// The views, in no particular order.
    var values: [HostView] { Array(self) }

    private var mask: Int { slots.count - 1 }

    /// Where the search for `handle` starts: Fibonacci hashing (the golden ratio's multiple).
    private func home(_ handle: ViewHandle) -> Int {
        Int(truncatingIfNeeded: (handle.rawValue &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `handle`, or the empty slot where the search for it ended.
    private func slot(of handle: ViewHandle) -> (index: Int, found: Bool) {
        var index = home(handle)
        while let view = slots[index] {
            if view.handle == handle { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    subscript(handle: ViewHandle) -> HostView? {
        let (index, found) = slot(of: handle)
        return found ? slots[index] : nil
    }

    func contains(_ handle: ViewHandle) -> Bool { slot(of: handle).found }

    /// Adds `view`, or replaces the view that has its handle.
    mutating func insert(_ view: HostView) {
        let (index, found) = slot(of: view.handle)
        slots[index] = view
        guard !found else { return }
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Removes the view with `handle`, if there is one. The views after it in its probe run move
    /// back into the gap (no tombstones), so lookups never slow down as views come and go.
    @discardableResult
    mutating func remove(_ handle: ViewHandle) -> HostView? {
        let (index, found) = slot(of: handle)
        guard found else { return nil }
        let removed = slots[index]
        slots[index] = nil
        count -= 1
        var hole = index
        var next = (index + 1) & mask
        while let view = slots[next] {
            // `view` may fill the hole when the hole lies on its probe run from home to `next`.
            let start = home(view.handle)
            if (hole &- start) & mask < (next &- start) & mask {
                slots[hole] = view
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        shift -= 1
        for case let view? in old { slots[slot(of: view.handle).index] = view }
    }
}

/// The views, in no particular order, read from the slots as they are: a search that stops at
/// the first match copies nothing.
extension ViewTable: Sequence {
    struct Iterator: IteratorProtocol {
        fileprivate var slots: IndexingIterator<[HostView?]>

        mutating func next() -> HostView? {
            while let slot = slots.next() {
                if let view = slot { return view }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(slots: slots.makeIterator()) }
}
