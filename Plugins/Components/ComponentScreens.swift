import PlugboardSDK

/// The component screens nav items open (seed 000's navigation buttons): live drawer,
/// crossmates, feed and chromecast. Each shows its title and what it works on: the feed lists its
/// data source, crossmates names the screen being watched (the host adds `watching`).
class ComponentScreen {
    private let host: PluginHost
    private let lines: [String]
    private var root: View!
    private var labels: [View] = []

    /// `detail` makes the lines under the heading from the data source's members.
    init(host: PluginHost, model: ScreenModels, heading: String, detail: ([String: Any]) -> [String]) {
        self.host = host
        lines = [heading] + detail(ScreenModel.object(model.dataSourceJSON))
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
        super.init(host: host, model: model, heading: "● Live") { data in
            ["Now streaming", (data["source"] as? String).map { "stream: \($0)" } ?? "no stream configured"]
        }
    }
}

final class CrossmatesScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(
        id: "applicaster_crossmates", name: "Crossmates", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "Crossmates") { data in
            guard let watching = data["watching"] as? String else { return ["Chat with friends watching now"] }
            return ["Chat with friends watching \(watching)"]
        }
    }
}

final class FeedScreen: ComponentScreen, ScreenPlugin {
    static let info = PluginInfo(id: "applicaster_feed", name: "Feed", version: "1.0.0", vendor: "Plugboard")
    required init?(host: PluginHost, model: ScreenModels) {
        super.init(host: host, model: model, heading: "Feed") { data in
            guard let source = data["source"] as? String else { return ["no data source"] }
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
    PlugboardExport.register(
        LiveDrawerScreen.self, CrossmatesScreen.self, FeedScreen.self, ChromecastScreen.self, TourScreen.self)
}
