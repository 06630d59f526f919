import Crypto
import Glibc

/// A file on a device: what the dynamic linker (and the pin cache) means by "the same library",
/// whatever path names it.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// A plugin library file opened once, so that the bytes checked (and hashed for the manifest's
/// `sha256` pin) are the bytes `dlopen` maps: the loader reads through `descriptor` and loads a
/// pinned library by `procPath` (`/proc/self/fd/N`), the very inode that was opened, whatever is
/// renamed over the path meanwhile (others by their path, then checked to be that inode).
package struct LibraryFile {
    /// The path the file was opened by (for messages).
    let path: String
    let descriptor: Int32
    let identity: FileIdentity

    /// Opens `path` read-only and checks it is a regular file. `O_NONBLOCK` keeps a FIFO planted at
    /// the path from blocking the host; it changes nothing for regular files.
    package static func open(_ path: String) throws(PluginLoadError) -> LibraryFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: lastError()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = lastError()
            _ = Glibc.close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            _ = Glibc.close(descriptor)
            throw .unreadable(path: path, reason: "not a regular file")
        }
        return LibraryFile(
            path: path, descriptor: descriptor,
            identity: FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }

    /// The name under which the dynamic linker opens this descriptor's file (not its path).
    var procPath: String { "/proc/self/fd/\(descriptor)" }

    /// Hands the whole file to `body` in chunks, read through the descriptor from offset 0
    /// (`pread`: the inode that was opened, whatever the path names now, and again as often as
    /// needed).
    private func readChunks(_ body: (UnsafeRawBufferPointer) -> Void) throws(PluginLoadError) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset = off_t(0)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: Self.lastError())
            }
            if count == 0 { return }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += off_t(count)
        }
    }

    /// The file's length now.
    func size() throws(PluginLoadError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        return max(0, Int(status.st_size))
    }

    /// The SHA-256 of the whole file, read through the descriptor, as 64 lowercase hexadecimal
    /// digits.
    package func sha256() throws(PluginLoadError) -> String {
        var hasher = SHA256()
        try readChunks { hasher.update(bufferPointer: $0) }
        return hasher.finalize().hexDigits
    }

    /// The SHA-256 of `bytes`, in the form `sha256()` returns.
    static func sha256(of bytes: [UInt8]) -> String { SHA256.hash(data: bytes).hexDigits }

    package func close() { _ = Glibc.close(descriptor) }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
