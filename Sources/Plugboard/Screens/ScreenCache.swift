/// The screens the navigation-bar manager created from navigation buttons (the seed's
/// NavigationBarCatchingItem), keyed by screen type + data-source URL.
///
/// Presenting a cached key re-uses its instance instead of creating a second one. The cache is
/// bounded: when full, the least recently used screen that is not on screen is evicted and
/// destroyed. Hits, misses and evictions are counted.
public final class ScreenCache {
    public struct Key: Hashable, Sendable, Codable, CustomStringConvertible {
        public var screenType: String
        public var dataSource: String
        public var description: String { dataSource.isEmpty ? screenType : "\(screenType) @ \(dataSource)" }
    }

    public struct Statistics: Hashable, Sendable, Codable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var count = 0
        public var capacity = 0
        public var keys: [String] = []
    }

    public let capacity: Int
    private var entries: [Key: any ScreenController] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []
    private var hits = 0
    private var misses = 0
    private var evictions = 0

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The cached screen for `key` (a hit), or nil (a miss).
    func lookup(_ key: Key) -> (any ScreenController)? {
        guard let screen = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        touch(key)
        return screen
    }

    /// Caches `screen`. When over capacity, evicts least recently used screens for which `inUse`
    /// is false, handing each to `evict` (which takes it off its stack) and then destroying it.
    func insert(
        _ screen: any ScreenController, for key: Key, inUse: (any ScreenController) -> Bool,
        evict: (any ScreenController) -> Void
    ) {
        entries[key] = screen
        touch(key)
        var index = 0
        while entries.count > capacity, index < order.count {
            let candidate = order[index]
            guard let victim = entries[candidate], candidate != key, !inUse(victim) else {
                index += 1
                continue
            }
            entries[candidate] = nil
            order.remove(at: index)
            evictions += 1
            evict(victim)
            victim.destroy()
        }
    }

    /// Forgets `screen` (closed or popped); the caller destroys it.
    func remove(_ screen: any ScreenController) {
        guard let key = entries.first(where: { $0.value === screen })?.key else { return }
        entries[key] = nil
        order.removeAll { $0 == key }
    }

    func contains(_ screen: any ScreenController) -> Bool { entries.values.contains { $0 === screen } }

    private func touch(_ key: Key) {
        order.removeAll { $0 == key }
        order.append(key)
    }

    public var statistics: Statistics {
        Statistics(
            hits: hits, misses: misses, evictions: evictions, count: entries.count, capacity: capacity,
            keys: order.map(\.description))
    }
}
