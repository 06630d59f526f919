import PlugboardSDK

/// __DISPLAY__: a navigation bar with a context button (menu, back or close), the title, and the
/// navigation buttons the host makes for the bar's nav items (their taps go to the host).
///
/// The host calls `init?` (no host calls yet), `setUp` (make the views), then for every change
/// of the visible screen `customize`, `updateTitle`, `setContextButton`; `layout` whenever it
/// lays the bar out; and `tearDown`. All on the main thread.
final class __PASCAL__: NavigationBarPlugin {
    static let info = PluginInfo(
        id: "__PLUGIN_ID__", name: "__DISPLAY__", version: "1.0.0", vendor: "__VENDOR__",
        summary: "A navigation bar made by plugboard new", isScreen: false)

    private let host: PluginHost
    private var root: View!
    private var title: View!
    private var contextButton: View!
    private var navigationButtons: [View] = []
    private var context = ContextButton.none
    private var size = (width: 0.0, height: 0.0)

    init?(host: PluginHost, pluginJSON: String, navBarJSON: String) {
        self.host = host
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let title = host.makeView(.label),
            let contextButton = host.makeView(.button)
        else { return false }
        self.root = root
        self.title = title
        self.contextButton = contextButton
        title.setIdentifier("__PLUGIN_ID__:title")
        title.setAlignment(.center)
        contextButton.setIdentifier("__PLUGIN_ID__:context")
        contextButton.setHidden(true)
        contextButton.onTap { [unowned self] in
            switch context {
            case .menu: host.navigationBar?.buttonPressed(.menu)
            case .back: host.navigationBar?.buttonPressed(.back)
            case .close: host.navigationBar?.buttonPressed(.close)
            case .none: break
            }
        }
        root.addChild(title)
        root.addChild(contextButton)
        makeButtons()
        return true
    }

    /// One button per nav item of the current model, made by the host; the old ones released.
    private func makeButtons() {
        for button in navigationButtons { button.release() }
        navigationButtons.removeAll()
        guard let model = host.model else { return }
        for index in 0..<model.count(.navigationBar, "nav_items") {
            guard let id = model.string(.navigationBar, "nav_items[\(index)].id"),
                let button = host.navigationBar?.makeNavigationButton(navItemID: id)
            else { continue }  // labels, headers and ads make no button
            root.addChild(button)
            navigationButtons.append(button)
        }
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        size = (width, height)
        let buttonWidth = 64.0
        let right = width - buttonWidth * Double(navigationButtons.count)
        let left = context == .none ? 8.0 : 52.0
        contextButton.setFrame(Frame(x: 4, y: 0, width: 44, height: height))
        title.setFrame(Frame(x: left, y: 0, width: max(0, right - left), height: height))
        for (index, button) in navigationButtons.enumerated() {
            button.setFrame(Frame(x: right + buttonWidth * Double(index), y: 0, width: buttonWidth, height: height))
        }
    }

    /// A new screen: paint what the customization helper resolved and remake the buttons.
    func customize(screenJSON: String, navBarJSON: String, dataSourceJSON: String?) {
        guard let customization = host.customization else { return }
        if case .color(let color) = customization.background {
            root.setBackgroundColor(color)
        } else {
            root.setBackgroundColor(0xFF20_2020)
        }
        title.setTextColor(customization.titleColor)
        title.setFont(family: customization.titleFont.family, size: customization.titleFont.size)
        title.setHidden(customization.presentationStyle != .title)
        makeButtons()
        layout(width: size.width, height: size.height)
    }

    func updateTitle(_ title: String) { self.title.setText(title) }

    func setContextButton(_ button: ContextButton) {
        context = button
        let texts: [ContextButton: String] = [.menu: "Menu", .back: "Back", .close: "Close"]
        contextButton.setText(texts[button] ?? "")
        contextButton.setHidden(button == .none)
        layout(width: size.width, height: size.height)
    }

    func tearDown() {}
}

/// Exports the plugin: the SDK builds its descriptor and C tables.
@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(__PASCAL__.self) }
