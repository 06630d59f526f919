/// What a plugin says about itself: becomes its `pb_plugin_descriptor_t`.
public struct PluginInfo: Sendable {
    /// Matched against the manifest's `api.class_name` / `identifier`. Unique within the library.
    public var id: String
    /// A human-readable name.
    public var name: String
    /// The plugin's own version, e.g. `1.2.0`.
    public var version: String
    /// Who makes the plugin; nil for nobody in particular.
    public var vendor: String?
    /// One line saying what the plugin does (the descriptor's `description`); nil for none.
    public var summary: String?
    /// May serve a rivers.json screen (manifest `screen: true`). Screens only.
    public var isScreen: Bool

    /// Describes a plugin. `isScreen` is read for screen plugins only.
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
    /// What the plugin says about itself. Read when the type is registered (its descriptor is
    /// built then, once) and at each `create` (to find the type by id): answer the same each time.
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
    /// The host has sized `view` to `width` × `height` points: lay the subviews out. Called
    /// after `setUp` and on every size change (a device switch, the bar shown or hidden), not
    /// again for the same size: a screen whose content changes lays it out again itself.
    func layout(width: Double, height: Double)
    /// The screen is about to be shown: pushed, presented, uncovered by a pop or a dismissal,
    /// or at start-up. Comes at the start of its transition; `didAppear()` follows.
    func willAppear()
    /// The screen is shown: its transition has ended.
    func didAppear()
    /// The screen is about to be hidden: covered, popped or dismissed. `didDisappear()` follows.
    func willDisappear()
    /// The screen is hidden. It may stay cached and appear again (with `willAppear()`), or be
    /// torn down.
    func didDisappear()
    /// Called before the instance is dropped.
    func tearDown()
}

extension ScreenPlugin {
    /// `.screen(Self.self)`: the type is exported as a screen.
    public static var exportKind: ExportKind { .screen(Self.self) }
    /// Succeeds with nothing to build.
    public func setUp() -> Bool { true }
    /// Lays nothing out.
    public func layout(width: Double, height: Double) {}
    /// Does nothing.
    public func willAppear() {}
    /// Does nothing.
    public func didAppear() {}
    /// Does nothing.
    public func willDisappear() {}
    /// Does nothing.
    public func didDisappear() {}
    /// Does nothing: the SDK releases the views the instance still owns and drops its tap
    /// closures after `tearDown` in any case.
    public func tearDown() {}
}

/// A navigation-bar adapter (`ZPAdapterNavBarProtocol` + the UI-builder protocol).
public protocol NavigationBarPlugin: PluginType {
    /// `navBarJSON` is the home screen's `nav_bar` navigation. Do not call `host` here.
    init?(host: PluginHost, pluginJSON: String, navBarJSON: String)
    /// The second step: build the bar's views and make its navigation buttons
    /// (`host.navigationBar`). Return false when the bar cannot work: the host destroys it and
    /// falls back to the default bar.
    func setUp() -> Bool
    /// The bar's root view, created in `setUp`; the host (or a root that places the bar) places
    /// it and sizes it.
    var view: View { get }
    /// The host has sized `view` to `width` × `height` points (the bar's height, never the
    /// status bar's): lay out the context button, the title or logo and the navigation buttons.
    /// Also called again with the same size.
    func layout(width: Double, height: Double)
    /// The visible screen changed; `host.customization` answers for the new model now.
    /// `screenJSON` is its rivers.json screen, `navBarJSON` the `nav_bar` navigation that applies
    /// (its own or Home's), `dataSourceJSON` its data source or nil. `updateTitle(_:)` and
    /// `setContextButton(_:)` follow, once per change.
    func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?)
    /// Show `title` when the presentation style is `.title`.
    func updateTitle(_ title: String)
    /// Show exactly this context button, or none when it is `.none`: at most one is visible.
    /// Called after every screen change.
    func setContextButton(_ button: ContextButton)
    /// Called before the instance is dropped.
    func tearDown()
}

extension NavigationBarPlugin {
    /// `.navigationBar(Self.self)`: the type is exported as a navigation bar.
    public static var exportKind: ExportKind { .navigationBar(Self.self) }
    /// Succeeds with nothing to build.
    public func setUp() -> Bool { true }
    /// Lays nothing out.
    public func layout(width: Double, height: Double) {}
    /// Does nothing: a bar that reads `host.customization` when it lays out needs nothing more.
    public func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?) {}
    /// Ignores the title.
    public func updateTitle(_ title: String) {}
    /// Ignores the button.
    public func setContextButton(_ button: ContextButton) {}
    /// Does nothing: the SDK releases the views the instance still owns and drops its tap
    /// closures after `tearDown` in any case.
    public func tearDown() {}
}

/// A root (menu) plugin (`ZPAdapterRootProtocol`).
public protocol RootPlugin: PluginType {
    /// `dataSourceJSON` is the home screen's `menu` navigation. Do not call `host` here.
    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String)
    /// The second step: build the menu's views and add `host.root?.screenContainer` to them.
    /// Return false when the root cannot work: the host uses its built-in side menu instead.
    func setUp() -> Bool
    /// The root's view, created in `setUp`; the host sizes it to the root content area.
    var view: View { get }
    /// The host has sized `view` to `width` × `height` points: lay out the menu and the screen
    /// container. Called after `setUp` and whenever the size changes, not again for the same size.
    func layout(width: Double, height: Double)
    /// The host selected the nav item `navItemID` (after `openItem`, the shell's `select`, a
    /// close back to Home; not at start-up): show it as selected. The host shows the item's
    /// screen itself: do not call `openItem` back for it.
    func selectItem(_ navItemID: String)
    /// Called before the instance is dropped.
    func tearDown()
}

extension RootPlugin {
    /// `.root(Self.self)`: the type is exported as a root.
    public static var exportKind: ExportKind { .root(Self.self) }
    /// Succeeds with nothing to build.
    public func setUp() -> Bool { true }
    /// Lays nothing out.
    public func layout(width: Double, height: Double) {}
    /// Ignores the selection.
    public func selectItem(_ navItemID: String) {}
    /// Does nothing: the SDK releases the views the instance still owns and drops its tap
    /// closures after `tearDown` in any case.
    public func tearDown() {}
}

/// A root that answers `plugboard.ext.special-action`: the menu button is shown and calls this.
public protocol SpecialActionRoot: RootPlugin {
    /// The menu button was tapped: do the root's special behaviour (open or close its menu).
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
