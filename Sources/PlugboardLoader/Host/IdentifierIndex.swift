import PlugboardCore

/// The live views by identifier, for the view tree: an `OpenTable` whose entries keep their
/// identifier's hash.
///
/// Why not `[String: ViewGroup]`: a view's identifier was hashed three times in its life — set,
/// found, removed — about 330 instructions each, a twelfth of the host's work in a tap that
/// makes a screen. Here it is hashed once, when it is set (`hash(_:)`), the view keeps that hash
/// (`HostView.identifierHash`), and releasing the view finds its entry by it. The hash is still
/// the standard library's seeded one: identifiers are the plugins' choice.
///
/// An identifier no view has any more keeps its entry, empty, for the next view that takes it:
/// a screen made again (after the cache let it go) sets the very identifiers the last instance
/// had, and taking an entry out of the table and putting it back moved the entries after it
/// both times. The empty entries are bounded (`keptEmpty`, and never more than the others):
/// past that they are all swept out at once, so a plugin that sets ever new identifiers grows
/// nothing.
struct IdentifierIndex {
    fileprivate struct Entry: OpenTableElement {
        let hash: Int
        let identifier: String
        var views: ViewGroup
        var tableKey: String { identifier }
        var tableHash: UInt64 { UInt64(UInt(bitPattern: hash)) }
        func hasKey(_ key: String, hash: UInt64) -> Bool { tableHash == hash && identifier == key }
    }

    private var table = OpenTable<Entry>(room: 8)
    /// How many entries are kept with no view.
    private(set) var emptyEntries = 0
    /// How many empty entries are kept at most, however few identifiers are in use.
    static let keptEmpty = 64

    /// How many identifiers some live view has.
    var count: Int { table.count - emptyEntries }

    /// The hash an identifier is kept under.
    static func hash(_ identifier: String) -> Int { identifier.hashValue }

    /// The live views whose identifier is `identifier`, or nil when none has it.
    subscript(identifier: String) -> ViewGroup? { lookUp(identifier, hash: Self.hash(identifier)) }

    /// The same, for an identifier whose hash is `hash`.
    func lookUp(_ identifier: String, hash: Int) -> ViewGroup? {
        guard let views = table.element(identifier, hash: UInt64(UInt(bitPattern: hash)))?.views, !views.isEmpty
        else { return nil }
        return views
    }

    /// Adds `view` under `identifier`, whose hash is `hash`.
    mutating func insert(_ view: ViewHandle, identifier: String, hash: Int) {
        var refilled = false
        table.update(
            identifier, hash: UInt64(UInt(bitPattern: hash)),
            orAdd: {
                var views = ViewGroup()
                views.insert(view)
                return Entry(hash: hash, identifier: identifier, views: views)
            }
        ) { entry in
            refilled = entry.views.isEmpty
            entry.views.insert(view)
        }
        if refilled { emptyEntries -= 1 }
    }

    /// Removes the view `handle` from under `identifier`; the identifier's entry is kept, empty,
    /// once no view has it, until there are too many such (`sweepEmptyEntries`).
    mutating func remove(_ handle: ViewHandle, identifier: String, hash: Int) {
        var emptied = false
        table.update(identifier, hash: UInt64(UInt(bitPattern: hash))) { entry in
            guard !entry.views.isEmpty else { return true }
            entry.views.remove(handle)
            emptied = entry.views.isEmpty
            return true
        }
        guard emptied else { return }
        emptyEntries += 1
        if emptyEntries > Self.keptEmpty, emptyEntries > count { sweepEmptyEntries() }
    }

    /// Takes every empty entry out of the table.
    private mutating func sweepEmptyEntries() {
        var kept = OpenTable<Entry>(room: max(8, count))
        for entry in table where !entry.views.isEmpty { kept.insert(entry) }
        (table, emptyEntries) = (kept, 0)
    }
}
