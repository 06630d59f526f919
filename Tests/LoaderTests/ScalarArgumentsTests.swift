import Foundation
import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// Integer and bool arguments are read straight from the text (`ScalarArguments`); whatever that
/// path accepts must come out exactly as the general JSON path makes it, and whatever it refuses
/// must get the general path's own result or error.
@Suite struct ScalarArgumentsTests {
    let exports: DynamicExports

    init() throws { exports = try DynamicExportTests().exports }

    /// The answer of the general path: the text parsed as JSON, then `call(_:arguments:)`.
    func general(_ name: String, _ arguments: String) -> String {
        do {
            let export = try exports.export(plugin: "test.exports", name: name)
            guard let array = try? JSONParser.parse(arguments).arrayValue else { return "invalid" }
            return try exports.call(export, arguments: array.map(\.value)).serialized()
        } catch {
            return "\(error)"
        }
    }

    func fast(_ name: String, _ arguments: String) -> String {
        do {
            return try exports.call(plugin: "test.exports", name: name, arguments: arguments).serialized()
        } catch .invalidArguments {
            return "invalid"
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("ex_add", "[40, 2]"), ("ex_add", " [ 40 ,\n2 ] "), ("ex_add", "[-0, 0]"), ("ex_add", "[2147483648, 0]"),
        ("ex_add", "[-2147483649, 0]"), ("ex_add", "[1.0, 2]"), ("ex_add", "[1e2, 2]"), ("ex_add", "[01, 2]"),
        ("ex_add", "[1]"), ("ex_add", "[1, 2, 3]"), ("ex_add", "[1, 2,]"), ("ex_add", "[1, 2] x"),
        ("ex_add", "[\"1\", 2]"),
        ("ex_add", "[null, 2]"), ("ex_add", "[+1, 2]"), ("ex_add", "[-, 2]"), ("ex_add", "{}"), ("ex_add", ""),
        ("ex_i8", "[-128]"), ("ex_i8", "[-129]"), ("ex_i8", "[127]"), ("ex_i8", "[128]"),
        ("ex_u8", "[255]"), ("ex_u8", "[256]"), ("ex_u8", "[-1]"), ("ex_u8", "[-0]"),
        ("ex_i64", "[-9223372036854775808]"), ("ex_i64", "[9223372036854775808]"),
        ("ex_u64", "[18446744073709551615]"), ("ex_u64", "[18446744073709551616]"),
        ("ex_not", "[true]"), ("ex_not", "[false]"), ("ex_not", "[truex]"), ("ex_not", "[1]"), ("ex_not", "[tru]"),
        ("ex_calls", "[]"), ("ex_calls", "[ ]"), ("ex_calls", "[1]"),
    ])
    func agreesWithTheGeneralPath(name: String, arguments: String) {
        #expect(fast(name, arguments) == general(name, arguments), "\(name) \(arguments)")
    }

    @Test func onlyIntegerAndBoolSignaturesTakeIt() throws {
        #expect(ScalarArguments.accepts(Signature(parameters: [.int(bits: 32, signed: true), .bool], result: .f64)))
        #expect(ScalarArguments.accepts(Signature(parameters: [], result: .cstr)))
        #expect(!ScalarArguments.accepts(Signature(parameters: [.f64], result: .void)))
        #expect(!ScalarArguments.accepts(Signature(parameters: [.cstr], result: .void)))
    }
}
