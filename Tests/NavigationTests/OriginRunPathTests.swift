import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// A plugin library with a dependency beside it, found through `$ORIGIN` in its run path, as
/// SwiftPM and most build systems link one library of a package to another.
@Suite struct OriginRunPathTests {
    /// A C plugin whose entry's init succeeds only if its dependency, `lib<helper>.so` in the same
    /// folder, was loaded: built the way an author would, with `-Wl,-rpath,$ORIGIN`. Each test
    /// names its own helper: the dynamic linker takes a library already loaded under the same
    /// name, from whatever folder, for a dependency.
    static func sources(helper: String) -> (helper: String, plugin: String) {
        let helperSource = "int \(helper)(void) { return 7; }\n"
        let plugin = """
            #include <plugboard.h>
            #include <stddef.h>

            int \(helper)(void);

            static bool entry_init(const pb_host_info_t *info) {
                (void)info;
                return \(helper)() == 7;
            }
            static void entry_deinit(void) {}
            static const void *get_factory(const char *id) {
                (void)id;
                return NULL;
            }
            PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, get_factory};

            """
        return (helperSource, plugin)
    }

    /// The folder holding `libBeside.so` and `lib<helper>.so`.
    static func build(helper: String) throws -> URL {
        let folder = try makeTemporaryDirectory()
        let (helperSource, plugin) = sources(helper: helper)
        try helperSource.write(to: folder.appendingPathComponent("helper.c"), atomically: true, encoding: .utf8)
        try plugin.write(to: folder.appendingPathComponent("plugin.c"), atomically: true, encoding: .utf8)
        let include = PackageRoot.path + "/Sources/PlugboardABI/include"
        for command in [
            ["cc", "-shared", "-fPIC", "-o", "lib\(helper).so", "helper.c"],
            [
                "cc", "-shared", "-fPIC", "-I", include, "-o", "libBeside.so", "plugin.c", "-L.", "-l\(helper)",
                "-Wl,-rpath,$ORIGIN",
            ],
        ] {
            let result = try run(command, in: folder.path)
            #expect(result.status == 0, "\(result.output)")
        }
        return folder
    }

    @Test func aLibraryFindsTheDependencyBesideItThroughOrigin() throws {
        let folder = try Self.build(helper: "beside_unpinned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try LibrarySearchPath([folder.path]).resolve("Beside")
        let library = try PluginLibrary.open(path: path)
        defer { library.release() }
        #expect(library.path == folder.path + "/libBeside.so")
    }

    /// A pinned library is mapped from the descriptor that was hashed, where `$ORIGIN` names
    /// `/proc/self/fd`: the error says so and what to do.
    @Test func aPinnedLibraryWithAnOriginDependencySaysWhyItDoesNotLoad() throws {
        let folder = try Self.build(helper: "beside_pinned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/libBeside.so"
        let pin = try PinTests.digest(path)
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path, sha256: pin) }
        let message = error?.description ?? ""
        #expect(message.hasPrefix(path + ": "))
        #expect(message.contains("libbeside_pinned.so: cannot open shared object file"))
        #expect(message.contains("where $ORIGIN in its run path does not name its folder"))
    }

    /// An unpinned library is mapped from the descriptor that was checked: a file renamed over
    /// the path between the checks and `dlopen` — here one of another ABI major, whose ELF
    /// constructor must never run — is never mapped, and the library checked is what loads.
    @Test func aFileRenamedOverAnUnpinnedPathBeforeDlopenIsNeverMapped() throws {
        let (folder, paths) = try PinTests.copies(["TestScreenC", "BrokenABIConstructor"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (checked, other) = (paths[0], paths[1])
        var swapped = false
        let library = try PluginLibrary.open(path: checked, sha256: nil) { swapped = rename(other, checked) == 0 }
        defer { library.release() }
        #expect(swapped)
        #expect(library.descriptors.map(\.id).contains("test.screen.c"))
        // The file now at the path (the other major's) was never mapped into this process.
        #expect(dlopen(checked, RTLD_NOW | RTLD_NOLOAD) == nil)
    }

    /// A library with a dependency beside it is opened by its path (so `$ORIGIN` names its
    /// folder); a file renamed over that path between the checks and `dlopen` is found out (the
    /// dynamic linker's library of the checked descriptor is not the one it mapped) and refused.
    @Test func aFileRenamedOverALibraryWithADependencyBesideItIsRefused() throws {
        let folder = try Self.build(helper: "beside_swapped")
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = folder.path + "/libBeside.so"
        let other = folder.path + "/libOther.so"
        try FileManager.default.copyItem(atPath: Built.library("TestExportsC"), toPath: other)
        var swapped = false
        let error = #expect(throws: PluginLoadError.self) {
            try PluginLibrary.open(path: checked, sha256: nil) { swapped = rename(other, checked) == 0 }
        }
        #expect(swapped)
        #expect(error == .notLoadable(path: checked, reason: "the file changed while it was being loaded"))
    }

    /// Both spellings the dynamic linker reads, wherever they are in a run path's folder, and
    /// nothing else (`$ORIGINAL` is `$ORIGIN` then `AL`, as ld.so reads it; a lone `$` stays).
    @Test func aRunPathFolderHasItsOriginReplaced() {
        let expand = { PluginLibrary.expandingOrigin($0, to: "/apps/a") }
        #expect(expand("$ORIGIN") == "/apps/a")
        #expect(expand("${ORIGIN}/../lib") == "/apps/a/../lib")
        #expect(expand("/opt/$ORIGIN/x:$ORIGIN") == "/opt//apps/a/x:/apps/a")
        #expect(expand("$ORIGINAL") == "/apps/aAL")
        #expect(expand("/usr/lib") == "/usr/lib")
        #expect(expand("a$b$") == "a$b$")
        #expect(expand("") == "")
        #expect(expand("/é/$ORIGIN/ü") == "/é//apps/a/ü")
    }

    /// A run path's folders, as the dynamic linker's list: split at ":", empty parts left out.
    @Test func aRunPathIsSplitIntoItsFolders() {
        #expect(ELFDynamicSymbols.folders("$ORIGIN:/usr/lib") == ["$ORIGIN", "/usr/lib"])
        #expect(ELFDynamicSymbols.folders("::a::b:") == ["a", "b"])
        #expect(ELFDynamicSymbols.folders("/é") == ["/é"])
        #expect(ELFDynamicSymbols.folders("").isEmpty)
        #expect(ELFDynamicSymbols.folders(nil).isEmpty)
    }
}
