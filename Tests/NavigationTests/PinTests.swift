import AppTestSupport
import Foundation
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The manifest's `sha256` pin: a library whose bytes differ is not loaded.
@Suite struct PinTests {
    /// The FIPS 180-4 examples, through the digest the loader uses (swift-crypto), in memory and
    /// through a descriptor read in chunks.
    @Test func sha256MatchesTheStandardVectors() throws {
        let vectors = [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                String(repeating: "a", count: 1_000_000),
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
            ),
        ]
        let folder = try makeTemporaryDirectory()
        for (index, (message, digest)) in vectors.enumerated() {
            #expect(LibraryFile.sha256(of: Array(message.utf8)) == digest)
            let url = folder.appendingPathComponent("vector-\(index)")
            try Data(message.utf8).write(to: url)
            let file = try LibraryFile.open(url.path)
            defer { file.close() }
            #expect(try file.sha256() == digest)
        }
    }

    /// Several files hashed together (half the bytes on a second thread once there are enough)
    /// give each file's own digest, in order, and a file that cannot be read gives its error in
    /// its place; below the threshold the same holds on one thread.
    @Test(arguments: [1, 3_000_000]) func filesHashedTogetherGiveEachFilesOwnDigest(largeBytes: Int) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = ["", "abc", String(repeating: "a", count: largeBytes), String(repeating: "b", count: 70_000)]
        var files = try contents.enumerated().map { index, text in
            let url = folder.appendingPathComponent("file-\(index)")
            try Data(text.utf8).write(to: url)
            return try LibraryFile.open(url.path)
        }
        let closed = try LibraryFile.open(folder.appendingPathComponent("file-1").path)
        closed.close()
        files.insert(closed, at: 2)
        defer { files.forEach { $0.close() } }
        #expect((largeBytes >= LibraryFile.minimumBytesForTwoThreads) == (largeBytes > 1))
        let results = LibraryFile.sha256s(files)
        #expect(results.count == files.count)
        for (index, (file, result)) in zip(files, results).enumerated() {
            if index == 2 {
                #expect(throws: PluginLoadError.self) { try result.get() }
            } else {
                #expect(try result.get() == file.sha256())
                #expect(try result.get() == LibraryFile.sha256(of: Array(contents[index < 2 ? index : index - 1].utf8)))
            }
        }
    }

    /// Copies of built test libraries in a fresh temporary folder (the build folder is never touched).
    static func copies(_ names: [String]) throws -> (folder: URL, paths: [String]) {
        let folder = try makeTemporaryDirectory()
        let paths = try names.map { name in
            let path = folder.appendingPathComponent("lib\(name).so").path
            try FileManager.default.copyItem(atPath: Built.library(name), toPath: path)
            return path
        }
        return (folder, paths)
    }

    static func digest(_ path: String) throws -> String {
        LibraryFile.sha256(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The attack the pin is for, won by construction: the file is replaced (an atomic rename of
    /// another valid plugin library over the path) after the pin check and before `dlopen`. What
    /// loads is still the verified file, and the replacement's code never runs.
    @Test func aFileRenamedOverThePathAfterTheCheckIsNotWhatLoads() throws {
        let (folder, paths) = try Self.copies(["TestScreenC", "TestExportsC"])
        let (pinned, other) = (paths[0], paths[1])
        let pin = try Self.digest(pinned)
        var swapped = false
        let library = try PluginLibrary.open(path: pinned, sha256: pin) {
            swapped = rename(other, pinned) == 0
        }
        defer { library.release() }
        #expect(swapped)
        // The path now names the other library...
        #expect(try Self.digest(pinned) != pin)
        // ...but the loaded one is the verified file: its descriptors, none of the other's.
        #expect(library.descriptors.map(\.id) == ["test.screen.c", "test.screen.init-fails"])
        #expect(library.symbol("ex_touch") == nil)
        #expect(try library.file.sha256() == pin)
        // The replacement (its inode, now at `pinned`) was never mapped into the process.
        #expect(dlopen(pinned, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) == nil)
        _ = folder
    }

    @Test func aFileThatCannotBeReadIsUnreadableNotAMismatch() throws {
        let folder = try makeTemporaryDirectory()
        let pin = String(repeating: "0", count: 64)
        // A directory, a dangling symbolic link and a FIFO (which must not block the host): each
        // refused before anything is hashed, even as root.
        let directory = folder.appendingPathComponent("libDirectory.so").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let dangling = folder.appendingPathComponent("libDangling.so").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/missing")
        let fifo = folder.appendingPathComponent("libFIFO.so").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let expected = [
            directory: "not a regular file", dangling: String(cString: strerror(ENOENT)), fifo: "not a regular file",
        ]
        for (path, reason) in expected {
            for sha256 in [pin, nil] {
                let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path, sha256: sha256) }
                #expect(error == .unreadable(path: path, reason: reason))
                #expect(
                    error?.description == "\(path): cannot read the library file: \(reason); the library was not loaded"
                )
            }
        }
    }

    @Test func aMismatchIsRefusedWithBothDigestsAndNothingRuns() throws {
        let (_, paths) = try Self.copies(["TestExportsC"])
        let actual = try Self.digest(paths[0])
        let wrong = String(repeating: "f", count: 64)
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: paths[0], sha256: wrong) }
        #expect(error == .pinMismatch(path: paths[0], expected: wrong, actual: actual))
        #expect(dlopen(paths[0], RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) == nil)
    }

    /// One file is hashed once, whether it is named twice, by another path (a symbolic link) or
    /// pinned again after it loaded; a wrong pin on a loaded file is checked against that digest.
    @Test func aFileIsHashedOnceHoweverManyPinsNameIt() throws {
        let (folder, paths) = try Self.copies(["TestScreenC"])
        let link = folder.appendingPathComponent("libLinked.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: paths[0])
        let pin = try Self.digest(paths[0])
        let first = try PluginLibrary.open(path: paths[0], sha256: pin)
        let second = try PluginLibrary.open(path: paths[0], sha256: pin)
        let third = try PluginLibrary.open(path: link, sha256: pin)
        defer { [first, second, third].forEach { $0.release() } }
        #expect(first === second && second === third)
        #expect(first.initCount == 3)
        let wrong = String(repeating: "0", count: 64)
        #expect(throws: PluginLoadError.pinMismatch(path: link, expected: wrong, actual: pin)) {
            try PluginLibrary.open(path: link, sha256: wrong)
        }
        #expect(PluginLibrary.hashCount(path: paths[0]) == 1)
    }

    /// A library first loaded without a pin is hashed, once, when a pin names it: through the
    /// descriptor it was loaded from.
    @Test func aLibraryLoadedUnpinnedIsHashedWhenFirstPinned() throws {
        let (_, paths) = try Self.copies(["TestScreenC"])
        let pin = try Self.digest(paths[0])
        let unpinned = try PluginLibrary.open(path: paths[0])
        defer { unpinned.release() }
        #expect(PluginLibrary.hashCount(path: paths[0]) == 0)
        for _ in 0..<2 {
            let pinned = try PluginLibrary.open(path: paths[0], sha256: pin)
            pinned.release()
            #expect(pinned === unpinned)
        }
        #expect(PluginLibrary.hashCount(path: paths[0]) == 1)
    }

    /// From an app folder: every runnable plugin pinned; those whose pins match load, the one
    /// whose pin is wrong is refused with both digests and the others are not held back by it.
    @Test func anAppWithSeveralPinnedLibrariesLoadsTheMatchingOnes() throws {
        var fixture = StandardApp.fixture()
        let wrong = String(repeating: "0", count: 64)
        for index in fixture.plugins.indices {
            guard var manifest = fixture.plugins[index]["plugin"] as? [String: Any],
                var keys = manifest["plugboard"] as? [String: Any], let name = keys["library"] as? String,
                name != "NoSuchLibrary"
            else { continue }
            keys["sha256"] = name == "BrokenCreateNull" ? wrong : try Self.digest(Built.library(name))
            manifest["plugboard"] = keys
            fixture.plugins[index]["plugin"] = manifest
        }
        let app = try fixture.launch()
        for id in ["test.navbar.swift", "test.root.swift", "test.root.plain", "test.screen.c"] {
            #expect(app.plugins.plugin(id) != nil, "\(id): \(app.plugins.failures[id]?.description ?? "")")
        }
        let actual = try Self.digest(Built.library("BrokenCreateNull"))
        #expect(
            app.plugins.failures["test.screen.create-null"]?.error
                == .pinMismatch(path: Built.library("BrokenCreateNull"), expected: wrong, actual: actual))
    }

    /// An app maps the libraries of its unpinned manifests together before it opens the first
    /// (`AppPlugins`), and leaves a library any manifest pins to `open`, which hashes it first.
    /// Here one library (a copy no other test has loaded) is named by a pinned manifest and an
    /// unpinned one, and another by an unpinned one: all three plugins load, the pinned library
    /// is hashed once and loaded once, whatever the order of the manifests.
    @Test(arguments: [true, false]) func libraryMappedTogetherOrPinnedLoadsForEveryManifest(pinnedFirst: Bool) throws {
        let (folder, paths) = try Self.copies(["TestScreenC", "TestExportsC"])
        let pin = try Self.digest(paths[0])
        var fixture = StandardApp.fixture()
        var pinned = AppFixture.plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true)
        var manifest = pinned["plugin"] as! [String: Any]
        manifest["plugboard"] = ["library": "TestScreenC", "sha256": pin]
        pinned["plugin"] = manifest
        var unpinned = AppFixture.plugin("test.screen.c.again", type: "general", library: "TestScreenC", screen: true)
        manifest = unpinned["plugin"] as! [String: Any]
        manifest["api"] = ["class_name": "test.screen.c"]
        unpinned["plugin"] = manifest
        fixture.plugins[3] = pinnedFirst ? pinned : unpinned
        fixture.plugins.append(pinnedFirst ? unpinned : pinned)
        fixture.plugins.append(
            AppFixture.plugin("test.exports", type: "general", library: "TestExportsC", screen: true))
        let app = try PlugboardApp(
            folder: try fixture.write(),
            searchPath: LibrarySearchPath([folder.path] + Built.searchPath.directories))
        defer { app.shutdown() }
        for id in ["test.screen.c", "test.screen.c.again"] {
            let plugin = app.plugins.plugin(id)
            #expect(plugin?.library.path == paths[0], "\(id): \(app.plugins.failures[id]?.description ?? "")")
        }
        #expect(app.plugins.plugin("test.screen.c")?.library === app.plugins.plugin("test.screen.c.again")?.library)
        #expect(PluginLibrary.hashCount(path: paths[0]) == 1)
        #expect(app.plugins.plugin("test.exports")?.library.path == paths[1], "\(app.plugins.failures)")
    }

    static func fixture(pin: String) -> AppFixture {
        var fixture = StandardApp.fixture()
        var plugin = AppFixture.plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true)
        var manifest = plugin["plugin"] as! [String: Any]
        manifest["plugboard"] = ["library": "TestScreenC", "sha256": pin]
        plugin["plugin"] = manifest
        fixture.plugins[3] = plugin
        return fixture
    }

    @Test func aMatchingPinLoadsAndAWrongOneIsRefusedWithBothDigests() throws {
        let actual = try Self.digest(Built.library("TestScreenC"))
        let good = try Self.fixture(pin: actual.uppercased()).launch()
        #expect(good.plugins.plugin("test.screen.c") != nil)

        let wrong = String(repeating: "0", count: 64)
        let bad = try Self.fixture(pin: wrong).launch()
        #expect(bad.plugins.plugin("test.screen.c") == nil)
        #expect(
            bad.plugins.failures["test.screen.c"]?.error
                == .pinMismatch(path: Built.library("TestScreenC"), expected: wrong, actual: actual))
        // Its screen shows the error instead of running unverified code.
        #expect(bad.selectRootItem("m-plugin"))
        #expect(bad.visibleEntry?.controller is BuiltInScreen)
    }
}
