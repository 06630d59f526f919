import Foundation
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore

/// The signature grammar of dynamic exports, and its errors with columns.
@Suite struct SignatureParserTests {
    @Test(arguments: [
        ("(i32) -> json", "(i32) -> json"), ("() -> void", "() -> void"),
        ("( cstr ,json,ptr )->bool", "(cstr, json, ptr) -> bool"),
        ("({i32, f64}, u8) -> {f32, bool}", "({i32, f64}, u8) -> {f32, bool}"),
        ("(i8, i16, i64, u16, u32, u64, f32, f64) -> i32", "(i8, i16, i64, u16, u32, u64, f32, f64) -> i32"),
    ])
    func parses(text: String, normalized: String) throws {
        #expect(try SignatureParser.parse(text).description == normalized)
    }

    @Test(arguments: [
        ("(i32, ...) -> void", 7, "variadic functions are not supported"),
        (
            "(int) -> void", 2,
            "expected a type (bool, cstr, f32, f64, i16, i32, i64, i8, json, ptr, u16, u32, u64, u8, void or {…}) but found \"int\""
        ),
        ("(i32 -> void", 6, "expected \")\" but found \"-\""),
        ("(i32) json", 7, "expected \"->\" but found \"j\""),
        ("(void) -> i32", 2, "void is not a parameter type; write () for no parameters"),
        ("({i32, cstr}) -> void", 8, "a struct field must be a number or bool, not cstr"),
        ("(i32) -> i32 extra", 14, "unexpected \"extra\" after the result type"),
        (
            "(i32) ->", 9,
            "expected a type (bool, cstr, f32, f64, i16, i32, i64, i8, json, ptr, u16, u32, u64, u8, void or {…}) but found the end"
        ),
    ])
    func errorsNameTheColumn(text: String, column: Int, message: String) {
        #expect(throws: SignatureParser.Failure(column: column, message: message)) { try SignatureParser.parse(text) }
    }

    @Test func aBadSignatureInAManifestNamesTheFileTheExportAndTheColumn() throws {
        let plugins = """
            [{"plugin": {"identifier": "p", "name": "P", "type": "general", "screen": true,
              "plugboard": {"library": "X", "exports": {"tune": "(i32, ...) -> json"}}}, "configuration_json": null}]
            """
        let sink = DiagnosticSink()
        _ = PluginsFile.read(Data(plugins.utf8), file: "plugins.json", sink)
        #expect(
            sink.diagnostics.map(\.description) == [
                "plugins.json:2:53: $[0].plugin.plugboard.exports.tune: export 'tune': column 7: "
                    + "variadic functions are not supported in \"(i32, ...) -> json\""
            ])
    }
}
