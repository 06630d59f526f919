import PlugboardSDK

/// The screen a URL button opens: shows the address and a page placeholder (there is no web
/// engine in a terminal; `plugboard render` shows the same).
final class WebScreen: ScreenPlugin {
    static let info = PluginInfo(
        id: "web", name: "Web", version: "1.0.0", vendor: "Plugboard", summary: "Shows the URL a button opens")

    private let host: PluginHost
    private let url: String
    private var root: View!
    private var address: View!
    private var page: View!

    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
        let dataSource = ScreenModel.object(model.dataSourceJSON)
        guard let url = dataSource["source"] as? String, !url.isEmpty else { return nil }
        self.url = url
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let address = host.makeView(.label),
            let page = host.makeView(.label)
        else { return false }
        (self.root, self.address, self.page) = (root, address, page)
        root.setIdentifier("web")
        root.setBackgroundColor(0xFFFF_FFFF)
        address.setIdentifier("web:address")
        address.setText(url)
        address.setBackgroundColor(0xFFE8_E8E8)
        page.setText("The page at \(url) opens here.")
        page.setAlignment(.center)
        root.addChild(address)
        root.addChild(page)
        host.log("open \(url)")
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        address.setFrame(Frame(x: 8, y: 8, width: max(0, width - 16), height: 32))
        page.setFrame(Frame(x: 8, y: 56, width: max(0, width - 16), height: 32))
    }
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(WebScreen.self) }
