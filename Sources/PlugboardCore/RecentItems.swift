/// The newest `capacity` items of a stream, oldest first, in a ring: a log that a long session (a
/// kiosk left running, a fuzzer tapping for hours) keeps at a constant size, appending in O(1).
/// Items are numbered from 0 as they arrive, dropped or not, so a reader can ask for everything
/// after a point it noted (`since`) however many were dropped meanwhile.
package struct RecentItems<Element> {
    package let capacity: Int
    private var ring: [Element] = []
    /// Where the oldest item is once the ring is full.
    private var start = 0
    /// How many items were dropped to keep the newest `capacity`.
    package private(set) var dropped = 0

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// How many items were ever appended: the number the next one gets.
    package var total: Int { dropped + ring.count }

    /// The kept items, oldest first.
    package var items: [Element] { Array(ring[start...] + ring[..<start]) }

    /// The kept items numbered `total` or later (the ones appended since `total` was read, less
    /// any dropped since).
    package func since(_ total: Int) -> [Element] { Array(items.dropFirst(max(0, total - dropped))) }

    package mutating func append(_ item: Element) {
        guard ring.count == capacity else {
            ring.append(item)
            return
        }
        ring[start] = item
        start = (start + 1) % capacity
        dropped += 1
    }

    /// These items with room for `capacity`, keeping the newest (and the numbering).
    package func resized(to capacity: Int) -> RecentItems {
        var resized = RecentItems(capacity: capacity)
        let kept = items.suffix(resized.capacity)
        resized.ring = Array(kept)
        resized.dropped = total - kept.count
        return resized
    }
}

extension RecentItems: Sendable where Element: Sendable {}
