import TestSupport
import Testing

@testable import PlugboardLoader

/// The header is the contract: it must compile warning-free as C11 and as C++17.
@Suite struct HeaderTests {
    static let include = PackageRoot.path + "/Sources/PlugboardABI/include"

    @Test(arguments: [
        ("cc", "c", "-std=c11"), ("c++", "c++", "-std=c++17"),
    ])
    func compilesWithoutWarnings(compiler: String, language: String, standard: String) throws {
        let directory = try makeTemporaryDirectory()
        let source = directory.appendingPathComponent(language == "c" ? "check.c" : "check.cpp")
        try """
        #include <plugboard.h>
        #include <plugboard.h> /* include guards */
        int main(void) {
            pb_plugin_entry_t entry = {PB_VERSION_INIT, 0, 0, 0};
            return pb_version_is_compatible(entry.abi_version) ? 0 : 1;
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let result = try run([
            compiler, standard, "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", Self.include, "-c", source.path,
            "-o", directory.appendingPathComponent("check.o").path,
        ])
        #expect(result.status == 0, "\(compiler) \(standard): \(result.output)")
        #expect(result.output.isEmpty, "warnings: \(result.output)")
    }
}
