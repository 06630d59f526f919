import Foundation

/// The most a process running plugin code for `plugboard check` may write to any file: its
/// output and its transcript (files on disk for a fresh child, files in memory for a forked one).
///
/// A plugin that prints in a loop would otherwise fill the disk, or the memory, for the whole
/// of a test's time-out, and the harness would then read all of it. With the kernel's file-size
/// limit (`RLIMIT_FSIZE`) the write that passes the limit ends the process with `SIGXFSZ`, which
/// the harness reports as the test's crash, in the call that wrote.
package enum FileSizeLimit {
    /// 64 MiB: far above what any test writes (a transcript is a few kilobytes).
    package static let bytes = 64 << 20

    /// Limits this process and the processes it starts or forks from now on. The hard limit is
    /// lowered too, so plugin code cannot raise it again.
    package static func apply() {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        _ = withUnsafePointer(to: &limit) { setrlimit(Int32(RLIMIT_FSIZE.rawValue), $0) }
    }

    /// Lets the limit end this process from the calling thread, which may have inherited a mask
    /// that blocks `SIGXFSZ` (a blocked one stays pending, and each write past the limit fails
    /// with `EFBIG` instead: bounded still, but the test would run to its time-out).
    package static func endsThisThread() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGXFSZ)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// What `SIGXFSZ` means for a test process.
    package static var reason: String { "it wrote more than \(bytes >> 20) MiB to its output" }
}
