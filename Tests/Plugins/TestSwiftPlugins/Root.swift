import PlugboardSDK

/// A root written in Swift that answers both optional extensions: special-action (it toggles
/// its menu) and placement (it puts the bar at the top of its own view).
final class TestRoot: SpecialActionRoot, NavigationBarPlacingRoot {
    static let info = PluginInfo(id: "test.root.swift", name: "Test Root (Swift)", version: "1.0.0", isScreen: false)

    private let host: PluginHost
    private var root: View!
    private var menu: View!
    private var container: View?
    private var menuOpen = false

    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String) {
        self.host = host
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let menu = host.makeView(.container) else { return false }
        self.root = root
        self.menu = menu
        menu.setHidden(true)
        root.addChild(menu)
        container = host.root?.screenContainer
        if let container { root.addChild(container) }
        host.log("setUp container=\(container != nil)")
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        container?.setFrame(Frame(x: 0, y: 0, width: width, height: height))
        menu.setFrame(Frame(x: 0, y: 0, width: width * 0.8, height: height))
    }

    func selectItem(_ navItemID: String) { host.log("select \(navItemID)") }

    func performSpecialAction() {
        menuOpen.toggle()
        menu.setHidden(!menuOpen)
        host.log("special action menu=\(menuOpen ? "open" : "closed")")
    }

    func placeNavigationBar(_ bar: View, placement: Placement, area: NavigationBarArea?) {
        root.addChild(bar)
        bar.setHidden(placement == .hidden)
        bar.setFrame(area?.frame ?? Frame(x: 0, y: 0, width: 100, height: 44))
        host.log(
            "place bar \(placement) in \(area.map { "\($0.frame.width)x\($0.frame.height) at y \($0.frame.y)" } ?? "no area")"
        )
    }

    func tearDown() { host.log("tearDown") }
}

/// A root that answers neither extension: the menu button stays hidden and the container
/// places the bar.
final class PlainRoot: RootPlugin {
    static let info = PluginInfo(id: "test.root.plain", name: "Plain Root (Swift)", version: "1.0.0", isScreen: false)

    private let host: PluginHost
    private var root: View!
    private var container: View?

    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String) { self.host = host }

    func setUp() -> Bool {
        guard let root = host.makeView(.container) else { return false }
        self.root = root
        container = host.root?.screenContainer
        if let container { root.addChild(container) }
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        container?.setFrame(Frame(x: 0, y: 0, width: width, height: height))
    }

    func selectItem(_ navItemID: String) { host.log("select \(navItemID)") }
}
