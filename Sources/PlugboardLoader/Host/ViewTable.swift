import PlugboardCore

/// Views by handle, for the view tree.
///
/// A handle's hash is a fixed multiplicative mix (Fibonacci hashing, the golden ratio's multiple),
/// not a seeded one: seeding defends a table against keys an attacker chooses, but the host makes
/// every handle itself, with 32 random-looking low bits (`ViewTree.handle(sequence:)`), so a
/// fixed mix spreads them evenly. A handle a plugin makes up is only looked for; it never gets a
/// slot.
typealias ViewTable = OpenTable<HostView>

extension HostView: OpenTableElement {
    var tableKey: ViewHandle { handle }
    var tableHash: UInt64 { ViewTable.hash(handle) }
    func hasKey(_ key: ViewHandle, hash: UInt64) -> Bool { handle == key }
}

extension OpenTable where Element == HostView {
    static func hash(_ handle: ViewHandle) -> UInt64 { handle.rawValue &* 0x9E37_79B9_7F4A_7C15 }

    subscript(handle: ViewHandle) -> HostView? { element(handle, hash: Self.hash(handle)) }

    func contains(_ handle: ViewHandle) -> Bool { self[handle] != nil }

    /// Removes the view with `handle`, if there is one.
    @discardableResult
    mutating func remove(_ handle: ViewHandle) -> HostView? { remove(handle, hash: Self.hash(handle)) }
}
