import PlugboardCore
import Synchronization

/// Models parsed lately, by their text, for every instance of the process (`shared`): the
/// configuration's models never change, so a screen made again (the cache evicted it, or it is
/// on two stacks) is handed the same texts, and each was parsed again at its first query (9,600
/// instructions of a Guide made on a cache miss). A parsed document is immutable, so instances
/// share it.
///
/// A text is found first by where its bytes are: the screen factory keeps each screen's texts
/// and hands the same string again, and hashing its 2 KB cost about 2,800 instructions a Guide.
/// Only a string longer than 15 bytes has its bytes on the heap (a shorter one is stored in the
/// `String` itself, and its bytes have no lasting address); a kept text holds its bytes, so no
/// other string can have them at that address while it is kept. Any other text is found by its
/// contents.
///
/// Bounded, since data sources given by cells and routes may all differ: at most `capacity`
/// texts, forgotten all at once when full, and none longer than `largestText` (a larger one is
/// parsed for its instance alone, as before).
final class ParsedModels: Sendable {
    static let shared = ParsedModels(capacity: 32)
    static let largestText = 64 * 1024

    let capacity: Int

    private struct Kept {
        var byText: [String: JSONNode] = [:]
        /// The same nodes by the address of their text's bytes, with its length. By `UInt`: a key
        /// type of the host's own costs app start a conformance search (docs/performance.md,
        /// round fourteen).
        var byBytes: [UInt: (count: Int, node: JSONNode)] = [:]

        func node(at bytes: BytesKey) -> JSONNode? {
            guard let known = byBytes[bytes.address], known.count == bytes.count else { return nil }
            return known.node
        }
    }

    private struct BytesKey {
        let address: UInt
        let count: Int

        /// Where `text`'s bytes are, when they stay there as long as the string lives.
        init?(_ text: String) {
            guard text.utf8.count > 15,
                let address = text.utf8.withContiguousStorageIfAvailable({ $0.baseAddress.map { UInt(bitPattern: $0) } }
                ),
                let address
            else { return nil }
            (self.address, count) = (address, text.utf8.count)
        }
    }

    /// Locked: apps of one process may run on different threads (tests do).
    private let kept = Mutex(Kept())

    init(capacity: Int) { self.capacity = capacity }

    /// The text parsed, or nil when it is not JSON.
    func node(for text: String) -> JSONNode? {
        guard text.utf8.count <= Self.largestText else { return try? JSONParser.parse(text) }
        let bytes = BytesKey(text)
        if let known = kept.withLock({ kept in bytes.flatMap { kept.node(at: $0) } ?? kept.byText[text] }) {
            return known
        }
        guard let node = try? JSONParser.parse(text) else { return nil }
        kept.withLock { kept in
            if kept.byText.count >= capacity { kept = Kept() }
            // Found by its bytes only when the kept key is this very string (another thread may
            // have kept an equal one first: then `text`'s bytes are not kept alive).
            if kept.byText.updateValue(node, forKey: text) == nil, let bytes {
                kept.byBytes[bytes.address] = (bytes.count, node)
            }
        }
        return node
    }

    /// How many texts it keeps now.
    var count: Int { kept.withLock(\.byText.count) }
}
