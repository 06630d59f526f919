import Foundation

/// The directories where plugin libraries are looked up, in order.
///
/// The loader always hands `dlopen` an absolute path that it found itself: never a bare name
/// (which would make `dlopen` consult `LD_LIBRARY_PATH`, the cache and the system folders), so
/// the library that runs is the one the user can see in the error messages.
public struct LibrarySearchPath: Sendable, Equatable {
    public var directories: [String]

    public init(_ directories: [String]) {
        self.directories = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
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
            return path
        }
        var searched: [String] = []
        for directory in directories {
            for candidate in Self.candidates(for: name) {
                let path = URL(fileURLWithPath: directory).appendingPathComponent(candidate).standardizedFileURL.path
                searched.append(path)
                if isFile(path) { return path }
            }
        }
        throw .libraryNotFound(name: name, searched: searched)
    }
}
