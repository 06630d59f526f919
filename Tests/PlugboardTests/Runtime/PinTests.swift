import Foundation
import Testing

@testable import Plugboard

/// The manifest's `sha256` pin: a library whose bytes differ is not loaded.
@Suite struct PinTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
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
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Built.library("TestScreenC"))))
        let actual = SHA256.hex(bytes)
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
