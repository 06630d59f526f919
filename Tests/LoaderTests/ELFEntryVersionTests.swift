import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The ABI version of `plugboard_entry`, read from the file before `dlopen`: it agrees with what
/// `dlopen` sees, and every file the loader refuses from it runs nothing.
@Suite struct ELFEntryVersionTests {
    /// The version the dynamic linker sees in the loaded library's `plugboard_entry`.
    static func loadedVersion(_ path: String) throws -> ABIVersion {
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "\(path)")
        let symbol = try #require(dlsym(handle, PB_ENTRY_SYMBOL))
        return ABIVersion(symbol.assumingMemoryBound(to: pb_plugin_entry_t.self).pointee.abi_version)
    }

    /// Whether the dynamic linker has the library at `path` mapped in this process.
    static func isMapped(_ path: String) -> Bool { dlopen(path, RTLD_NOW | RTLD_NOLOAD) != nil }

    /// A marker path in a fresh folder: the constructor of BrokenABIConstructor creates it.
    static func markerPath() throws -> String { try makeTemporaryDirectory().appendingPathComponent("marker").path }

    /// The marker of this test process, set once in its environment: no test may load
    /// BrokenABIConstructor into this process, so the file must never exist.
    static let processMarker: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugboard-tests-marker-\(UUID().uuidString)"
        ).path
        setenv("PLUGBOARD_TEST_MARKER", path, 1)
        return path
    }()

    /// Compiles `source` (which may include plugboard.h) into a library in a fresh folder.
    static func compile(_ source: String) throws -> String {
        let directory = try makeTemporaryDirectory()
        try source.write(to: directory.appendingPathComponent("lib.c"), atomically: true, encoding: .utf8)
        let library = directory.appendingPathComponent("libCompiled.so").path
        let include = PackageRoot.path + "/Sources/PlugboardABI/include"
        let result = try run(["cc", "-shared", "-fPIC", "-I", include, "-o", library, "lib.c"], in: directory.path)
        try #require(result.status == 0, "\(result.output)")
        return library
    }

    /// Writes `bytes` to a fresh file and returns its path.
    static func write(_ bytes: [UInt8], name: String = "libCopy.so") throws -> String {
        let url = try makeTemporaryDirectory().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(arguments: ["TestScreenC", "GeneralNavBar", "EPG", "TestSwiftPlugins", "BrokenNoFactory"])
    func theFileSaysWhatDlopenSees(name: String) throws {
        let path = Built.library(name)
        let version = try ELFDynamicSymbols.entryVersion(path: path)
        #expect(version == ABIVersion.host)
        #expect(version == (try Self.loadedVersion(path)))
    }

    @Test func aFutureMajorIsReadFromTheFile() throws {
        for name in ["BrokenABIMajor", "BrokenABIConstructor"] {
            #expect(
                try ELFDynamicSymbols.entryVersion(path: Built.library(name))
                    == ABIVersion(major: 99, minor: 0, patch: 0))
        }
    }

    /// The control for the tests below: loading BrokenABIConstructor in a process (here as
    /// LD_PRELOAD of `true`) does create the marker.
    @Test func theConstructorCreatesTheMarkerWhenTheLibraryIsLoaded() throws {
        let marker = try Self.markerPath()
        let result = try run([
            "PLUGBOARD_TEST_MARKER=\(marker)", "LD_PRELOAD=\(Built.library("BrokenABIConstructor"))", "true",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: marker))
    }

    /// The library is refused with the ABI error, its constructor never ran (no marker) and the
    /// dynamic linker never mapped it.
    @Test func aWrongMajorIsRefusedBeforeItsConstructorRuns() throws {
        let path = Built.library("BrokenABIConstructor")
        let marker = Self.processMarker
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error == .abiMajorMismatch(path: path, plugin: ABIVersion(major: 99, minor: 0, patch: 0), host: .host))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(!Self.isMapped(path))
    }

    @Test func inspectRefusesAWrongMajorBeforeItsConstructorRuns() throws {
        let path = Built.library("BrokenABIConstructor")
        let marker = try Self.markerPath()
        let result = try runPlugboard(["inspect", path], environment: ["PLUGBOARD_TEST_MARKER": marker])
        #expect(result.status != 0)
        #expect(
            result.errorLines == [
                "Error: \(path): plugin ABI 99.0.0 is incompatible with host ABI \(ABIVersion.host) (major 99 ≠ 1); "
                    + "rebuild the plugin against plugboard.h 1.x"
            ])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func aTextFileIsNotLoadable() throws {
        let path = try Self.write(Array("not a shared object\n".utf8))
        #expect(throws: ELFReadError("not an ELF file")) { try ELFDynamicSymbols.entryVersion(path: path) }
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error == .notLoadable(path: path, reason: "not an ELF file"))
        #expect(error?.description == "\(path): not a loadable shared object: not an ELF file")
    }

    @Test func aMissingFileOrADirectoryIsNotLoadable() throws {
        let directory = try makeTemporaryDirectory().path
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: directory) }
        #expect(error == .unreadable(path: directory, reason: "not a regular file"))
        let missing = directory + "/libNope.so"
        let other = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: missing) }
        #expect(other == .unreadable(path: missing, reason: "No such file or directory"))
    }

    /// Truncated copies of the constructor library: each is refused from its bytes, the loader
    /// says so, and the constructor never runs.
    @Test func truncatedCopiesAreNotLoadableAndRunNothing() throws {
        let original = try Self.bytes(Built.library("BrokenABIConstructor"))
        let marker = Self.processMarker
        for (length, reason) in [
            (0, "not an ELF file"), (3, "not an ELF file"), (19, "truncated ELF header"), (63, "truncated ELF header"),
            (64, "section header table out of bounds"), (original.count / 2, "section header table out of bounds"),
            (original.count - 1, "section header table out of bounds"),
        ] {
            let bytes = Array(original.prefix(length))
            #expect(throws: ELFReadError(reason), "length \(length)") {
                try ELFDynamicSymbols.entryVersion(bytes: bytes)
            }
            let path = try Self.write(bytes)
            let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
            #expect(error == .notLoadable(path: path, reason: reason), "length \(length)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func anotherMachineIsRefusedByName() throws {
        var bytes = try Self.bytes(Built.library("BrokenABIConstructor"))
        #if arch(x86_64)
            let (other, message) = (
                UInt16(183), "built for AArch64 (e_machine 183), this host is x86-64 (e_machine 62)"
            )
        #else
            let (other, message) = (UInt16(62), "built for x86-64 (e_machine 62), this host is AArch64 (e_machine 183)")
        #endif
        bytes[18] = UInt8(other & 0xFF)
        bytes[19] = UInt8(other >> 8)
        #expect(throws: ELFReadError(message)) { try ELFDynamicSymbols.entryVersion(bytes: bytes) }
        let path = try Self.write(bytes)
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(error?.description == "\(path): not a loadable shared object: \(message)")
    }

    @Test func aLibraryWithoutTheEntryHasNoVersion() throws {
        #expect(try ELFDynamicSymbols.entryVersion(path: Built.library("BrokenNoEntry")) == nil)
        // A hidden entry is not visible to dlsym, so it is missing too.
        let hidden = try Self.compile(
            """
            #include <plugboard.h>
            __attribute__((visibility("hidden"))) const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, 0, 0, 0};
            const void *keep(void) { return &plugboard_entry; }
            """)
        #expect(try ELFDynamicSymbols.entryVersion(path: hidden) == nil)
        let error = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: hidden) }
        #expect(error == .entrySymbolMissing(path: hidden, symbol: "plugboard_entry"))
        #expect(!Self.isMapped(hidden))
    }

    /// A zero-initialised entry lies in .bss, which has no bytes in the file: there is no version
    /// to read (and `dlopen` would find major 0).
    @Test func anEntryInBSSIsNotLoadable() throws {
        let path = try Self.compile(
            """
            #include <plugboard.h>
            PB_EXPORT pb_plugin_entry_t plugboard_entry;
            """)
        let error = #expect(throws: ELFReadError.self) { try ELFDynamicSymbols.entryVersion(path: path) }
        #expect(
            error?.message.hasPrefix("plugboard_entry is in .bss (section ") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("), which has no bytes in the file (NOBITS)") == true)
        let loadError = #expect(throws: PluginLoadError.self) { try PluginLibrary.open(path: path) }
        #expect(loadError == .notLoadable(path: path, reason: error?.message ?? ""))
        #expect(!Self.isMapped(path))
    }

    @Test func anEntryTooSmallForAVersionIsNotLoadable() throws {
        let path = try Self.compile(
            "__attribute__((visibility(\"default\"))) char plugboard_entry[4] = {1, 2, 3, 4};\n")
        #expect(throws: ELFReadError("plugboard_entry is 4 bytes, too small to hold an ABI version")) {
            try ELFDynamicSymbols.entryVersion(path: path)
        }
    }

    /// An entry symbol whose value points past its section's end.
    @Test func anEntryOutsideItsSectionIsAnError() throws {
        var bytes = try Self.bytes(Built.library("TestScreenC"))
        let image = try ELFImage(bytes)
        let (symbols, names) = try image.dynamicSymbols()
        let dynsym = try #require(image.sections.first { $0.type == 11 })
        let index = try #require(
            symbols.firstIndex { (try? image.file.string(at: $0.name, in: names)) == "plugboard_entry" })
        let value = Int(dynsym.offset) + index * 24 + 8
        for byte in value..<value + 8 { bytes[byte] = 0xFF }
        let error = #expect(throws: ELFReadError.self) { try ELFDynamicSymbols.entryVersion(bytes: bytes) }
        #expect(error?.message.hasPrefix("plugboard_entry lies outside ") == true, "\(String(describing: error))")
    }

    /// Random bytes over the headers, the section header table and the dynamic symbols of a real
    /// plugin, and anywhere in the file: the reader returns or throws and never traps, and reading
    /// only the parts it needs through a descriptor (as the loader does) gives the same answer or
    /// the same error as reading the whole file.
    @Test func randomCorruptionNeverCrashes() throws {
        let copy = try makeTemporaryDirectory().appendingPathComponent("libCorrupt.so")
        func outcome(_ read: () throws(ELFReadError) -> ABIVersion?) -> String {
            do throws(ELFReadError) { return "\(String(describing: try read()))" } catch { return error.message }
        }
        let original = try Self.bytes(Built.library("TestScreenC"))
        let image = try ELFImage(original)
        let dynsym = try #require(image.sections.first { $0.type == 11 })
        let shoff = Int(image.file.u64(40))
        let regions = [
            0..<64, shoff..<original.count, Int(dynsym.offset)..<Int(dynsym.offset + dynsym.size), 0..<original.count,
        ]
        var generator = SeededRandom(seed: 0xAB1_5EED)
        var outcomes = (same: 0, other: 0, threw: 0)
        for _ in 0..<1000 {
            var bytes = original
            let region = regions[Int.random(in: 0..<regions.count, using: &generator)]
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: region, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try Data(bytes).write(to: copy)
            let descriptor = open(copy.path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            #expect(
                outcome { () throws(ELFReadError) in
                    try ELFDynamicSymbols.entryVersion(descriptor: descriptor, count: bytes.count)
                } == outcome { () throws(ELFReadError) in try ELFDynamicSymbols.entryVersion(bytes: bytes) })
            do {
                if try ELFDynamicSymbols.entryVersion(bytes: bytes) == ABIVersion.host {
                    outcomes.same += 1
                } else {
                    outcomes.other += 1
                }
            } catch {
                outcomes.threw += 1
            }
        }
        #expect(outcomes.same > 0 && outcomes.threw > 0, "\(outcomes)")
    }

    /// The loader's one walk over .dynsym (`exportedSymbol(named:)`) finds the same entry symbol,
    /// or throws the same error, as reading every symbol and its name does: on real libraries of
    /// C and Swift, and on copies with random bytes in their symbols and names.
    @Test func theEntryWalkFindsWhatTheWholeSymbolListFinds() throws {
        func outcome(_ find: () throws(ELFReadError) -> ELFSymbol?) -> String {
            do throws(ELFReadError) {
                guard let symbol = try find() else { return "none" }
                return "name \(symbol.name) section \(symbol.section) value \(symbol.value) size \(symbol.size)"
            } catch { return error.message }
        }
        func compare(_ bytes: [UInt8], _ what: String) {
            guard let image = try? ELFImage(bytes) else { return }
            let walked = outcome { () throws(ELFReadError) in try image.exportedSymbol(named: PB_ENTRY_SYMBOL) }
            let listed = outcome { () throws(ELFReadError) in
                let (symbols, names) = try image.dynamicSymbols()
                for symbol in symbols where symbol.isExported {
                    if try image.file.string(at: symbol.name, in: names) == PB_ENTRY_SYMBOL { return symbol }
                }
                return nil
            }
            #expect(walked == listed, "\(what)")
        }
        for name in ["TestScreenC", "GeneralNavBar", "EPG", "BrokenNoEntry"] {
            let bytes = try Self.bytes(Built.library(name))
            compare(bytes, name)
            #expect(try ELFImage(bytes).exportedSymbol(named: PB_ENTRY_SYMBOL) != nil || name == "BrokenNoEntry")
        }
        let original = try Self.bytes(Built.library("TestScreenC"))
        let image = try ELFImage(original)
        let dynsym = try #require(image.sections.first { $0.type == 11 })
        let dynstr = image.sections[Int(dynsym.link)]
        let regions = [
            Int(dynsym.offset)..<Int(dynsym.offset + dynsym.size),
            Int(dynstr.offset)..<Int(dynstr.offset + dynstr.size),
        ]
        var generator = SeededRandom(seed: 0xD15_7AB1E)
        for round in 0..<1000 {
            var bytes = original
            let region = regions[round % regions.count]
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                bytes[Int.random(in: region, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            compare(bytes, "round \(round)")
        }
    }
}
