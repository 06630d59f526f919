import PlugboardCore

/// What one test runs on: a library (library and descriptor tests) or one plugin of it
/// (instance tests), with the models the plugin is created with and, when an app folder was
/// given, what its manifest promises.
///
/// Subjects are built in the parent from files only (no plugin code runs there) and sent to the
/// child as JSON.
package struct CheckSubject: Sendable, Codable, Equatable {
    /// The plugin id (app: the manifest identifier), or the library's file name.
    package var group: String
    /// The library's absolute path.
    package var library: String
    /// The plugin this subject checks: nil for library tests.
    package var plugin: PluginUnderTest?
    /// What the app's manifests say about the library: nil when only a library was given.
    package var app: AppFacts?

    package init(group: String, library: String, plugin: PluginUnderTest? = nil, app: AppFacts? = nil) {
        self.group = group
        self.library = library
        self.plugin = plugin
        self.app = app
    }

    package var isLibrary: Bool { plugin == nil }

    /// The folder of `library`, which a test process may read.
    package var libraryFolder: String { Self.folder(of: library) }

    /// The folder of the file at `path` (absolute): cut at the last slash rather than through
    /// `URL`, whose parsing a test process would pay for.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// One plugin of a library and the models it is checked with.
package struct PluginUnderTest: Sendable, Codable, Equatable {
    /// The descriptor id (what `create` is called with).
    package var id: String
    package var kind: PluginKind
    package var models: CheckModels
}

/// The JSON models a plugin is created and customised with: an app's real ones, or minimal valid
/// ones made from the descriptor.
package struct CheckModels: Sendable, Codable, Equatable {
    /// `plugin_json` of every `create`.
    package var plugin: String
    /// Screens: `screen_json` and `data_source_json` of each rivers.json screen it serves.
    package var screens: [ScreenModel] = []
    /// Bars: the `nav_bar` navigations that name the plugin (the first is the create-time one).
    package var navigationBars: [String] = []
    /// Bars: the bar styles to try (`left`, `center` and those the manifest lists).
    package var barStyles: [String] = ["left", "center"]
    /// Roots: the `menu` navigation (the root's data source).
    package var menu: String?
    /// True for the harness's own minimal models (a library checked alone): a screen may rightly
    /// decline them all (it needs a data source of its own), which is then said once, not failed.
    package var minimal = false
    /// The rivers.json screen ids of the app (nil for a library checked alone): where a screen
    /// may navigate or swipe to. Without an app any non-empty id is taken for a screen.
    package var appScreens: [String]?

    /// The screen models to try, or one nil (the screen made with `{}`) when there are none.
    var screensOrNone: [ScreenModel?] { screens.isEmpty ? [nil] : screens.map(Optional.some) }

    package struct ScreenModel: Sendable, Codable, Equatable {
        package var screen: String
        package var dataSource: String?
    }
}

/// What an app's manifests promise about a plugin or library.
package struct AppFacts: Sendable, Codable, Equatable {
    /// The manifests whose code is in the library (plugin tests: the plugin's own).
    package var manifests: [ManifestPlugin] = []
    /// Dynamic exports the manifests declare for this library (plugin tests: for this plugin).
    package var exports: [ExportDeclaration] = []
    /// The manifest identifier, for plugin subjects.
    package var identifier: String?

    /// What a manifest says about the plugin it names.
    package struct ManifestPlugin: Sendable, Codable, Equatable {
        package var identifier: String
        package var className: String?
        package var kind: PluginKind
        /// The manifest's `"screen": true`.
        package var isScreen: Bool

        /// The descriptor id the host would use: `api.class_name` when the library has it, else
        /// the identifier (PluginLibrary.descriptor(className:identifier:kind:)).
        package func descriptorID(among plugins: [DiscoveredPlugin]) -> String? {
            let ofKind = plugins.filter { $0.kind == kind }.map(\.id)
            if let className, ofKind.contains(className) { return className }
            return ofKind.contains(identifier) ? identifier : nil
        }
    }

    package struct ExportDeclaration: Sendable, Codable, Equatable {
        package var name: String
        /// The signature as written in the grammar, e.g. `(i32) -> json`.
        package var signature: String
    }
}

/// What a child is asked to do: one test on one subject.
package struct CheckJob: Sendable, Codable {
    package var test: String
    package var subject: CheckSubject
    package var seed: UInt64
    package var strictness: Int
    package var repetition: Int
}
