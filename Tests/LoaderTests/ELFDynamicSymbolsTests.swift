import Foundation
import TestSupport
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The .dynsym reader, on a library compiled here and on truncated and corrupted copies of it.
@Suite struct ELFDynamicSymbolsTests {
    /// Something of each kind the reader must tell apart: exported function and variable, a
    /// static and a hidden function (not exported), and `printf` (undefined, imported).
    static let source = """
        #include <stdio.h>
        int exported_var = 42;
        static int helper(void) { return exported_var; }
        __attribute__((visibility("hidden"))) int hidden_fn(void) { return 7; }
        int exported_fn(void) { printf("%d\\n", helper() + hidden_fn()); return 0; }
        """

    /// Compiles `source` into `lib<name>.so` in a fresh folder, with the extra compiler arguments.
    static func compile(_ name: String, _ arguments: [String] = [], files: [String: String] = [:]) throws -> String {
        let directory = try makeTemporaryDirectory()
        for (file, text) in files.merging(["\(name).c": source], uniquingKeysWith: { $1 }) {
            try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let library = directory.appendingPathComponent("lib\(name).so").path
        let result = try run(["cc", "-shared", "-fPIC", "-o", library, "\(name).c"] + arguments, in: directory.path)
        try #require(result.status == 0, "\(result.output)")
        return library
    }

    /// The bytes of the library compiled from `source` alone.
    static func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: try compile("plain")))) }

    @Test func listsExactlyTheDefinedDefaultVisibilitySymbols() throws {
        let library = try Self.compile("plain")
        #expect(try ELFDynamicSymbols.exported(path: library) == ["exported_fn", "exported_var"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: library)))
        #expect(try ELFDynamicSymbols.exported(bytes: bytes) == ["exported_fn", "exported_var"])
        // Installed libraries are usually reached through a symbolic link such as libx.so -> libx.so.1.
        let link = URL(fileURLWithPath: library).deletingLastPathComponent().appendingPathComponent("liblink.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: library)
        #expect(try ELFDynamicSymbols.exported(path: link) == ["exported_fn", "exported_var"])
    }

    @Test func leavesOutVersionNodesOfAVersionScript() throws {
        let script = "PLUGIN_1.0 { global: exported_fn; local: *; };\n"
        let library = try Self.compile("versioned", ["-Wl,--version-script=v.map"], files: ["v.map": script])
        #expect(try ELFDynamicSymbols.exported(path: library) == ["exported_fn"])
    }

    @Test func aTextFileIsNotAnELFFile() throws {
        let text = try makeTemporaryDirectory().appendingPathComponent("libFake.so")
        try "not a shared object\n".write(to: text, atomically: true, encoding: .utf8)
        let error = #expect(throws: ELFReadError.self) { try ELFDynamicSymbols.exported(path: text.path) }
        #expect(error?.description.contains("not an ELF") == true)
    }

    @Test func aMissingFileOrADeviceIsAnError() {
        #expect(throws: ELFReadError.self) { try ELFDynamicSymbols.exported(path: "/nonexistent/libNope.so") }
        let error = #expect(throws: ELFReadError.self) { try ELFDynamicSymbols.exported(path: "/dev/zero") }
        #expect(error == ELFReadError("/dev/zero: not a regular file"))
    }

    @Test func otherClassesAndByteOrdersAreRefusedByName() throws {
        let original = try Self.bytes()
        for (index, value, message) in [
            (4, 1, "32-bit ELF is not supported"), (5, 2, "big-endian ELF is not supported"),
        ] {
            var bytes = original
            bytes[index] = UInt8(value)
            #expect(throws: ELFReadError(message)) { try ELFDynamicSymbols.exported(bytes: bytes) }
        }
    }

    @Test func everyTruncationIsAnError() throws {
        let bytes = try Self.bytes()
        // The section headers sit at the end of the file, so each cut loses some of them or more.
        for length in [0, 3, 16, 63, 64, 1000, bytes.count / 2, bytes.count - 64, bytes.count - 1] {
            #expect(throws: ELFReadError.self, "length \(length)") {
                try ELFDynamicSymbols.exported(bytes: Array(bytes.prefix(length)))
            }
        }
        #expect(
            throws: ELFReadError("section header table out of bounds"),
            performing: { try ELFDynamicSymbols.exported(bytes: Array(bytes.dropLast())) })
    }

    @Test func hugeOffsetsAndCountsAreErrorsNotOverflows() throws {
        let original = try Self.bytes()
        let shoff = 40
        let shnum = 60
        for (field, width) in [(shoff, 8), (shnum, 2)] {
            var bytes = original
            for index in field..<field + width { bytes[index] = 0xFF }
            #expect(throws: ELFReadError("section header table out of bounds")) {
                try ELFDynamicSymbols.exported(bytes: bytes)
            }
        }
    }

    /// Random bytes written over the section header table and the ELF header's fields that locate
    /// it: whatever the result, the reader returns or throws and never traps.
    @Test func randomCorruptionOfTheSectionHeadersNeverCrashes() throws {
        let original = try Self.bytes()
        let shoff = original[40..<48].reversed().reduce(0) { $0 << 8 | Int($1) }
        var generator = SeededRandom(seed: 0x5EED)
        var outcomes = (returned: 0, threw: 0)
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index =
                    Bool.random(using: &generator)
                    ? Int.random(in: shoff..<bytes.count, using: &generator)
                    : Int.random(in: 40..<64, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try ELFDynamicSymbols.exported(bytes: bytes)
                outcomes.returned += 1
            } catch {
                outcomes.threw += 1
            }
        }
        // Both paths ran: the corruption neither always misses nor always breaks the file.
        #expect(outcomes.returned > 0 && outcomes.threw > 0, "\(outcomes)")
    }
}
