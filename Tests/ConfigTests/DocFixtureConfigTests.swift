import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore

/// Corrected versions of every JSON example in the seeds and docs (see Tests/Fixtures/docs/README.md)
/// read as what they are, with no diagnostics.
@Suite struct DocFixtureConfigTests {
    static let pluginsFiles = ["docs/rootmenu-plugins.json", "app/plugins.json"]
    static let riversFiles = [
        "docs/rivers-doc-example.json", "docs/rootmenu-rivers.json", "docs/seed002-rivers-screen-plugin.json",
        "app/rivers.json",
    ]
    static let manifests = ["docs/manifest-format-example.json", "docs/seed002-epg-manifest.json"]
    static let navigations = [
        "docs/seed000-nav-bar-navigation.json", "docs/seed000-general-nav-bar-all-keys.json",
        "docs/rootmenu-menu-navigation.json",
    ]
    static let sections = [
        ("docs/manifest-format-advertising-group.json", "advertising"),
        ("docs/manifest-format-data-fields.json", "data"),
        ("docs/manifest-format-localizations.json", "localizations"),
    ]

    /// Every corrected example, fragments included, is strict JSON.
    @Test func everyDocFixtureIsStrictJSON() throws {
        let folder = Fixtures.root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 20)
        for name in names {
            #expect(throws: Never.self, "\(name)") { try JSONParser.parse(try Fixtures.data("docs/" + name)) }
        }
    }

    @Test(arguments: pluginsFiles)
    func pluginsFilesLoad(file: String) throws {
        let (plugins, diagnostics) = try Fixtures.plugins(file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(!plugins.entries.isEmpty)
    }

    @Test(arguments: riversFiles)
    func riversFilesLoad(file: String) throws {
        let sink = DiagnosticSink()
        let rivers = RiversFile.read(
            try Fixtures.data(file), file: file, plugins: PluginsFile(file: "plugins.json", entries: []), sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(!rivers.screens.isEmpty)
    }

    @Test(arguments: manifests)
    func manifestsLoad(file: String) throws {
        let (manifest, diagnostics) = AppConfiguration.checkManifest(Fixtures.url(file))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(manifest != nil)
    }

    @Test(arguments: navigations)
    func navigationsLoadAndTypeTheirBarModel(file: String) throws {
        let sink = DiagnosticSink()
        let node = ConfigNode(try JSONParser.parse(try Fixtures.data(file)), file: file)
        let navigation = try #require(
            Navigation.read(node, plugins: PluginsFile(file: "plugins.json", entries: []), sink))
        if navigation.category == .navBar { _ = NavBarModel.read(navigation, sink) }
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(!navigation.navItems.isEmpty)
    }

    @Test(arguments: sections)
    func fieldSectionsLoad(file: String, section: String) throws {
        let sink = DiagnosticSink()
        let node = ConfigNode(try JSONParser.parse(try Fixtures.data(file)), file: file)
        let sectionNode = try #require(node[section])
        let fields = try #require(FieldSection.read(sectionNode, sink))
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        #expect(!fields.fields.isEmpty)
    }

    @Test func theAllKeysNavBarExampleIsTypedFromTheSeedTables() throws {
        let file = "docs/seed000-general-nav-bar-all-keys.json"
        let sink = DiagnosticSink()
        let node = ConfigNode(try JSONParser.parse(try Fixtures.data(file)), file: file)
        let navigation = try #require(
            Navigation.read(node, plugins: PluginsFile(file: "plugins.json", entries: []), sink))
        let model = NavBarModel.read(navigation, sink)
        #expect(model.backgroundColor != nil)
        #expect(model.titleColor != nil && model.titleColorTablet != nil)
        #expect(model.titleSize != nil && model.titleSizeTablet != nil)
        #expect(model.presentationStyle != nil && model.state != nil && model.style != nil)
        #expect(model.iosFontFamily != nil)
        #expect(model.appLogo != nil && model.backButton != nil && model.closeButton != nil)
        #expect(model.menuButton != nil && model.background != nil && model.backgroundTablet != nil)
        #expect(Set(navigation.navItems.compactMap(\.type)).isSuperset(of: [.button, .liveDrawer, .chromecast]))
    }
}
