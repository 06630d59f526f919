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
    package var directories: [String]
    /// Accept libraries and folders writable by others, and symlinks out of the search folders.
    package var allowsUnsafeFiles = false

    /// Looks libraries up in `directories`, first to last. A relative folder is made absolute
    /// against the current directory now (and `.` and `..` resolved), so a later `chdir` does not
    /// change what loads. `allowsUnsafeFiles` (off by default) accepts libraries and folders
    /// writable by others and symlinks that lead out of the search folders.
    public init(_ directories: [String], allowsUnsafeFiles: Bool = false) {
        // A folder already in standard form is kept as given: `URL`'s standardisation gives the
        // same string after parsing and rebuilding a URL.
        self.directories = directories.map {
            Self.isStandard($0) ? $0 : URL(fileURLWithPath: $0).standardizedFileURL.path
        }
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
    ///
    /// A plain file name in a folder already in standard form (the usual case) is joined as a
    /// string and checked with one `stat`; anything else (`..`, subfolders, an empty name, a
    /// folder set by hand) goes through `URL` standardisation, with the same result either way.
    package func resolve(_ name: String) throws(PluginLoadError) -> String {
        if name.hasPrefix("/") {
            let path = URL(fileURLWithPath: name).standardizedFileURL.path
            guard Self.isFile(path) else { throw .libraryNotFound(name: name, searched: [path]) }
            try checkOwnership(path)
            return path
        }
        let candidates = Self.candidates(for: name)
        let plain = candidates.map(Self.isPlainFileName)
        var searched: [String] = []
        for directory in directories {
            let standard = Self.isStandard(directory)
            for (candidate, isPlain) in zip(candidates, plain) {
                let path =
                    standard && isPlain
                    ? (directory == "/" ? "/" + candidate : directory + "/" + candidate)
                    : URL(fileURLWithPath: directory).appendingPathComponent(candidate).standardizedFileURL.path
                // `..` or a subfolder trick must not leave the folder the name is looked up in.
                guard path.hasPrefix(directory == "/" ? "/" : directory + "/") else {
                    throw .unsafePath(path: path, reason: "the name '\(name)' leaves the search folder \(directory)")
                }
                searched.append(path)
                guard Self.isFile(path) else { continue }
                try checkSymlinks(path)
                try checkOwnership(path)
                return path
            }
        }
        throw .libraryNotFound(name: name, searched: searched)
    }

    /// True when `path` names something that is not a folder (following links), as
    /// `FileManager.fileExists(atPath:isDirectory:)` answers it, with one `stat`.
    static func isFile(_ path: String) -> Bool {
        guard !path.utf8.contains(0) else { return false }  // no C path has a NUL
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT != S_IFDIR
    }

    /// A name joined to a folder as is: one path component, not `.` or `..`.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
            && !name.utf8.contains(0)
    }

    /// True when `URL` standardisation leaves `directory` as it is: absolute, no empty, `.` or
    /// `..` component, no trailing slash (except the root itself).
    static func isStandard(_ directory: String) -> Bool {
        guard directory.hasPrefix("/"), !directory.utf8.contains(0) else { return false }
        if directory == "/" { return true }
        return directory.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
            .allSatisfy { component in
                !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
            }
    }

    /// A symlink (anywhere on the way) must land inside one of the search folders. A path that
    /// is its own real path has no link on the way, its folder included, so it is inside the
    /// folder it was found in without resolving the folders (a `readlink` per component each).
    private func checkSymlinks(_ path: String) throws(PluginLoadError) {
        guard !allowsUnsafeFiles, let real = Self.realPath(path), real != path else { return }
        let inside = directories.compactMap(Self.realPath).contains { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        guard inside else {
            throw .unsafePath(path: path, reason: "it is a link to \(real), outside the search folders")
        }
    }

    /// Neither the library nor its folder may be writable by others (a sticky folder such as /tmp
    /// is still refused for the library's own folder: anyone could put a file there first).
    private func checkOwnership(_ path: String) throws(PluginLoadError) {
        guard !allowsUnsafeFiles else { return }
        let folder = Self.folder(of: path)
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

    /// The folder of a standardised absolute path, as `URL.deletingLastPathComponent` gives it.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
