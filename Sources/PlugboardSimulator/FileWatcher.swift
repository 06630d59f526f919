import Foundation
import PlugboardCore

/// Reloads the app when one of its files changes on disk. It compares the files' signatures a
/// few times a second: a rebuild either writes a library in place or renames a new one over it,
/// and `stat` sees both without inotify's bookkeeping of replaced paths. (The page never polls:
/// it is told over the WebSocket.) A change must hold still for one interval before the reload,
/// so a linker still writing the library is not caught halfway.
struct FileWatcher: Sendable {
    let session: SimulatorSession
    var interval: Duration = .milliseconds(250)

    func run() async {
        var files = session.watchedFiles
        var last = signatures(files)
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            var now = signatures(files)
            guard now != last else { continue }
            repeat {
                last = now
                try? await Task.sleep(for: interval)
                now = signatures(files)
            } while now != last && !Task.isCancelled
            session.start()
            files = session.watchedFiles  // the configuration may name other libraries now
            last = signatures(files)
        }
    }

    private func signatures(_ files: [String]) -> [AppFiles.Signature?] { files.map(AppFiles.signature) }
}
