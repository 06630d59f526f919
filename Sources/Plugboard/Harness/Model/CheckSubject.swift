/// What one test runs on: a library (library and descriptor tests) or one plugin of it
/// (instance tests), with the models the plugin is created with and, when an app folder was
/// given, what its manifest promises.
///
/// Subjects are built in the parent from files only (no plugin code runs there) and sent to the
/// child as JSON.
public struct CheckSubject: Sendable, Codable, Equatable {
    /// The plugin id (app: the manifest identifier), or the library's file name.
    public var group: String
    /// The library's absolute path.
    public var library: String
    /// The plugin this subject checks: nil for library tests.
    public var plugin: PluginUnderTest?
    /// What the app's manifests say about the library: nil when only a library was given.
    public var app: AppFacts?

    public init(group: String, library: String, plugin: PluginUnderTest? = nil, app: AppFacts? = nil) {
        self.group = group
        self.library = library
        self.plugin = plugin
        self.app = app
    }

    public var isLibrary: Bool { plugin == nil }
}

/// One plugin of a library and the models it is checked with.
public struct PluginUnderTest: Sendable, Codable, Equatable {
    /// The descriptor id (what `create` is called with).
    public var id: String
    public var kind: PluginKind
    public var models: CheckModels
}

/// The JSON models a plugin is created and customised with: an app's real ones, or minimal valid
/// ones made from the descriptor.
public struct CheckModels: Sendable, Codable, Equatable {
    /// `plugin_json` of every `create`.
    public var plugin: String
    /// Screens: `screen_json` and `data_source_json` of each rivers.json screen it serves.
    public var screens: [ScreenModel] = []
    /// Bars: the `nav_bar` navigations that name the plugin (the first is the create-time one).
    public var navigationBars: [String] = []
    /// Bars: the bar styles to try (`left`, `center` and those the manifest lists).
    public var barStyles: [String] = ["left", "center"]
    /// Roots: the `menu` navigation (the root's data source).
    public var menu: String?

    public struct ScreenModel: Sendable, Codable, Equatable {
        public var screen: String
        public var dataSource: String?
    }
}

/// What an app's manifests promise about a plugin or library.
public struct AppFacts: Sendable, Codable, Equatable {
    /// The manifests whose code is in the library (plugin tests: the plugin's own).
    public var manifests: [ManifestPlugin] = []
    /// Dynamic exports the manifests declare for this library (plugin tests: for this plugin).
    public var exports: [ExportDeclaration] = []
    /// The manifest identifier, for plugin subjects.
    public var identifier: String?

    /// What a manifest says about the plugin it names.
    public struct ManifestPlugin: Sendable, Codable, Equatable {
        public var identifier: String
        public var className: String?
        public var kind: PluginKind
        /// The manifest's `"screen": true`.
        public var isScreen: Bool

        /// The descriptor id the host would use: `api.class_name` when the library has it, else
        /// the identifier (PluginLibrary.descriptor(className:identifier:kind:)).
        public func descriptorID(among plugins: [DiscoveredPlugin]) -> String? {
            let ofKind = plugins.filter { $0.kind == kind }.map(\.id)
            if let className, ofKind.contains(className) { return className }
            return ofKind.contains(identifier) ? identifier : nil
        }
    }

    public struct ExportDeclaration: Sendable, Codable, Equatable {
        public var name: String
        /// The signature as written in the grammar, e.g. `(i32) -> json`.
        public var signature: String
    }
}

/// What a child is asked to do: one test on one subject.
public struct CheckJob: Sendable, Codable {
    public var test: String
    public var subject: CheckSubject
    public var seed: UInt64
    public var strictness: Int
    public var repetition: Int
}
