import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore

/// Manifest defaults filling the models, and the value formats of the UI Builder.
@Suite struct DefaultsAndValuesTests {
    @Test(arguments: [
        ("#FF1A1A2E", UInt32(0xFF1A_1A2E)), ("#1A1A2E", 0xFF1A_1A2E), ("#80ffffff", 0x80FF_FFFF),
        ("rgba(43,43,43, 1)", 0xFF2B_2B2B), ("rgba(255, 0, 0, 0.5)", 0x80FF_0000), (" #000000 ", 0xFF00_0000),
        ("#aBcDeF", 0xFFAB_CDEF), ("\t#0000FF\u{3000}", 0xFF00_00FF),
    ])
    func colorsParse(text: String, argb: UInt32) {
        #expect(ColorParser.parse(text) == ARGBColor(argb))
    }

    @Test(arguments: [
        "#FFF", "#GG000000", "rgba(256,0,0,1)", "rgba(0,0,0,2)", "rgb(0,0,0)", "red", "#1234567",
        "#", "#+FFFFFF", "#-FFFFF", "#ＦＦＦＦＦＦ", "#FFFFFF\u{301}", "#\u{301}FFFFFF", "# FFFFFF",
    ])
    func badColorsDoNotParse(text: String) {
        #expect(ColorParser.parse(text) == nil)
    }

    @Test func screenStylesFallBackToTheServingPluginsInitialValues() throws {
        let (configuration, _) = Fixtures.check("broken/bad-manifest-default")
        #expect(configuration == nil)
        // In the valid app, Contact Us (settings_contact_us_legacy) states `presentation` itself and
        // the EPG screen states its colour; drop them and the manifests' initial values show through.
        let sink = DiagnosticSink()
        let plugins = PluginsFile.read(try Fixtures.data("app/plugins.json"), file: "plugins.json", sink)
        let rivers = """
            [{"id": "epg", "type": "epg_legacy_screen", "home": true, "styles": {}},
             {"id": "contact", "type": "settings_contact_us_legacy"}]
            """
        let file = RiversFile.read(Data(rivers.utf8), file: "rivers.json", plugins: plugins, sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        let epg = try #require(file.screen("epg"))
        #expect(epg.styles.presentation == .push)
        #expect(epg.styles.backgroundColor == ARGBColor(0xFF2B_2B2B))
        let model = epg.model.serialized()
        #expect(model.contains(#""presentation":"push""#))
        #expect(model.contains(#""background_color":"rgba(43,43,43, 1)""#))
    }

    @Test func navBarModelsFallBackToTheBarPluginsInitialValues() throws {
        let sink = DiagnosticSink()
        let plugins = PluginsFile.read(try Fixtures.data("app/plugins.json"), file: "plugins.json", sink)
        let rivers = """
            [{"id": "home", "type": "general_content", "home": true, "navigations": [
              {"id": "bar", "category": "nav_bar", "navigation_type": "general_nav_bar",
               "styles": {"state": "overlay"}, "nav_items": []}]}]
            """
        let file = RiversFile.read(Data(rivers.utf8), file: "rivers.json", plugins: plugins, sink)
        let navigation = try #require(file.home?.navigationBar)
        let model = NavBarModel.read(navigation, sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(model.state == .overlay)  // written
        #expect(model.presentationStyle == .title)  // defaults
        #expect(model.style == "left")
        #expect(model.titleSize == 17)
        #expect(model.backgroundColor == ARGBColor(0xFF00_0000))
        #expect(navigation.modelJSON.contains(#""title_size":"17""#))
    }

    /// A navigation's `rules` are the values of its plugin's own `rules` fields: written values
    /// first, the manifest's initial values behind them, handed to the plugin in its model.
    @Test func navBarRulesFallBackToTheBarPluginsRulesSection() throws {
        let sink = DiagnosticSink()
        var manifests = try #require(
            JSONSerialization.jsonObject(with: try Fixtures.data("app/plugins.json")) as? [[String: Any]])
        let bar = try #require(
            manifests.firstIndex { ($0["plugin"] as? [String: Any])?["identifier"] as? String == "general_nav_bar" })
        var plugin = try #require(manifests[bar]["plugin"] as? [String: Any])
        plugin["rules"] = [
            "fields": [
                ["key": "hide_on_scroll", "type": "switch", "label": "Hide on scroll", "initial_value": false],
                ["key": "max_title_lines", "type": "number_input", "label": "Title lines", "initial_value": 1],
            ]
        ]
        manifests[bar]["plugin"] = plugin
        let plugins = PluginsFile.read(
            try JSONSerialization.data(withJSONObject: manifests), file: "plugins.json", sink)
        let rivers = """
            [{"id": "home", "type": "general_content", "home": true, "navigations": [
              {"id": "bar", "category": "nav_bar", "navigation_type": "general_nav_bar",
               "rules": {"hide_on_scroll": true}, "nav_items": []}]}]
            """
        let file = RiversFile.read(Data(rivers.utf8), file: "rivers.json", plugins: plugins, sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        let navigation = try #require(file.home?.navigationBar)
        #expect(navigation.modelJSON.contains(#""rules":{"hide_on_scroll":true,"max_title_lines":1}"#))
    }
}
