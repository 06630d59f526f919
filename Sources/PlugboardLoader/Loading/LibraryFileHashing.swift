import Glibc

extension LibraryFile {
    /// The SHA-256 of each file (as `sha256()` gives it), in order. With more than one file and
    /// enough bytes, a second thread hashes about half the bytes while this one hashes the rest:
    /// hashing runs at the processor's speed (SHA extensions), so an app pinning all its
    /// libraries would otherwise spend most of its extra start in one core's hashing
    /// (docs/performance.md, round fifteen). Each file is read through its own descriptor.
    static func sha256s(_ files: [LibraryFile]) -> [Result<String, PluginLoadError>] {
        let sizes = files.map { (try? $0.size()) ?? 0 }
        let total = sizes.reduce(0, +)
        guard files.count > 1, total >= minimumBytesForTwoThreads else { return files.map(Self.hashResult) }
        // Largest first, each to the share with fewer bytes so far.
        var shares: [[Int]] = [[], []]
        var bytes = [0, 0]
        for index in files.indices.sorted(by: { sizes[$0] > sizes[$1] }) {
            let share = bytes[0] <= bytes[1] ? 0 : 1
            shares[share].append(index)
            bytes[share] += sizes[index]
        }
        let job = HashJob(files: shares[1].map { files[$0] })
        guard let thread = job.start() else { return files.map(Self.hashResult) }
        var results = [Result<String, PluginLoadError>?](repeating: nil, count: files.count)
        for index in shares[0] { results[index] = Self.hashResult(files[index]) }
        pthread_join(thread, nil)
        for (index, result) in zip(shares[1], job.results) { results[index] = result }
        return results.map { $0! }
    }

    /// Below this many bytes in all, a second thread costs more than it saves.
    static let minimumBytesForTwoThreads = 256 * 1024

    private static func hashResult(_ file: LibraryFile) -> Result<String, PluginLoadError> {
        do throws(PluginLoadError) { return .success(try file.sha256()) } catch { return .failure(error) }
    }

    /// The files a second thread hashes, and its results, read only after `pthread_join`.
    private final class HashJob: @unchecked Sendable {  // written by its thread, read after the join
        let files: [LibraryFile]
        var results: [Result<String, PluginLoadError>] = []

        init(files: [LibraryFile]) { self.files = files }

        /// Starts the thread; nil when none could be made (the caller then hashes everything).
        func start() -> pthread_t? {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let made = pthread_create(
                &thread, nil,
                { context in
                    let job = Unmanaged<HashJob>.fromOpaque(context!).takeRetainedValue()
                    job.results = job.files.map(LibraryFile.hashResult)
                    return nil
                }, context)
            guard made == 0 else {
                Unmanaged<HashJob>.fromOpaque(context).release()
                return nil
            }
            return thread
        }
    }
}
