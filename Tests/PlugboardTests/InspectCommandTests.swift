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
                  ABI 1.3.0 (host 1.3.0)
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
        #expect(report.plugins[0].extensions == [])
        #expect(report.plugins[1].extensions == nil)
        #expect(report.plugins[1].note?.contains("init of plugin 'test.screen.init-fails' returned false") == true)
    }

    @Test(arguments: [
        ("BrokenABIMajor", "plugin ABI 99.0.0 is incompatible with host ABI 1.3.0"),
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
