/// What a plugin says about itself: becomes its `pb_plugin_descriptor_t`.
public struct PluginInfo: Sendable {
    /// Matched against the manifest's `api.class_name` / `identifier`.
    public var id: String
    public var name: String
    public var version: String
    public var vendor: String?
    public var summary: String?
    /// May serve a rivers.json screen (manifest `screen: true`). Screens only.
    public var isScreen: Bool

    public init(
        id: String, name: String, version: String, vendor: String? = nil, summary: String? = nil,
        isScreen: Bool = true
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.vendor = vendor
        self.summary = summary
        self.isScreen = isScreen
    }
}

/// What every exported plugin type has. Instances are used on the host's main thread only.
public protocol PluginType: AnyObject {
    static var info: PluginInfo { get }
    /// Which kind of plugin the type is exported as. `ScreenPlugin`, `NavigationBarPlugin` and
    /// `RootPlugin` answer it; do not implement it yourself. A type of two kinds does not compile.
    static var exportKind: ExportKind { get }
}

/// A plugin type by its kind. The SDK reads the kind through the conformance the type was
/// compiled with: asking the Swift runtime (`type is any ScreenPlugin.Type`) searched every loaded
/// image's conformance records, a few hundred thousand instructions per question, at every load.
public enum ExportKind {
    case screen(any ScreenPlugin.Type)
    case navigationBar(any NavigationBarPlugin.Type)
    case root(any RootPlugin.Type)
}

/// A screen plugin (the seed's `ZPPluggableScreenProtocol`).
public protocol ScreenPlugin: PluginType {
    /// The failable first step: return nil to refuse. Do not call `host` here (the ABI forbids
    /// host calls in `create`); do that in `setUp`.
    init?(host: PluginHost, model: ScreenModels)
    /// The second step: build views. Return false when the screen cannot work.
    func setUp() -> Bool
    /// The root view, created in `setUp`.
    var view: View { get }
    func layout(width: Double, height: Double)
    func willAppear()
    func didAppear()
    func willDisappear()
    func didDisappear()
    /// Called before the instance is dropped.
    func tearDown()
}

extension ScreenPlugin {
    public static var exportKind: ExportKind { .screen(Self.self) }
    public func setUp() -> Bool { true }
    public func layout(width: Double, height: Double) {}
    public func willAppear() {}
    public func didAppear() {}
    public func willDisappear() {}
    public func didDisappear() {}
    public func tearDown() {}
}

/// A navigation-bar adapter (`ZPAdapterNavBarProtocol` + the UI-builder protocol).
public protocol NavigationBarPlugin: PluginType {
    /// `navBarJSON` is the home screen's `nav_bar` navigation. Do not call `host` here.
    init?(host: PluginHost, pluginJSON: String, navBarJSON: String)
    func setUp() -> Bool
    var view: View { get }
    func layout(width: Double, height: Double)
    /// The visible screen changed; `host.customization` answers for the new model now.
    func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?)
    func updateTitle(_ title: String)
    func setContextButton(_ button: ContextButton)
    func tearDown()
}

extension NavigationBarPlugin {
    public static var exportKind: ExportKind { .navigationBar(Self.self) }
    public func setUp() -> Bool { true }
    public func layout(width: Double, height: Double) {}
    public func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?) {}
    public func updateTitle(_ title: String) {}
    public func setContextButton(_ button: ContextButton) {}
    public func tearDown() {}
}

/// A root (menu) plugin (`ZPAdapterRootProtocol`).
public protocol RootPlugin: PluginType {
    /// `dataSourceJSON` is the home screen's `menu` navigation. Do not call `host` here.
    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String)
    func setUp() -> Bool
    var view: View { get }
    func layout(width: Double, height: Double)
    func selectItem(_ navItemID: String)
    func tearDown()
}

extension RootPlugin {
    public static var exportKind: ExportKind { .root(Self.self) }
    public func setUp() -> Bool { true }
    public func layout(width: Double, height: Double) {}
    public func selectItem(_ navItemID: String) {}
    public func tearDown() {}
}

/// A root that answers `plugboard.ext.special-action`: the menu button is shown and calls this.
public protocol SpecialActionRoot: RootPlugin {
    func performSpecialAction()
}

/// A root that answers `plugboard.ext.placement`: it places the navigation bar itself.
public protocol NavigationBarPlacingRoot: RootPlugin {
    /// Put `bar` (the bar's, not yours: never release it) into your view for `placement` and
    /// frame it; `area` is where the host would put it (nil from a host older than ABI 1.3).
    /// Called at start-up and whenever the placement, the bar or the area changes.
    func placeNavigationBar(_ bar: View, placement: Placement, area: NavigationBarArea?)
}

/// The models a screen is created with, as UTF-8 JSON text.
public struct ScreenModels: Sendable {
    /// The plugin model: manifest + `configuration_json`.
    public var pluginJSON: String
    /// The screen props: the screen model flattened, `uibuilder_screen_model`, `data_source_model`.
    public var screenJSON: String
    /// The data source, or nil.
    public var dataSourceJSON: String?
}
