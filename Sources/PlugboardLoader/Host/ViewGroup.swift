import PlugboardCore

/// The live views that have one identifier, for the view tree's index: nearly always one, kept
/// as it is, with a table made only for a second. A table for every identifier allocated its
/// slots at each `set_identifier` and freed them at each release, a sixth of the host's work in a
/// tap that makes a screen.
struct ViewGroup: Sequence {
    /// The only view, while there has been only one.
    private var single: HostView?
    /// Every view, once a second one came.
    private var several: ViewTable?

    init() {}

    var isEmpty: Bool { single == nil && several?.isEmpty != false }

    /// Adds `view`, or replaces the view that has its handle.
    mutating func insert(_ view: HostView) {
        if several != nil {
            several!.insert(view)
            return
        }
        guard let only = single, only.handle != view.handle else {
            single = view
            return
        }
        var table = ViewTable()
        table.insert(only)
        table.insert(view)
        (single, several) = (nil, table)
    }

    /// Removes the view with `handle`, if it is here.
    mutating func remove(_ handle: ViewHandle) {
        if several != nil {
            several!.remove(handle)
        } else if single?.handle == handle {
            single = nil
        }
    }

    struct Iterator: IteratorProtocol {
        fileprivate var single: HostView?
        fileprivate var several: ViewTable.Iterator?

        mutating func next() -> HostView? {
            if let view = single {
                single = nil
                return view
            }
            return several?.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(single: single, several: several?.makeIterator()) }
}
