import PlugboardSDK

/// __DISPLAY__: a screen with a title (the screen's name in rivers.json, read through the
/// model extension, no JSON parsing) and a button that counts its taps. Every lifecycle call is
/// logged through the host.
///
/// The host calls `init?` (no host calls yet), `setUp` (make the views), then `layout`,
/// `willAppear`, `didAppear`, … and `tearDown`, all on the main thread.
final class __PASCAL__: ScreenPlugin {
    static let info = PluginInfo(
        id: "__PLUGIN_ID__", name: "__DISPLAY__", version: "1.0.0", vendor: "__VENDOR__",
        summary: "A screen made by plugboard new")

    private let host: PluginHost
    private var root: View!
    private var title: View!
    private var button: View!
    private var taps = 0

    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let title = host.makeView(.label),
            let button = host.makeView(.button)
        else { return false }
        self.root = root
        self.title = title
        self.button = button
        root.setBackgroundColor(0xFFFF_FFFF)
        title.setIdentifier("__PLUGIN_ID__:title")
        title.setAlignment(.center)
        title.setText(host.model?.string(.screen, "uibuilder_screen_model.name") ?? "__DISPLAY__")
        button.setIdentifier("__PLUGIN_ID__:button")
        button.setText("Tap me")
        button.onTap { [unowned self] in
            taps += 1
            title.setText("Tapped \(taps) times")
            host.log("Tapped \(taps) times")
        }
        root.addChild(title)
        root.addChild(button)
        host.log("init")
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        title.setFrame(Frame(x: 16, y: height / 3 - 22, width: max(0, width - 32), height: 44))
        button.setFrame(Frame(x: width / 2 - 60, y: height / 3 + 34, width: 120, height: 44))
    }

    func willAppear() { host.log("will_appear") }
    func didAppear() { host.log("did_appear") }
    func willDisappear() { host.log("will_disappear") }
    func didDisappear() { host.log("did_disappear") }
    func tearDown() { host.log("destroy") }
}

/// Exports the plugin: the SDK builds its descriptor and C tables.
@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(__PASCAL__.self) }
