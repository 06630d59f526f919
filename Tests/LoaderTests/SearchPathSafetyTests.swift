import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader

/// The search path refuses what another user could have swapped, as ld.so's secure mode and
/// OpenSSH's StrictModes do: names leaving the search folders, links out of them, libraries and
/// folders writable by others — unless told to allow them.
@Suite struct SearchPathSafetyTests {
    /// A search folder with a copy of a real plugin, and a folder beside it.
    static func folders() throws -> (root: URL, plugins: URL, elsewhere: URL) {
        let root = try makeTemporaryDirectory()
        let plugins = root.appendingPathComponent("plugins")
        let elsewhere = root.appendingPathComponent("elsewhere")
        for folder in [plugins, elsewhere] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for folder in [plugins, elsewhere] {
            try FileManager.default.copyItem(
                atPath: Built.library("TestScreenC"), toPath: folder.appendingPathComponent("libTestScreenC.so").path)
        }
        return (root, plugins, elsewhere)
    }

    /// Folders are kept in `URL`'s standard form; one already in it is kept as given, without
    /// asking `URL`, and the result is the same string either way.
    @Test(arguments: [
        "/", "/usr/lib", "/a/b.c/d-e", "/a/./b", "/a/../b", "/a//b", "/a/b/", "relative/dir", "./x", "", "/..", "/a/..",
        "/é/ü", "/.hidden/.so",
    ])
    func searchFoldersAreInStandardForm(directory: String) {
        let expected = URL(fileURLWithPath: directory).standardizedFileURL.path
        #expect(LibrarySearchPath([directory]).directories == [expected])
        if LibrarySearchPath.isStandard(directory) { #expect(directory == expected) }
    }

    @Test func namesCannotLeaveTheSearchFolders() throws {
        let (root, plugins, _) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = LibrarySearchPath([plugins.path])
        #expect(try path.resolve("TestScreenC") == plugins.path + "/libTestScreenC.so")
        #expect(
            throws: PluginLoadError.unsafePath(
                path: root.path + "/elsewhere/libTestScreenC.so",
                reason: "the name '../elsewhere/libTestScreenC.so' leaves the search folder \(plugins.path)")
        ) { try path.resolve("../elsewhere/libTestScreenC.so") }
    }

    @Test func aLinkOutOfTheSearchFoldersIsRefused() throws {
        let (root, plugins, elsewhere) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: plugins.path + "/libOut.so", withDestinationPath: elsewhere.path + "/libTestScreenC.so")
        try FileManager.default.createSymbolicLink(
            atPath: plugins.path + "/libIn.so", withDestinationPath: plugins.path + "/libTestScreenC.so")
        let path = LibrarySearchPath([plugins.path])
        #expect(try path.resolve("In") == plugins.path + "/libIn.so")
        let error = #expect(throws: PluginLoadError.self) { try path.resolve("Out") }
        #expect(error?.description.hasSuffix("outside the search folders") == true)
        #expect(
            try LibrarySearchPath([plugins.path], allowsUnsafeFiles: true).resolve("Out") == plugins.path + "/libOut.so"
        )
    }

    /// A search folder named through a link (as `.build/release` is) holds its libraries; a link
    /// in it that leaves it is still refused, whichever way the folder is named.
    @Test func aSearchFolderThatIsALinkStillHoldsItsLibraries() throws {
        let (root, plugins, elsewhere) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let linked = root.path + "/linked"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: plugins.path)
        try FileManager.default.createSymbolicLink(
            atPath: plugins.path + "/libOut.so", withDestinationPath: elsewhere.path + "/libTestScreenC.so")
        let path = LibrarySearchPath([linked])
        #expect(try path.resolve("TestScreenC") == linked + "/libTestScreenC.so")
        let error = #expect(throws: PluginLoadError.self) { try path.resolve("Out") }
        #expect(error?.description.hasSuffix("outside the search folders") == true)
    }

    @Test func filesAndFoldersWritableByOthersAreRefused() throws {
        let (root, plugins, _) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let library = plugins.path + "/libTestScreenC.so"
        chmod(library, 0o757)
        #expect(
            throws: PluginLoadError.unsafePath(
                path: library,
                reason:
                    "the library is writable by others (mode 757); fix the permissions or pass --allow-unsafe-plugin-paths"
            )
        ) { try LibrarySearchPath([plugins.path]).resolve("TestScreenC") }
        chmod(library, 0o755)
        chmod(plugins.path, 0o777)
        let folder = #expect(throws: PluginLoadError.self) { try LibrarySearchPath([plugins.path]).resolve(library) }
        #expect(folder?.description.contains("its folder \(plugins.path) is writable by others (mode 777)") == true)
        #expect(try LibrarySearchPath([plugins.path], allowsUnsafeFiles: true).resolve("TestScreenC") == library)

        // From the outside: `inspect` of an app whose plugin folder anyone may write to.
        let result = try runPlugboard(["inspect", library])
        #expect(result.status == 1)
        #expect(result.stderr.contains("writable by others"))
        #expect(result.hasNoBacktrace)
    }
}
