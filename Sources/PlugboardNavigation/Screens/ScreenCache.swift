import OrderedCollections
import PlugboardCore

/// The screens the app has shown (the seed's NavigationBarCatchingItem), keyed by the rivers.json
/// screen id and the data source they were opened with — never by plugin type, so two screens
/// served by one plugin are two instances, and one screen opened with two feeds is two.
///
/// A screen that leaves its stack (back, close, another menu item) stays here and is shown again,
/// with its lifecycle events, when it is opened again with the same key. The cache is bounded:
/// past its capacity the least recently used screens that are on no stack are evicted and
/// destroyed. Hits, misses and evictions are counted for `state`.
public final class ScreenCache {
    package struct Key: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The rivers.json screen id, or a synthetic one (`live_drawer:nb-live`, `cast:sb-cast`).
        package var screenID: String
        /// The data source as canonical JSON text (`JSONValue.canonicalText`: keys sorted,
        /// numbers in one form), so the same data source written two ways is one screen; empty
        /// when there is none.
        package var dataSource: String
        /// Which instance of this screen and data source: 0 for the first; another is made only
        /// while the others are all on stacks, since a screen instance is on at most one stack
        /// (`PlugboardApp.entry(_:reusing:)`).
        package var copy = 0
        package var description: String {
            let base = dataSource.isEmpty ? screenID : "\(screenID) @ \(dataSource)"
            return copy == 0 ? base : "\(base) #\(copy + 1)"
        }

        package init(screenID: String, dataSource: JSONValue?) {
            self.screenID = screenID
            self.dataSource = dataSource?.canonicalText() ?? ""
        }

        /// The same screen and data source, whichever copy.
        package func sameScreen(as other: Key) -> Bool {
            screenID == other.screenID && dataSource == other.dataSource
        }
    }
    /// The cache's counters since the app started and what it holds now, for `state`.
    public struct Statistics: Hashable, Sendable, Codable {
        /// Screens opened again from the cache: the same instance shown, no new `create`.
        public var hits = 0
        /// Screens opened that were not cached: a new instance was created.
        public var misses = 0
        /// Screens destroyed to bring the cache back within its capacity.
        public var evictions = 0
        /// Screens cached now, on a stack or not.
        public var count = 0
        /// settings.json's `screen_cache_capacity`. Screens on a stack are never evicted, so
        /// `count` exceeds it when the stacks hold more.
        public var capacity = 0
        /// From least to most recently used.
        public var keys: [String] = []
    }

    package let capacity: Int
    /// The cached screens from least to most recently used: a lookup is a hash lookup, and a
    /// touch moves one key to the end without comparing it against the others.
    /// Unchecked for the reason `ScreenStack.entries` is: changed only here, by the ordered
    /// dictionary's own methods, which run no code of ours but the key's hashing.
    @exclusivity(unchecked) private var entries: OrderedDictionary<Key, ScreenEntry> = [:]
    /// How many cached screens are on a stack (`ScreenEntry.stacksHolding` above zero), kept as
    /// they go on and off stacks, so trimming knows without a walk whether anything can go.
    private var screensOnStacks = 0
    private var hits = 0
    private var misses = 0
    private var evictions = 0

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Screens that outlive the cache stop pointing at it (`ScreenEntry.cache` is unchecked).
    deinit {
        for entry in entries.values { entry.cache = nil }
    }

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

    /// The cached screen for `key`, without counting a hit or a miss or making it recent.
    func peek(_ key: Key) -> ScreenEntry? { entries[key] }

    /// Caches `entry` under its key.
    func insert(_ entry: ScreenEntry) {
        if let replaced = entries.updateValue(entry, forKey: entry.key), replaced !== entry { forget(replaced) }
        if entry.cache !== self {
            entry.cache = self
            if entry.stacksHolding > 0 { screensOnStacks += 1 }
        }
        touch(entry.key)
    }

    /// Called by a cached screen that went on its first stack (+1) or off its last one (-1).
    func screenOnStacksChanged(by change: Int) { screensOnStacks += change }

    /// Stops counting `entry`, which has left the cache.
    private func forget(_ entry: ScreenEntry) {
        entry.cache = nil
        if entry.stacksHolding > 0 { screensOnStacks -= 1 }
    }

    /// Whether `entry` itself (not only its key) is cached.
    func holds(_ entry: ScreenEntry) -> Bool { entries[entry.key] === entry }

    /// The cached screen under `key` when it is the entry `serial` names, else nil.
    func entry(_ key: Key, serial: UInt64) -> ScreenEntry? {
        guard let entry = entries[key], entry.serial == serial else { return nil }
        return entry
    }

    /// Evicts least recently used screens while over capacity, skipping those on a stack; each
    /// evicted screen is handed to `destroy`, least recently used first.
    ///
    /// With a stack deeper than the capacity, every screen may be on a stack: then nothing is
    /// walked. When every screen on no stack must go, the order of the walk does not change which
    /// go, so it starts from the most recent end, where a screen just popped is. Either way a
    /// push or a back costs the same at any depth.
    func trim(destroy: (ScreenEntry) -> Void) {
        var excess = entries.count - capacity
        var evictable = entries.count - screensOnStacks
        guard excess > 0 && evictable > 0 else { return }
        var victims: [ScreenEntry] = []
        if evictable <= excess {
            var index = entries.count - 1
            while evictable > 0 && index >= 0 {
                if entries.values[index].stacksHolding == 0 {
                    victims.append(entries.remove(at: index).value)
                    evictable -= 1
                }
                index -= 1
            }
            victims.reverse()
        } else {
            var index = 0
            while excess > 0 && index < entries.count {
                guard entries.values[index].stacksHolding == 0 else {
                    index += 1
                    continue
                }
                victims.append(entries.remove(at: index).value)
                excess -= 1
            }
        }
        for victim in victims {
            forget(victim)
            evictions += 1
            destroy(victim)
        }
    }

    /// Every cached screen, for shutdown.
    func removeAll() -> [ScreenEntry] {
        let all = Array(entries.values)
        all.forEach(forget)
        entries.removeAll()
        return all
    }

    /// Makes `key` the most recently used (it is in `entries`).
    private func touch(_ key: Key) {
        guard let index = entries.index(forKey: key), index != entries.count - 1 else { return }
        let entry = entries.remove(at: index)
        entries[entry.key] = entry.value
    }

    package var statistics: Statistics {
        Statistics(
            hits: hits, misses: misses, evictions: evictions, count: entries.count, capacity: capacity,
            keys: entries.keys.map(\.description))
    }
}
