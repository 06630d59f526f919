import PlugboardCore

/// The live views by identifier, for the view tree: an `OpenTable` whose entries keep their
/// identifier's hash.
///
/// Why not `[String: ViewGroup]`: a view's identifier was hashed three times in its life — set,
/// found, removed — about 330 instructions each, a twelfth of the host's work in a tap that
/// makes a screen. Here it is hashed once, when it is set (`hash(_:)`), the view keeps that hash
/// (`HostView.identifierHash`), and releasing the view finds its entry by it. The hash is still
/// the standard library's seeded one: identifiers are the plugins' choice.
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

    var count: Int { table.count }

    /// The hash an identifier is kept under.
    static func hash(_ identifier: String) -> Int { identifier.hashValue }

    /// The live views whose identifier is `identifier`, or nil when none has it.
    subscript(identifier: String) -> ViewGroup? { lookUp(identifier, hash: Self.hash(identifier)) }

    /// The same, for an identifier whose hash is `hash`.
    func lookUp(_ identifier: String, hash: Int) -> ViewGroup? {
        table.element(identifier, hash: UInt64(UInt(bitPattern: hash)))?.views
    }

    /// Adds `view` under `identifier`, whose hash is `hash`.
    mutating func insert(_ view: ViewHandle, identifier: String, hash: Int) {
        table.update(
            identifier, hash: UInt64(UInt(bitPattern: hash)),
            orAdd: {
                var views = ViewGroup()
                views.insert(view)
                return Entry(hash: hash, identifier: identifier, views: views)
            }
        ) { $0.views.insert(view) }
    }

    /// Removes the view `handle` from under `identifier`, and the identifier once no view has it.
    mutating func remove(_ handle: ViewHandle, identifier: String, hash: Int) {
        table.update(identifier, hash: UInt64(UInt(bitPattern: hash))) { entry in
            entry.views.remove(handle)
            return !entry.views.isEmpty
        }
    }
}
