import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardLoader

/// The libffi call path: every type of the grammar, structs by value, handles, and each error.
@Suite struct DynamicExportTests {
    static let signatures: [String: String] = [
        "ex_touch": "() -> void", "ex_calls": "() -> i32", "ex_not": "(bool) -> bool", "ex_i8": "(i8) -> i8",
        "ex_i16": "(i16) -> i16", "ex_add": "(i32, i32) -> i32", "ex_i64": "(i64) -> i64", "ex_u8": "(u8) -> u8",
        "ex_u16": "(u16) -> u16", "ex_u32": "(u32) -> u32", "ex_u64": "(u64) -> u64", "ex_half": "(f32) -> f32",
        "ex_mix": "(i8, f64, f32, u64) -> f64", "ex_upper": "(cstr) -> cstr", "ex_null_string": "() -> cstr",
        "ex_wrap": "(json) -> json", "ex_bad_json": "() -> json", "ex_box": "(i32) -> ptr", "ex_unbox": "(ptr) -> i32",
        "ex_scale": "({i32, f64}, f64) -> {i32, f64}", "ex_invert": "({u8, u8, u8, bool}) -> {u8, u8, u8, bool}",
        "ex_reenter": "(i32) -> i32",
    ]

    let exports: DynamicExports

    init() throws {
        let library = try PluginLibrary.open(path: Built.library("TestExportsC"))
        let sink = DiagnosticSink()
        let json = try JSONSerialization.data(withJSONObject: ["library": "TestExportsC", "exports": Self.signatures])
        let keys = try #require(PlugboardKeys.read(ConfigNode(try JSONParser.parse(json), file: "test"), sink))
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        exports = DynamicExports()
        try exports.prepare(plugin: "test.exports", keys: keys, library: library)
    }

    func call(_ name: String, _ arguments: String) throws(CallError) -> String {
        try exports.call(plugin: "test.exports", name: name, arguments: arguments).serialized()
    }

    @Test(arguments: [
        ("ex_not", "[true]", "false"), ("ex_i8", "[-128]", "127"), ("ex_i8", "[127]", "126"),
        ("ex_i16", "[-1000]", "-2000"), ("ex_add", "[2147483600, 47]", "2147483647"),
        ("ex_i64", "[-9223372036854775808]", "-9223372036854775808"), ("ex_u8", "[254]", "255"),
        ("ex_u16", "[65535]", "65535"), ("ex_u32", "[4294967295]", "4294967295"),
        ("ex_u64", "[18446744073709551615]", "18446744073709551615"), ("ex_half", "[3]", "1.5"),
        ("ex_mix", "[-1, 0.5, 0.25, 4]", "3.75"), ("ex_upper", #"["héllo wörld"]"#, #""HéLLO WöRLD""#),
        ("ex_null_string", "[]", "null"), ("ex_wrap", #"[{"a":[1,2]}]"#, #"{"got":{"a":[1,2]},"length":11}"#),
        ("ex_scale", "[[3, 1.5], 2]", "[6,3.0]"), ("ex_invert", "[[0, 128, 255, true]]", "[255,127,0,false]"),
    ])
    func everyTypeCrossesBothWays(name: String, arguments: String, result: String) throws {
        #expect(try call(name, arguments) == result)
    }

    @Test func voidFunctionsReturnNullAndRun() throws {
        let before = try call("ex_calls", "[]")
        #expect(try call("ex_touch", "[]") == "null")
        #expect(try call("ex_calls", "[]") == String(Int(before)! + 1))
    }

    @Test func pointersBecomeHandlesThatOnlyTheHostGivesOut() throws {
        let handle = try call("ex_box", "[42]")
        #expect(handle == #"{"handle":1}"# || handle.hasPrefix(#"{"handle":"#))
        #expect(try call("ex_unbox", "[\(handle)]") == "42")
        #expect(try call("ex_unbox", "[null]") == "-1")
        #expect(
            throws: CallError.badArgument(
                function: "test.exports.ex_unbox", index: 0, type: .ptr, message: "unknown handle 999")
        ) {
            try call("ex_unbox", #"[{"handle":999}]"#)
        }
        #expect(throws: CallError.self) { try call("ex_unbox", "[140737488355328]") }  // no raw addresses
    }

    @Test(arguments: [
        ("ex_i8", "[300]", "test.exports.ex_i8: argument 1 (i8): 300 is out of range (-128…127)"),
        ("ex_u8", "[-1]", "test.exports.ex_u8: argument 1 (u8): -1 is out of range (0…255)"),
        ("ex_add", #"["1", 2]"#, "test.exports.ex_add: argument 1 (i32): expected an integer but found a string"),
        ("ex_add", "[null, 2]", "test.exports.ex_add: argument 1 (i32): expected an integer but found null"),
        ("ex_add", "[1.5, 2]", "test.exports.ex_add: argument 1 (i32): 1.5 is not an integer"),
        ("ex_add", "[1]", "test.exports.ex_add takes 2 arguments, got 1"),
        ("ex_not", "[1]", "test.exports.ex_not: argument 1 (bool): expected true or false but found a number"),
        ("ex_half", "[1e300]", "test.exports.ex_half: argument 1 (f32): 1e300 is out of range for f32"),
        ("ex_upper", "[7]", "test.exports.ex_upper: argument 1 (cstr): expected a string but found a number"),
        ("ex_scale", "[[1], 2]", "test.exports.ex_scale: argument 1 ({i32, f64}): expected 2 fields but found 1"),
        (
            "ex_scale", #"[[1, "x"], 2]"#,
            "test.exports.ex_scale: argument 1 ({i32, f64}): field 2 (f64): expected a number but found a string"
        ),
        ("ex_add", "{}", "arguments must be a JSON array: found an object"),
        ("ex_add", "[1,", "arguments must be a JSON array: 1:4: expected a value but found end of input"),
        (
            "ex_bad_json", "[]",
            "test.exports.ex_bad_json: result: the plugin returned invalid JSON: 1:2: expected a string key or \"}\" but found \"not\""
        ),
    ])
    func badArgumentsAreClearErrorsNeverCrashes(name: String, arguments: String, message: String) {
        do {
            let result = try call(name, arguments)
            Issue.record("no error, got \(result)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func unknownPluginsAndExportsAreNamed() {
        #expect(throws: CallError.unknownPlugin("nope", available: ["test.exports"])) {
            try exports.call(plugin: "nope", name: "x", arguments: "[]")
        }
        do {
            _ = try exports.call(plugin: "test.exports", name: "ex_nope", arguments: "[]")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "plugin 'test.exports' declares no export 'ex_nope'; it has: ex_add, ex_bad_json"))
        }
    }

    /// The exports `reenteringCallback` calls: a C function cannot capture them.
    nonisolated(unsafe) static var reentered: DynamicExports?
    static let reenteringCallback: @convention(c) (Int32) -> Int32 = { depth in
        let result = try? reentered?.call(plugin: "test.exports", name: "ex_reenter", arguments: "[\(depth)]")
        return Int32(result?.numberValue?.int ?? -1_000)
    }

    /// An export that calls back into the host, which calls the same export again before the
    /// first call returns: each call gets a frame of its own (the scalar path's frame is taken,
    /// so the inner calls use the stack), and each finds its own arguments and result.
    @Test func anExportReenteredDuringItsOwnCallKeepsEachCallsFrame() throws {
        Self.reentered = exports
        defer { Self.reentered = nil }
        let library = try PluginLibrary.open(path: Built.library("TestExportsC"))
        let setReentry = unsafeBitCast(
            try #require(library.symbol("test_exports_set_reentry")),
            to: (@convention(c) (@convention(c) (Int32) -> Int32) -> Void).self)
        setReentry(Self.reenteringCallback)
        #expect(try call("ex_reenter", "[4]") == "10")  // 4 + 3 + 2 + 1 + 0
        #expect(try call("ex_reenter", "[0]") == "0")
        #expect(try call("ex_add", "[40, 2]") == "42")  // the frame was given back
        #expect(try call("ex_reenter", "[3]") == "6")
    }

    @Test func aMissingSymbolNamesThePluginTheSymbolAndTheLibrary() throws {
        let library = try PluginLibrary.open(path: Built.library("TestExportsC"))
        let keys = PlugboardKeys(
            library: "TestExportsC", sha256: nil,
            exports: [
                .init(
                    name: "ex_missing", signature: try SignatureParser.parse("() -> void"),
                    location: ConfigLocation(file: "p", position: SourcePosition(line: 1, column: 1), path: .root))
            ])
        #expect(throws: PluginLoadError.exportMissing(path: library.path, plugin: "test.exports", symbol: "ex_missing"))
        {
            try DynamicExports().prepare(plugin: "test.exports", keys: keys, library: library)
        }
        #expect(
            PluginLoadError.exportMissing(path: library.path, plugin: "test.exports", symbol: "ex_missing").description
                == "\(library.path): plugin 'test.exports' declares the export 'ex_missing', but the library has no such symbol"
        )
    }
}
