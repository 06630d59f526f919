import PlugboardCore

/// The live views by handle, for the view tree: the views themselves in one buffer, each found
/// through a small table from its handle to its place there.
///
/// A view keeps its place for its life, so the tree reads and changes it where it is
/// (`subscript(place:)`, borrowed: a `HostView` holds seven references, and a copy of one
/// counts each), and the table moves only handles and places when it closes a gap; a released
/// view's place is used again by the next view made. A class that owns its buffer rather than
/// an `Array`, whose reading subscript hands out copies, and of optionals, whose unwrapping
/// does too.
final class ViewTable {
    /// A view's place in `views`, found by its handle.
    private struct Place: OpenTableElement {
        let handle: ViewHandle
        let index: Int
        var tableKey: ViewHandle { handle }
        var tableHash: UInt64 { ViewHandle.tableHash(handle) }
        func hasKey(_ key: ViewHandle, hash: UInt64) -> Bool { handle == key }
    }

    // `@exclusivity(unchecked)` as the tree's state is, for the same reason (`ViewTree`).
    @exclusivity(unchecked) private var places = OpenTable<Place>(room: 64)
    /// `capacity` places; those in `places` hold a view, the others are not initialised.
    @exclusivity(unchecked) private var views: UnsafeMutablePointer<HostView>
    @exclusivity(unchecked) private var capacity: Int
    /// How many places have been used so far: those below it that no view holds are `vacant`.
    @exclusivity(unchecked) private var used = 0
    /// Places of released views, for the next views made.
    @exclusivity(unchecked) private var vacant: [Int] = []

    init() {
        capacity = 64
        views = .allocate(capacity: capacity)
    }

    deinit {
        for place in places { (views + place.index).deinitialize(count: 1) }
        views.deallocate()
    }

    var count: Int { places.count }
    var isEmpty: Bool { places.isEmpty }

    /// The views, in no particular order.
    var values: [HostView] { places.map { views[$0.index] } }

    /// Where the view with `handle` is, or nil when there is no such view.
    func place(of handle: ViewHandle) -> Int? {
        places.element(handle, hash: ViewHandle.tableHash(handle))?.index
    }

    /// A copy of the view with `handle`, or nil when there is none.
    subscript(handle: ViewHandle) -> HostView? { place(of: handle).map { views[$0] } }

    /// The live view at `place` (from `place(of:)`), read or changed where it is.
    subscript(place place: Int) -> HostView {
        _read { yield views[place] }
        _modify { yield &views[place] }
    }

    /// Adds `view`, whose handle no live view has.
    func insert(_ view: consuming HostView) {
        let index: Int
        if let reused = vacant.popLast() {
            index = reused
        } else {
            if used == capacity { grow() }
            index = used
            used += 1
        }
        places.insert(Place(handle: view.handle, index: index))
        (views + index).initialize(to: view)
    }

    /// Removes the view with `handle`; false when there is none.
    @discardableResult
    func remove(_ handle: ViewHandle) -> Bool {
        guard let place = places.remove(handle, hash: ViewHandle.tableHash(handle)) else { return false }
        vacant.append(place.index)
        (views + place.index).deinitialize(count: 1)
        return true
    }

    /// Twice the room; only when every place is used, so every place holds a view to move.
    private func grow() {
        let larger = UnsafeMutablePointer<HostView>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: views, count: used)
        views.deallocate()
        (views, capacity) = (larger, capacity * 2)
    }
}

/// A set of view handles (an owner's views, the views that share an identifier): an `OpenTable`
/// of the handles themselves, which hold no references, so adding and removing one counts none.
typealias HandleSet = OpenTable<ViewHandle>

/// A handle's hash is a fixed multiplicative mix (Fibonacci hashing, the golden ratio's multiple),
/// not a seeded one: seeding defends a table against keys an attacker chooses, but the host makes
/// every handle itself, with 32 random-looking low bits (`ViewTree.handle(sequence:)`), so a
/// fixed mix spreads them evenly. A handle a plugin makes up is only looked for; it never gets a
/// slot.
extension ViewHandle: OpenTableElement {
    static func tableHash(_ handle: ViewHandle) -> UInt64 { handle.rawValue &* 0x9E37_79B9_7F4A_7C15 }
    var tableKey: ViewHandle { self }
    var tableHash: UInt64 { Self.tableHash(self) }
    func hasKey(_ key: ViewHandle, hash: UInt64) -> Bool { self == key }
}

extension OpenTable where Element == ViewHandle {
    /// Removes `handle`, if it is here.
    mutating func remove(_ handle: ViewHandle) { remove(handle, hash: ViewHandle.tableHash(handle)) }
}
