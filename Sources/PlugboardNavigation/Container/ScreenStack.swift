/// A container's screens, bottom to top. Every change goes through these methods, which keep each
/// entry's count of the stacks holding it, so the screen cache knows a screen is in use in O(1)
/// instead of walking every stack for every cached screen (which made each push cost in
/// proportion to the stack's depth).
///
/// `entries` is `@exclusivity(unchecked)`: only these methods change it, on the main thread, and
/// none runs code that could reach this stack while it changes. The optimiser cannot prove that
/// through the standard library's array growth, so the check ran on every read of every stack.
final class ScreenStack: RandomAccessCollection {
    @exclusivity(unchecked) private(set) var entries: [ScreenEntry] = []

    var startIndex: Int { entries.startIndex }
    var endIndex: Int { entries.endIndex }
    subscript(position: Int) -> ScreenEntry { entries[position] }

    func append(_ entry: ScreenEntry) {
        entry.stacksHolding += 1
        entries.append(entry)
    }

    /// The stack becomes `entry` alone.
    func replaceAll(with entry: ScreenEntry) {
        entry.stacksHolding += 1  // first: it may be on the stack already
        removeAll()
        entries = [entry]
    }

    @discardableResult
    func popLast() -> ScreenEntry? {
        guard let entry = entries.popLast() else { return nil }
        entry.stacksHolding -= 1
        return entry
    }

    func removeLast(_ count: Int) {
        for _ in 0..<count { popLast() }
    }

    /// Removes every entry above `index`.
    func removeAll(above index: Int) {
        removeLast(entries.count - index - 1)
    }

    func removeAll() {
        for entry in entries { entry.stacksHolding -= 1 }
        entries.removeAll()
    }
}
