import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardEngine

/// The files whose change reloads the app: its plugins.json, rivers.json and settings.json, and
/// every library its manifests name, as the loader would resolve them (read from the
/// configuration in this process; no plugin code runs here).
enum AppFiles {
    static func watched(_ launch: EngineLaunch) -> [String] {
        var files: [String] = []
        let folder = launch.folder.map { URL(fileURLWithPath: $0) }
        if let folder {
            files += ["plugins.json", "rivers.json", "settings.json"].map { folder.appendingPathComponent($0).path }
        }
        files += [launch.pluginsFile, launch.riversFile].compactMap { $0 }
        let configuration: AppConfiguration?
        if let folder, launch.pluginsFile == nil, launch.riversFile == nil {
            configuration = try? AppConfiguration.load(folder: folder)
        } else {
            configuration = nil
        }
        for entry in configuration?.plugins.entries ?? [] {
            guard let library = entry.manifest.plugboard?.library else { continue }
            if let path = try? launch.searchPath.resolve(library) { files.append(path) }
        }
        return Array(Set(files)).sorted()
    }

    /// What identifies a file's content without reading it: device, inode, size, modification
    /// time (a rebuild that writes in place or renames over the file changes one of them).
    struct Signature: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, modified: Int64
    }

    static func signature(_ path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Signature(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
