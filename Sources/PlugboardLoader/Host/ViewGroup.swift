import PlugboardCore

/// The live views that have one identifier, for the view tree's index: nearly always one, kept
/// as it is, with a set made only for a second. A set for every identifier allocated its slots
/// at each `set_identifier` and freed them at each release, a sixth of the host's work in a tap
/// that makes a screen.
struct ViewGroup: Sequence {
    /// The only view, while there has been only one.
    private var single: ViewHandle?
    /// Every view, once a second one came.
    private var several: HandleSet?

    init() {}

    var isEmpty: Bool { single == nil && several?.isEmpty != false }

    /// Adds `view`, if it is not here.
    mutating func insert(_ view: ViewHandle) {
        if several != nil {
            several!.insert(view)
            return
        }
        guard let only = single, only != view else {
            single = view
            return
        }
        var set = HandleSet()
        set.insert(only)
        set.insert(view)
        (single, several) = (nil, set)
    }

    /// Removes `view`, if it is here.
    mutating func remove(_ view: ViewHandle) {
        if several != nil {
            several!.remove(view)
        } else if single == view {
            single = nil
        }
    }

    struct Iterator: IteratorProtocol {
        fileprivate var single: ViewHandle?
        fileprivate var several: HandleSet.Iterator?

        mutating func next() -> ViewHandle? {
            if let view = single {
                single = nil
                return view
            }
            return several?.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(single: single, several: several?.makeIterator()) }
}
