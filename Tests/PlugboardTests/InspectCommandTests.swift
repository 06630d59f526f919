import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardHarness
@testable import PlugboardLoader

/// `plugboard inspect`, run as the built executable.
@Suite struct InspectCommandTests {
    static let plugboard = Built.directory + "/plugboard"

    @Test func printsDescriptorsAndExtensionsAsText() throws {
        let result = try run([Self.plugboard, "inspect", Built.library("TestSwiftPlugins")])
        #expect(result.status == 0)
        #expect(
            result.output == """
                \(Built.library("TestSwiftPlugins"))
                  ABI 1.5.0 (host 1.5.0)
                  nav_bar test.navbar.swift — Test Navigation Bar (Swift) 1.0.0 by Plugboard
                    Logs every call
                    flags: none
                    extensions: none
                  root test.root.swift — Test Root (Swift) 1.0.0
                    flags: none
                    extensions: plugboard.ext.special-action, plugboard.ext.placement
                  root test.root.plain — Plain Root (Swift) 1.0.0
                    flags: none
                    extensions: none

                """)
    }

    @Test func printsJSON() throws {
        let result = try run([Self.plugboard, "inspect", "--json", Built.library("TestScreenC")])
        #expect(result.status == 0)
        let report = try JSONDecoder().decode(LibraryReport.self, from: Data(result.output.utf8))
        #expect(report.abiVersion == .host)
        #expect(report.plugins.map(\.descriptor.id) == ["test.screen.c", "test.screen.init-fails"])
        #expect(report.plugins[0].descriptor.isScreen)
        #expect(report.plugins[0].extensions == ["plugboard.ext.attributes"])
        #expect(report.plugins[1].extensions == nil)
        #expect(report.plugins[1].note?.contains("init of plugin 'test.screen.init-fails' returned false") == true)
    }

    /// What each first-party plugin answers, by library: `inspect` must list every extension
    /// (the root's, and the screen's of ABI 1.1 and 1.2), and a screen that needs a data source
    /// to be made says so instead of an error.
    @Test(arguments: [
        ("SideMenu", ["side_menu": "plugboard.ext.special-action, plugboard.ext.placement"]),
        ("TabBar", ["tab_bar": "none"]),
        ("GeneralNavBar", ["general_nav_bar": "none"]),
        ("EPG", ["epg_legacy_screen": "plugboard.ext.gesture-navigation"]),
        ("ContactUs", ["settings_contact_us_legacy": "none"]),
        ("Web", ["web": "needs a data source; not probed"]),
        (
            "Components",
            [
                "live_drawer": "none", "applicaster_crossmates": "none", "applicaster_feed": "none",
                "chromecast": "none",
                "showcase_tour": "none",
            ]
        ),
        // Not first-party: one screen per ABI 1.2 screen extension.
        (
            "TestSeed003C",
            [
                "seed003.bar": "plugboard.ext.transition", "seed003.custom": "plugboard.ext.custom-bar",
                "seed003.gesture": "plugboard.ext.gesture-navigation",
            ]
        ),
    ])
    func listsEveryExtensionOfEachFirstPartyPlugin(library: String, expected: [String: String]) throws {
        let result = try run([Self.plugboard, "inspect", Built.library(library)])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        var found: [String: String] = [:]
        var plugin: String?
        for line in lines {
            let words = line.split(separator: " ")
            if line.hasPrefix("  "), !line.hasPrefix("    "), words.count > 1, words[0] != "ABI" {
                plugin = String(words[1])
            } else if let plugin, line.hasPrefix("    extensions: ") {
                found[plugin] = String(line.dropFirst("    extensions: ".count))
            }
        }
        #expect(found == expected, "\(result.output)")
        #expect(!result.output.contains("returned NULL"))
    }

    /// The probe asks for every extension id the headers define.
    @Test func theProbeKnowsEveryExtensionOfTheHeaders() throws {
        let folder = PackageRoot.path + "/Sources/PlugboardABI/include/plugboard/ext"
        var defined: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".h") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#define PB_EXT_") {
                let parts = line.split(separator: "\"")
                if parts.count >= 2 { defined.insert(String(parts[1])) }
            }
        }
        #expect(defined.count >= 6)
        #expect(Set(LibraryReport.knownExtensions) == defined)
    }

    @Test(arguments: [
        ("BrokenABIMajor", "plugin ABI 99.0.0 is incompatible with host ABI 1.5.0"),
        ("BrokenNoEntry", "entry symbol 'plugboard_entry' missing"),
        ("BrokenInitFails", "plugboard_entry.init returned false"),
    ])
    func brokenLibrariesGiveOneLineAndAFailureStatus(name: String, message: String) throws {
        let result = try run([Self.plugboard, "inspect", Built.library(name)])
        #expect(result.status != 0)
        #expect(result.output.hasPrefix("Error: \(Built.library(name)): \(message)"))
        #expect(result.output.split(separator: "\n").count == 1)
    }

    @Test func aMissingFileIsOneLine() throws {
        let result = try run([Self.plugboard, "inspect", "/nonexistent/libNope.so"])
        #expect(result.status != 0)
        #expect(
            result.output
                == "Error: plugin library '/nonexistent/libNope.so' not found; searched: /nonexistent/libNope.so\n")
    }
}
