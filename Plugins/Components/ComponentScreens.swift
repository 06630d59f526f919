import PlugboardSDK

/// The component screens nav items open (seed 000's navigation buttons): live drawer,
/// crossmates, feed and chromecast. Each shows its title and what it works on; the feed lists its
/// data source.
class ComponentScreen {
    private let host: PluginHost
    private let lines: [String]
    private var root: View!
    private var labels: [View] = []

    init(host: PluginHost, model: ScreenModels, heading: String, detail: (String?) -> [String]) {
        self.host = host
        let source = ScreenModel.object(model.dataSourceJSON)["source"] as? String
        lines = [heading] + detail(source)
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container) else { return false }
        self.root = root
        root.setBackgroundColor(0xFF10_1010)
        for text in lines {
            guard let label = host.makeView(.label) else { return false }
            label.setText(text)
            label.setTextColor(0xFFFF_FFFF)
            root.addChild(label)
            labels.append(label)
        }
        return true
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        for (index, label) in labels.enumerated() {
            label.setFrame(Frame(x: 16, y: 16 + Double(index) * 30, width: max(0, width - 32), height: 26))
        }
    }
}

final class LiveDrawerScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(id: "live_drawer", name: "Live Drawer", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "● Live") { source in
            ["Now streaming", source.map { "stream: \($0)" } ?? "no stream configured"]
        }
    }
}

final class CrossmatesScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(
        id: "applicaster_crossmates", name: "Crossmates", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "Crossmates") { _ in
            ["Chat with friends watching now"]
        }
    }
}

final class FeedScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(id: "applicaster_feed", name: "Feed", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "Feed") { source in
            guard let source else { return ["no data source"] }
            return ["source: \(source)"] + (1...3).map { "• item \($0) of \(source)" }
        }
    }
}

final class ChromecastScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(id: "chromecast", name: "Chromecast", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "Cast to a device") { _ in
            ["Living Room TV", "Bedroom speaker"]
        }
    }
}

@_cdecl("plugboard_sdk_register")
public func register() {
    PlugboardExport.register(LiveDrawerScreen.self, CrossmatesScreen.self, FeedScreen.self, ChromecastScreen.self)
}
