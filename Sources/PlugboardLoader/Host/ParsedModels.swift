import PlugboardCore
import Synchronization

/// Models parsed lately, by their text, for every instance of the process (`shared`): the
/// configuration's models never change, so a screen made again (the cache evicted it, or it is
/// on two stacks) is handed the same texts, and each was parsed again at its first query (9,600
/// instructions of a Guide made on a cache miss, against about 2,800 to hash its text). A parsed
/// document is immutable, so instances share it.
///
/// Bounded, since data sources given by cells and routes may all differ: at most `capacity`
/// texts, forgotten all at once when full, and none longer than `largestText` (a larger one is
/// parsed for its instance alone, as before).
final class ParsedModels: Sendable {
    static let shared = ParsedModels(capacity: 32)
    static let largestText = 64 * 1024

    let capacity: Int
    /// Locked: apps of one process may run on different threads (tests do).
    private let recent = Mutex<[String: JSONNode]>([:])

    init(capacity: Int) { self.capacity = capacity }

    /// The text parsed, or nil when it is not JSON.
    func node(for text: String) -> JSONNode? {
        guard text.utf8.count <= Self.largestText else { return try? JSONParser.parse(text) }
        if let known = recent.withLock({ $0[text] }) { return known }
        guard let node = try? JSONParser.parse(text) else { return nil }
        recent.withLock { recent in
            if recent.count >= capacity { recent.removeAll(keepingCapacity: true) }
            recent[text] = node
        }
        return node
    }

    /// How many texts it keeps now.
    var count: Int { recent.withLock(\.count) }
}
