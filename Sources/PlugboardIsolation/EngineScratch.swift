import CSandbox
import Foundation
import Synchronization

/// The one folder a sandboxed engine may write (its `TMPDIR`), made by its supervisor among the
/// system's temporary files as `plugboard-engine-XXXXXX` and gone with the engine however it
/// ends:
/// - the supervisor removes it when it drops this object (the engine has stopped);
/// - the engine's warden removes it when the engine ends (the folder is on the engine's command
///   line, `--scratch`), which covers a supervisor killed with SIGKILL: the warden sees its
///   supervisor end, kills the engine, then removes the folder;
/// - and a folder left all the same (the warden killed too, a machine that lost power) is
///   removed by the next supervisor that starts an engine (`sweep`): the supervisor holds an
///   exclusive `flock` on its folder while it lives, which the kernel lets go when the process
///   ends, however it ends, so a folder nobody holds is nobody's.
///
/// Everything in it was written by plugin code: it is removed without following a symbolic
/// link (`pb_sandbox_remove_tree`).
package final class EngineScratch {
    package static let prefix = "plugboard-engine-"
    /// A folder younger than this is not swept though nobody holds it: its supervisor may be
    /// between making it and locking it.
    package static let sweepAge: TimeInterval = 60

    package let path: String
    /// The folder, open and locked (`flock`, exclusive) for as long as this object lives.
    private let lock: Int32

    /// A new folder in `parent` (the system's temporary folder: `TMPDIR`, else /tmp); nil when
    /// it cannot be made.
    package init?(in parent: String = NSTemporaryDirectory()) {
        var template = Array((parent + "/" + Self.prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        path = String(cString: made)
        lock = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { flock(lock, LOCK_EX | LOCK_NB) }
    }

    /// Sweeps the folder this one lies in (`sweep`), on another thread, the first time a
    /// scratch folder of this process asks: once a process is enough to clear what killed
    /// processes left, and a process may start many engines. The supervisor asks once its
    /// engine is ready: reading a temporary folder of thousands of entries took 5 ms, at the end
    /// of every supervised run, and on a start's way to the first screen it took a processor
    /// the engine and the supervisor needed.
    package func sweepSiblingsOnce() {
        guard !Self.swept.exchange(true, ordering: .relaxed) else { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        DispatchQueue.global(qos: .utility).async { Self.sweep(in: parent) }
    }

    /// Removes the folder at `path` and what is in it, following no symbolic link; 0 or errno.
    @discardableResult
    package static func remove(_ path: String) -> Int32 { pb_sandbox_remove_tree(path) }

    /// Removes the folder.
    deinit {
        Self.remove(path)
        if lock >= 0 { close(lock) }
    }

    private static let swept = Atomic<Bool>(false)

    /// Removes the engine folders in `parent` that nobody holds and that are older than
    /// `sweepAge`; returns their paths.
    @discardableResult
    package static func sweep(in parent: String, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            let path = parent + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            let changed = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
            guard now.timeIntervalSince(changed) >= sweepAge else { continue }
            let folder = pb_sandbox_open_folder(AT_FDCWD, path)
            guard folder >= 0 else { continue }
            defer { close(folder) }
            guard flock(folder, LOCK_EX | LOCK_NB) == 0 else { continue }  // its supervisor lives
            if remove(path) == 0 { removed.append(path) }
        }
        return removed
    }
}
