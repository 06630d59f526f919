import Foundation

/// The directories where plugin libraries are looked up, in order.
///
/// The loader always hands `dlopen` an absolute path that it found itself: never a bare name
/// (which would make `dlopen` consult `LD_LIBRARY_PATH`, the cache and the system folders), so
/// the library that runs is the one the user can see in the error messages.
///
/// Like ld.so's secure mode and OpenSSH's StrictModes, it refuses what another user could have
/// swapped: a name that leaves the search folders (`../x.so`), a symlink whose target lies
/// outside them, and a library or folder writable by others — unless `allowsUnsafeFiles` (the
/// CLI's `--allow-unsafe-plugin-paths`) says to accept them.
public struct LibrarySearchPath: Sendable, Equatable, Codable {
    public var directories: [String]
    /// Accept libraries and folders writable by others, and symlinks out of the search folders.
    public var allowsUnsafeFiles = false

    public init(_ directories: [String], allowsUnsafeFiles: Bool = false) {
        self.directories = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        self.allowsUnsafeFiles = allowsUnsafeFiles
    }

    /// The file names tried for `name` in each directory: the name itself, then the platform's
    /// `lib<name>.so` spelling, so a manifest can say `GeneralNavBar` or `libGeneralNavBar.so`.
    static func candidates(for name: String) -> [String] {
        var names = [name]
        if !name.hasSuffix(".so") {
            names.append(name + ".so")
            if !name.hasPrefix("lib") { names.append("lib" + name + ".so") }
        }
        return names
    }

    /// Resolves `name` to the absolute path of an existing regular file.
    /// An absolute `name` is checked as is; anything else is looked up in each directory.
    public func resolve(_ name: String) throws(PluginLoadError) -> String {
        let fileManager = FileManager.default
        func isFile(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        if name.hasPrefix("/") {
            let path = URL(fileURLWithPath: name).standardizedFileURL.path
            guard isFile(path) else { throw .libraryNotFound(name: name, searched: [path]) }
            try checkOwnership(path)
            return path
        }
        var searched: [String] = []
        for directory in directories {
            for candidate in Self.candidates(for: name) {
                let path = URL(fileURLWithPath: directory).appendingPathComponent(candidate).standardizedFileURL.path
                // `..` or a subfolder trick must not leave the folder the name is looked up in.
                guard path.hasPrefix(directory == "/" ? "/" : directory + "/") else {
                    throw .unsafePath(path: path, reason: "the name '\(name)' leaves the search folder \(directory)")
                }
                searched.append(path)
                guard isFile(path) else { continue }
                try checkSymlinks(path)
                try checkOwnership(path)
                return path
            }
        }
        throw .libraryNotFound(name: name, searched: searched)
    }

    /// A symlink (anywhere on the way) must land inside one of the search folders.
    private func checkSymlinks(_ path: String) throws(PluginLoadError) {
        guard !allowsUnsafeFiles, let real = Self.realPath(path) else { return }
        let inside = directories.compactMap(Self.realPath).contains { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        guard inside else {
            throw .unsafePath(path: path, reason: "it is a link to \(real), outside the search folders")
        }
    }

    /// Neither the library nor its folder may be writable by others (a sticky folder such as /tmp
    /// is still refused for the library's own folder: anyone could put a file there first).
    private func checkOwnership(_ path: String) throws(PluginLoadError) {
        guard !allowsUnsafeFiles else { return }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for (what, checked) in [("the library", path), ("its folder \(folder)", folder)] {
            var status = stat()
            guard stat(checked, &status) == 0 else { continue }
            if status.st_mode & S_IWOTH != 0 {
                let mode = String(status.st_mode & 0o7777, radix: 8)
                throw .unsafePath(
                    path: path,
                    reason:
                        "\(what) is writable by others (mode \(mode)); fix the permissions or pass --allow-unsafe-plugin-paths"
                )
            }
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
