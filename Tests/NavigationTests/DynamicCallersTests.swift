import AppTestSupport
import Foundation
import PlugboardABI
import TestSupport
import Testing

@testable import PlugboardLoader
@testable import PlugboardNavigation

/// The three callers of dynamic exports: `plugboard call`, a `plugin_call` nav item, and other
/// plugins through the host's invoke extension.
@Suite struct DynamicCallersTests {
    static let showcase = PackageRoot.path + "/Examples/Showcase"

    @Test func plugboardCallPrintsTheEPGProgramme() throws {
        let plugboard = Built.directory + "/plugboard"
        let result = try run([
            "env", "PLUGBOARD_EPG_HOUR=21", plugboard, "call", Self.showcase, "epg_legacy_screen.epg_tune", "[5]",
        ])
        #expect(result.status == 0)
        #expect(result.output == #"{"channel":5,"name":"Documentary","hour":21,"now_playing":"Night Sky"}"# + "\n")
        let bad = try run([plugboard, "call", Self.showcase, "epg_legacy_screen.epg_tune", "[300000000000]"])
        #expect(bad.status != 0)
        #expect(
            bad.output
                == "Error: epg_legacy_screen.epg_tune: argument 1 (i32): 300000000000 is out of range (-2147483648…2147483647)\n"
        )
        let list = try run([plugboard, "call", "--list", Self.showcase])
        #expect(list.output == "epg_legacy_screen.epg_tune (i32) -> json\n")
    }

    @Test func aPluginCallNavItemCallsTheExportAndRecordsTheResult() throws {
        var fixture = StandardApp.fixture()
        var epg = AppFixture.plugin("epg_legacy_screen", type: "general", library: "EPG", screen: true)
        var manifest = epg["plugin"] as! [String: Any]
        manifest["plugboard"] = ["library": "EPG", "exports": ["epg_tune": "(i32) -> json"]]
        epg["plugin"] = manifest
        fixture.plugins.append(epg)
        var navigations = fixture.screens[0]["navigations"] as! [[String: Any]]
        navigations[0]["nav_items"] = [
            [
                "id": "tune", "title": "Tune 2", "type": "plugin_call",
                "data": ["plugin": "epg_legacy_screen", "export": "epg_tune", "args": [2]],
            ]
        ]
        fixture.screens[0]["navigations"] = navigations
        let app = try fixture.launch()
        try app.tap(identifier: "nav-item:tune")
        let event = try #require(app.events.last)
        #expect(event.name == "plugin_call")
        #expect(event.detail?.hasPrefix(#"epg_legacy_screen.epg_tune([2]) = {"channel":2,"name":"Sports One""#) == true)
    }

    @Test func pluginsCallExportsThroughTheHostInvokeExtension() throws {
        let app = try PlugboardApp(
            folder: URL(fileURLWithPath: Self.showcase), searchPath: Built.searchPath, environment: PlugboardHost())
        // The bar's own pb_host_t, used exactly as a plugin would use it.
        let host = UnsafePointer(try #require(app.rootContainer.bar?.host.cHost))
        let table = try #require(host.pointee.get_extension(host, PB_HOST_EXT_INVOKE))
            .assumingMemoryBound(to: pb_host_invoke_t.self)
        let ok = String(cString: try #require(table.pointee.invoke(host, "epg_legacy_screen", "epg_tune", "[1]")))
        #expect(ok.hasPrefix(#"{"channel":1,"name":"News 24""#))
        let bad = String(cString: try #require(table.pointee.invoke(host, "epg_legacy_screen", "epg_tune", "[true]")))
        #expect(
            bad == #"{"error":"epg_legacy_screen.epg_tune: argument 1 (i32): expected an integer but found a boolean"}"#
        )
        let unknown = String(cString: try #require(table.pointee.invoke(host, "nope", "x", "[]")))
        #expect(unknown.hasPrefix(#"{"error":"no plugin 'nope' with dynamic exports"#))
    }
}
