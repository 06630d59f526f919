import Foundation
import PlugboardCore
import PlugboardLoader

/// Libraries whose probe took the engine down, remembered by path, size, modification time and
/// SHA-256 (GStreamer's plugin registry keeps bad libraries by path, size and mtime) until the
/// file changes — so a library known to crash is named at once instead of being run again.
///
/// One JSON file, `$XDG_CACHE_HOME/plugboard/bad-libraries.json` (else `~/.cache/…`), written
/// atomically; an unreadable or foreign file counts as empty and is replaced.
package struct BadLibraryCache {
    package struct Entry: Codable, Sendable, Equatable {
        package var path: String
        package var size: Int64
        /// Modification time, nanoseconds since 1970.
        package var mtime: Int64
        package var sha256: String
        /// What the probe did: `SIGSEGV in init of library "/x/libA.so"`.
        package var failure: String
    }

    package let file: URL

    package init(file: URL = BadLibraryCache.defaultFile) { self.file = file }

    package static var defaultFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("plugboard/bad-libraries.json")
    }

    /// The entry for `path` when the file is still the one that failed (same size, mtime and hash).
    package func entry(for path: String) -> Entry? {
        guard let known = entries().first(where: { $0.path == path }), let current = Self.identity(of: path),
            known.size == current.size, known.mtime == current.mtime, known.sha256 == current.sha256
        else { return nil }
        var entry = known
        entry.failure = known.failure.escapingControlCharacters  // a file anyone may have edited
        return entry
    }

    /// Remembers that probing `path` failed as `failure` says.
    package func remember(_ path: String, failure: String) {
        guard let identity = Self.identity(of: path) else { return }
        var all = entries().filter { $0.path != path }
        all.append(
            Entry(path: path, size: identity.size, mtime: identity.mtime, sha256: identity.sha256, failure: failure))
        save(all)
    }

    /// Forgets `path` (`inspect --rescan`).
    package func forget(_ path: String) {
        let all = entries()
        if all.contains(where: { $0.path == path }) { save(all.filter { $0.path != path }) }
    }

    /// The most bytes the cache is read from: a bigger file (a few entries take kilobytes) is
    /// not this cache, and is neither read whole nor trusted.
    static let maximumFileSize = 1 << 20

    private func entries() -> [Entry] {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int,
            size <= Self.maximumFileSize, let data = try? Data(contentsOf: file)
        else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }

    private func save(_ entries: [Entry]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    private static func identity(of path: String) -> (size: Int64, mtime: Int64, sha256: String)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let mtime = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        guard let file = try? LibraryFile.open(path) else { return nil }
        defer { file.close() }
        guard let digest = try? file.sha256() else { return nil }
        return (Int64(status.st_size), mtime, digest)
    }
}
