import OrderedCollections

/// The screens the app has shown (the seed's NavigationBarCatchingItem), keyed by the rivers.json
/// screen id and the data source they were opened with — never by plugin type, so two screens
/// served by one plugin are two instances, and one screen opened with two feeds is two.
///
/// A screen that leaves its stack (back, close, another menu item) stays here and is shown again,
/// with its lifecycle events, when it is opened again with the same key. The cache is bounded:
/// past its capacity the least recently used screens that are on no stack are evicted and
/// destroyed. Hits, misses and evictions are counted for `state`.
public final class ScreenCache {
    public struct Key: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The rivers.json screen id, or a synthetic one (`live_drawer:nb-live`, `cast:sb-cast`).
        public var screenID: String
        /// The data source as canonical JSON text; empty when there is none.
        public var dataSource: String
        public var description: String { dataSource.isEmpty ? screenID : "\(screenID) @ \(dataSource)" }

        public init(screenID: String, dataSource: JSONValue?) {
            self.screenID = screenID
            self.dataSource = dataSource?.serialized() ?? ""
        }
    }

    public struct Statistics: Hashable, Sendable, Codable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var count = 0
        public var capacity = 0
        /// From least to most recently used.
        public var keys: [String] = []
    }

    public let capacity: Int
    /// The cached screens from least to most recently used: a lookup is a hash lookup, and a
    /// touch moves one key to the end without comparing it against the others.
    private var entries: OrderedDictionary<Key, ScreenEntry> = [:]
    private var hits = 0
    private var misses = 0
    private var evictions = 0

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The cached screen for `key` (a hit), or nil (a miss).
    func lookup(_ key: Key) -> ScreenEntry? {
        guard let entry = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        touch(key)
        return entry
    }

    /// Caches `entry` under its key.
    func insert(_ entry: ScreenEntry) {
        entries[entry.key] = entry
        touch(entry.key)
    }

    /// Whether `entry` itself (not only its key) is cached.
    func holds(_ entry: ScreenEntry) -> Bool { entries[entry.key] === entry }

    /// Evicts least recently used screens while over capacity, skipping those `inUse` says are
    /// on a stack; each evicted screen is handed to `destroy`.
    func trim(inUse: (ScreenEntry) -> Bool, destroy: (ScreenEntry) -> Void) {
        var index = 0
        while entries.count > capacity, index < entries.count {
            let victim = entries.values[index]
            guard !inUse(victim) else {
                index += 1
                continue
            }
            entries.remove(at: index)
            evictions += 1
            destroy(victim)
        }
    }

    /// Every cached screen, for shutdown.
    func removeAll() -> [ScreenEntry] {
        defer { entries.removeAll() }
        return Array(entries.values)
    }

    /// Makes `key` the most recently used (it is in `entries`).
    private func touch(_ key: Key) {
        guard let index = entries.index(forKey: key), index != entries.count - 1 else { return }
        let entry = entries.remove(at: index)
        entries[entry.key] = entry.value
    }

    public var statistics: Statistics {
        Statistics(
            hits: hits, misses: misses, evictions: evictions, count: entries.count, capacity: capacity,
            keys: entries.keys.map(\.description))
    }
}
