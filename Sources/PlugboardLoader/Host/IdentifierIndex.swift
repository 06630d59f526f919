import PlugboardCore

/// The live views by identifier, for the view tree: an open-addressing table with linear
/// probing, whose entries keep their identifier's hash.
///
/// Why not `[String: ViewGroup]`: a view's identifier was hashed three times in its life — set,
/// found, removed — about 330 instructions each, a twelfth of the host's work in a tap that
/// makes a screen. Here it is hashed once, when it is set (`hash(_:)`), the view keeps that hash
/// (`HostView.identifierHash`), and releasing the view finds its entry by it. The hash is still
/// the standard library's seeded one: identifiers are the plugins' choice.
struct IdentifierIndex {
    private struct Entry {
        let hash: Int
        let identifier: String
        var views: ViewGroup
    }

    /// A power of two long, at most half full, so probes stay short and always end at an empty slot.
    private var slots: [Entry?] = Array(repeating: nil, count: 16)
    private(set) var count = 0

    /// The hash an identifier is kept under.
    static func hash(_ identifier: String) -> Int { identifier.hashValue }

    private var mask: Int { slots.count - 1 }

    /// The slot holding `identifier`, or the empty slot where the search for it ended.
    private func slot(of identifier: String, hash: Int) -> (index: Int, found: Bool) {
        var index = hash & mask
        while let entry = slots[index] {
            if entry.hash == hash && entry.identifier == identifier { return (index, true) }
            index = (index + 1) & mask
        }
        return (index, false)
    }

    /// The live views whose identifier is `identifier`, or nil when none has it.
    subscript(identifier: String) -> ViewGroup? { lookUp(identifier, hash: Self.hash(identifier)) }

    /// The same, for an identifier whose hash is `hash`.
    func lookUp(_ identifier: String, hash: Int) -> ViewGroup? {
        let (index, found) = slot(of: identifier, hash: hash)
        return found ? slots[index]?.views : nil
    }

    /// Adds `view` under `identifier`, whose hash is `hash`.
    mutating func insert(_ view: HostView, identifier: String, hash: Int) {
        let (index, found) = slot(of: identifier, hash: hash)
        if found {
            slots[index]!.views.insert(view)
            return
        }
        var views = ViewGroup()
        views.insert(view)
        slots[index] = Entry(hash: hash, identifier: identifier, views: views)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Removes the view `handle` from under `identifier`, and the identifier once no view has it.
    /// The entries after it in its probe run move back into the gap (no tombstones).
    mutating func remove(_ handle: ViewHandle, identifier: String, hash: Int) {
        let (index, found) = slot(of: identifier, hash: hash)
        guard found else { return }
        slots[index]!.views.remove(handle)
        guard slots[index]!.views.isEmpty else { return }
        slots[index] = nil
        count -= 1
        var hole = index
        var next = (index + 1) & mask
        while let entry = slots[next] {
            // `entry` may fill the hole when the hole lies on its probe run from home to `next`.
            let start = entry.hash & mask
            if (hole &- start) & mask < (next &- start) & mask {
                slots[hole] = entry
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        for case let entry? in old { slots[slot(of: entry.identifier, hash: entry.hash).index] = entry }
    }
}
