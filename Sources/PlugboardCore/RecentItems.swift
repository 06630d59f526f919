/// The newest `capacity` items of a stream, oldest first, in a ring: a log that a long session (a
/// kiosk left running, a fuzzer tapping for hours) keeps at a constant size, appending in O(1).
/// Items are numbered from 0 as they arrive, dropped or not, so a reader can ask for everything
/// after a point it noted (`since`) however many were dropped meanwhile.
///
/// It is `@_spi(Layers) public` with `@inlinable` members so the layers above specialise it for
/// their element type: Swift 6.3 does not inline `package` declarations into other modules
/// without library evolution, and an unspecialised generic call across modules looks up
/// `Array<Element>`'s metadata at run time on every append (about 180 instructions an event).
/// The SPI keeps it out of the embedding API.
@_spi(Layers) public struct RecentItems<Element> {
    public let capacity: Int
    @usableFromInline var ring: [Element] = []
    /// Where the oldest item is once the ring is full.
    @usableFromInline var start = 0
    /// How many items were dropped to keep the newest `capacity`.
    @usableFromInline var droppedCount = 0

    /// How many items were dropped to keep the newest `capacity`.
    @inlinable public var dropped: Int { droppedCount }

    @inlinable public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// How many items were ever appended: the number the next one gets.
    @inlinable public var total: Int { dropped + ring.count }

    /// The kept items, oldest first.
    @inlinable public var items: [Element] { Array(ring[start...] + ring[..<start]) }

    /// The kept items numbered `total` or later (the ones appended since `total` was read, less
    /// any dropped since).
    /// Copies only those: a reader that keeps up asks for a few items of a full ring.
    @inlinable public func since(_ total: Int) -> [Element] {
        let skipped = min(ring.count, max(0, total - dropped))
        return (skipped..<ring.count).map { ring[(start + $0) % ring.count] }
    }

    @inlinable public mutating func append(_ item: Element) {
        guard ring.count == capacity else {
            ring.append(item)
            return
        }
        ring[start] = item
        start = (start + 1) % capacity
        droppedCount += 1
    }

    /// These items with room for `capacity`, keeping the newest (and the numbering).
    @inlinable public func resized(to capacity: Int) -> RecentItems {
        var resized = RecentItems(capacity: capacity)
        let kept = items.suffix(resized.capacity)
        resized.ring = Array(kept)
        resized.droppedCount = total - kept.count
        return resized
    }
}

extension RecentItems: Sendable where Element: Sendable {}
