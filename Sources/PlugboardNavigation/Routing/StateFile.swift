import Foundation

/// The shell's state file (`plugboard run --state-file FILE`): the state URL, replaced atomically
/// on every change so a process killed at any moment leaves the last complete state — never a
/// torn or empty file. The usual POSIX recipe: write a temporary file in the same folder, fsync
/// it, rename it over the old one (atomic on one file system), fsync the folder so the rename
/// itself survives a crash.
package enum StateFile {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Replaces the contents of `path` with `text` (a line).
    package static func write(_ text: String, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(descriptor)
                unlink(temporary)
                throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
            }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// The state URL text of `path`, or nil when there is no file yet.
    package static func read(_ path: String) throws(Failure) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(description: "cannot read \(path)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
