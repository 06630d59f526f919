import Foundation
import PlugboardConfig
import PlugboardLoader
import PlugboardNavigation
import TestSupport
import Testing

/// Builds an app folder (plugins.json, rivers.json, settings.json) in a temporary folder from
/// plain dictionaries, pointing at the test plugin libraries, and launches it.
package struct AppFixture {
    package var plugins: [[String: Any]] = AppFixture.standardPlugins
    package var screens: [[String: Any]]
    package var settings: [String: Any] = [
        "default_nav_bar": ["library": "TestSwiftPlugins", "id": "test.navbar.swift"]
    ]

    package init(
        plugins: [[String: Any]] = AppFixture.standardPlugins, screens: [[String: Any]],
        settings: [String: Any]? = nil
    ) {
        self.plugins = plugins
        self.screens = screens
        if let settings { self.settings = settings }
    }

    package static var standardPlugins: [[String: Any]] {
        [
            plugin("test.navbar.swift", type: "nav_bar", library: "TestSwiftPlugins"),
            plugin("test.root.swift", type: "menu", library: "TestSwiftPlugins"),
            plugin("test.root.plain", type: "menu", library: "TestSwiftPlugins"),
            plugin("test.screen.c", type: "general", library: "TestScreenC", screen: true),
            plugin("test.screen.create-null", type: "general", library: "BrokenCreateNull", screen: true),
            plugin("missing_root", type: "menu", library: "NoSuchLibrary"),
            [
                "plugin": ["identifier": "analytics", "name": "Analytics", "type": "analytics"],
                "configuration_json": ["key": "UA-1"],
            ],
        ]
    }

    package static func plugin(
        _ id: String, type: String, library: String, screen: Bool = false, styles: [[String: Any]] = [],
        whiteLabel: Bool = false
    ) -> [String: Any] {
        var manifest: [String: Any] = [
            "identifier": id, "name": id, "type": type, "screen": screen,
            "plugboard": ["library": library, "white_label": whiteLabel],
        ]
        if !styles.isEmpty { manifest["styles"] = ["fields": styles] }
        return ["plugin": manifest, "configuration_json": NSNull()]
    }

    package static func screen(
        _ id: String, type: String = "general_content", home: Bool = false, navigations: [[String: Any]] = [],
        styles: [String: Any] = [:], data: [String: Any] = [:]
    ) -> [String: Any] {
        [
            "id": id, "name": id.capitalized, "type": type, "home": home, "navigations": navigations, "styles": styles,
            "data": data,
        ]
    }

    package static func navBar(
        _ id: String = "bar", type: String? = "test.navbar.swift", items: [[String: Any]] = [],
        styles: [String: Any] = [:], assets: [String: Any] = [:]
    ) -> [String: Any] {
        var navigation: [String: Any] = [
            "id": id, "category": "nav_bar", "nav_items": items, "styles": styles, "assets": assets,
        ]
        if let type { navigation["navigation_type"] = type }
        return navigation
    }

    package static func menu(_ id: String = "menu", type: String? = "test.root.plain", items: [[String: Any]])
        -> [String: Any]
    {
        var navigation: [String: Any] = ["id": id, "category": "menu", "nav_items": items]
        if let type { navigation["navigation_type"] = type }
        return navigation
    }

    package static func item(
        _ id: String, type: String = "button", target: String? = nil, source: String? = nil, dataType: String? = nil
    ) -> [String: Any] {
        [
            "id": id, "title": id.capitalized, "type": type,
            "data": [
                "target": target.map { $0 as Any } ?? NSNull(), "source": source.map { $0 as Any } ?? NSNull(),
                "type": dataType.map { $0 as Any } ?? NSNull(),
            ],
        ]
    }

    package func write() throws -> URL {
        let folder = try makeTemporaryDirectory()
        for (name, value) in [("plugins.json", plugins as Any), ("rivers.json", screens), ("settings.json", settings)] {
            let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    package func launch(environment: PlugboardHost = PlugboardHost()) throws -> PlugboardApp {
        try PlugboardApp(folder: try write(), searchPath: Built.searchPath, environment: environment)
    }

    /// The app started at `startURL` after `routeChanges`, as a supervisor restarts an engine.
    package func launch(startURL: String?, routeChanges: [AppRoutes.Change] = []) throws -> PlugboardApp {
        let folder = try write()
        return PlugboardApp(
            configuration: try AppConfiguration.load(folder: folder), settings: try AppSettings.load(folder: folder),
            searchPath: Built.searchPath, startURL: startURL, routeChanges: routeChanges)
    }
}

extension PlugboardApp {
    /// The lifecycle events of the log, as "event screen" lines.
    package var lifecycle: [String] {
        events.filter { ["will_appear", "did_appear", "will_disappear", "did_disappear"].contains($0.name) }
            .map(\.description)
    }
}
