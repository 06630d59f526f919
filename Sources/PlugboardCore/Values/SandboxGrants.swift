import Foundation

/// What a sandboxed engine may reach beyond what every engine gets (the system's libraries, its
/// app folder, its plugin libraries, its scratch folder): declared by the app in `settings.json`
/// under `"sandbox"`, raised by the command line (`--memory-limit`), and shown by `inspect` and
/// `lint`. Plugins ask for grants in their manifest; only the app's settings give them.
package struct SandboxGrants: Codable, Sendable, Hashable {
    /// The network: without it the engine has a network namespace of its own (no interface up)
    /// and no internet socket.
    package var network = false
    /// Absolute folders (or files) the engine may read, beyond its own.
    package var read: [String] = []
    /// Absolute folders (or files) the engine may write, make and remove files in.
    package var write: [String] = []
    /// The engine's address-space limit in MiB; nil: half the machine's memory, 4 GiB at least.
    package var memoryLimitMiB: Int?
    /// The most descriptors the engine may have open; nil: the limit it inherits.
    package var openFiles: Int?
    /// The most the engine's scratch folder (its `TMPDIR`, a file system in memory) holds, in
    /// MiB; nil: `defaultScratchLimitMiB`.
    package var scratchLimitMiB: Int?

    /// What a scratch folder holds unless the app grants more: room for a plugin's caches and
    /// downloads, not for filling the machine's memory.
    package static let defaultScratchLimitMiB = 256

    package init(
        network: Bool = false, read: [String] = [], write: [String] = [], memoryLimitMiB: Int? = nil,
        openFiles: Int? = nil, scratchLimitMiB: Int? = nil
    ) {
        self.network = network
        self.read = read
        self.write = write
        self.memoryLimitMiB = memoryLimitMiB
        self.openFiles = openFiles
        self.scratchLimitMiB = scratchLimitMiB
    }

    /// Both grants together: either's network and folders; `other`'s limits where it sets them.
    package func merging(_ other: SandboxGrants) -> SandboxGrants {
        SandboxGrants(
            network: network || other.network, read: read + other.read, write: write + other.write,
            memoryLimitMiB: other.memoryLimitMiB ?? memoryLimitMiB, openFiles: other.openFiles ?? openFiles,
            scratchLimitMiB: other.scratchLimitMiB ?? scratchLimitMiB)
    }

    /// What `asked` asks for that these grants do not give, one phrase each ("the network",
    /// "reading /x"): a folder is given when it lies beneath a granted one. Relative folders are
    /// taken against `folder` (the app folder).
    package func unmet(_ asked: SandboxGrants, folder: String) -> [String] {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/")
                ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
        }
        func beneath(_ path: String, _ roots: [String]) -> Bool {
            let path = absolute(path)
            return roots.map(absolute).contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        var unmet: [String] = []
        if asked.network && !network { unmet.append("the network") }
        unmet += asked.read.filter { !beneath($0, read + write) }.map { "reading \($0)" }
        unmet += asked.write.filter { !beneath($0, write) }.map { "writing \($0)" }
        if let memory = asked.memoryLimitMiB, memory > (memoryLimitMiB ?? Int.max) {
            unmet.append("\(memory) MiB of memory")
        }
        if let scratch = asked.scratchLimitMiB, scratch > (scratchLimitMiB ?? Self.defaultScratchLimitMiB) {
            unmet.append("\(scratch) MiB of scratch space")
        }
        return unmet
    }

    /// One line per grant, for `inspect` and `lint`: what the engine may reach beyond its own.
    package var lines: [String] {
        var lines: [String] = []
        if network { lines.append("network") }
        lines += read.map { "read \($0)" }
        lines += write.map { "write \($0)" }
        if let memoryLimitMiB { lines.append("memory limit \(memoryLimitMiB) MiB") }
        if let openFiles { lines.append("open files \(openFiles)") }
        if let scratchLimitMiB { lines.append("scratch limit \(scratchLimitMiB) MiB") }
        return lines
    }
}
