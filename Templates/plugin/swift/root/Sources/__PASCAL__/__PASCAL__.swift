import PlugboardSDK

/// __DISPLAY__: a root that holds the host's screen container (where the screens are shown) in
/// its own view. The menu's nav items are in its data source (the home screen's `menu`
/// navigation), read here through the model extension; a real menu would show them.
///
/// The host calls `init?` (no host calls yet), `setUp` (make the views, fetch the screen
/// container), `layout` whenever it lays the app out, `selectItem` when a menu item was opened,
/// and `tearDown`. All on the main thread.
final class __PASCAL__: RootPlugin {
    static let info = PluginInfo(
        id: "__PLUGIN_ID__", name: "__DISPLAY__", version: "1.0.0", vendor: "__VENDOR__",
        summary: "A root made by plugboard new", isScreen: false)

    private let host: PluginHost
    private var root: View!
    /// The host's: never release it.
    private var container: View?

    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String) {
        self.host = host
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container) else { return false }
        self.root = root
        root.setIdentifier("__PLUGIN_ID__:view")
        container = host.root?.screenContainer
        if let container { root.addChild(container) }
        host.log("init: \(host.model?.count(.dataSource, "nav_items") ?? 0) menu items")
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        container?.setFrame(Frame(x: 0, y: 0, width: width, height: height))
    }

    func selectItem(_ navItemID: String) { host.log("select \(navItemID)") }

    func tearDown() { host.log("destroy") }
}

/// Exports the plugin: the SDK builds its descriptor and C tables.
@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(__PASCAL__.self) }
