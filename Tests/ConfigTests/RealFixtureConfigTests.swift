import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig

/// The real files from the original ecosystem: the valid ones load, the broken one is refused
/// where it is broken.
@Suite struct RealFixtureConfigTests {
    @Test(arguments: [
        ("real/plugins-analytics-example.json", "TestAnalyticsProvider_iOS", ManifestPluginType.analytics),
        ("real/plugins-login-example.json", "FacebookLoginPlugin", .login),
        ("real/plugins-player-example.json", "ZappPlayerAdapter-iOS", .player),
    ])
    func validPluginsFilesLoadAsConfiguration(file: String, identifier: String, type: ManifestPluginType) throws {
        let (plugins, diagnostics) = try Fixtures.plugins(file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let entry = try #require(plugins.entries.first)
        #expect(plugins.entries.count == 1)
        #expect(entry.manifest.identifier == identifier)
        #expect(entry.manifest.type == type)
        #expect(entry.manifest.plugboard == nil)  // configuration only: no library to load
        #expect(entry.manifest.platform == "ios")
        #expect(entry.manifest.api.className != nil)
    }

    @Test func analyticsConfigurationIsKeptAndPassedInThePluginModel() throws {
        let (plugins, _) = try Fixtures.plugins("real/plugins-analytics-example.json")
        let entry = try #require(plugins.entries.first)
        #expect(entry.configuration?["mobile_app_account_id"]?.node.stringValue == "UA-120927512-1")
        let model = try JSONSerialization.jsonObject(with: Data(entry.pluginModelJSON.utf8)) as? [String: Any]
        #expect(
            (model?["configuration_json"] as? [String: Any])?["mobile_app_account_id"] as? String == "UA-120927512-1")
        #expect(model?["identifier"] as? String == "TestAnalyticsProvider_iOS")
    }

    @Test func theTrailingCommaFileIsRejectedAtLine26Column5() throws {
        let (plugins, diagnostics) = try Fixtures.plugins("real/plugins-fullscreen-example.trailing-comma.json")
        #expect(plugins.entries.isEmpty)
        #expect(
            diagnostics.map(\.description) == [
                "real/plugins-fullscreen-example.trailing-comma.json:26:5: $: invalid JSON: "
                    + "expected a string key but found \"}\""
            ])
    }

    @Test func theRealNavigationBarManifestLoads() throws {
        let (manifest, diagnostics) = AppConfiguration.checkManifest(Fixtures.url("real/manifest-nav-bar-kan.json"))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let kan = try #require(manifest)
        #expect(kan.identifier == "KanNavigationBar")
        #expect(kan.type == .navBar)
        #expect(kan.api.className == "KanNavigationBarAdapter")
        #expect(kan.api.modules == ["KanNavigationBarPlugin"])
        #expect(kan.api.requireStartupExecution == false)
        #expect(kan.supportedNavItems == ["nav_chromecast", "nav_live", "nav_screen", "nav_url"])
        #expect(kan.maxNavItems == 3)
        #expect(kan.minZappSDK == .string("14.0.0-Dev"))
        let styles = try #require(kan.sections["styles"])
        let state = try #require(styles.fields.first { $0.key == "state" })
        #expect(state.initialValue?.node.stringValue == "on_top")
        #expect(state.options.compactMap(\.value.stringValue).contains("overlay"))
        #expect(styles.initialValues.map(\.key).contains("title_size_tablet"))
    }
}
