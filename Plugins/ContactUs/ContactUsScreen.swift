import PlugboardSDK

/// The "Contact Us" settings screen (`settings_contact_us_legacy` of seed 002): the app's
/// contact details from the plugin's `configuration_json`, on the screen's `background_color`.
final class ContactUsScreen: ScreenPlugin {
    static let info = PluginInfo(
        id: "settings_contact_us_legacy", name: "Contact Us", version: "1.0.0", vendor: "Plugboard",
        summary: "Contact details on a coloured background")

    private let host: PluginHost
    private let background: UInt32
    private let lines: [String]
    private var root: View!
    private var labels: [View] = []

    init?(host: PluginHost, model: ScreenModels) {
        self.host = host
        let props = ScreenModel.object(model.screenJSON)
        background = ScreenModel.color(props["background_color"] as? String) ?? 0xFFFF_FFFF
        let configuration = ScreenModel.object(model.pluginJSON)["configuration_json"] as? [String: Any] ?? [:]
        lines =
            ["Contact Us"]
            + [("Email", "email"), ("Phone", "phone"), ("Web", "website")].compactMap { label, key in
                (configuration[key] as? String).map { "\(label): \($0)" }
            }
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container) else { return false }
        self.root = root
        root.setIdentifier("contact-us")
        root.setBackgroundColor(background)
        for (index, text) in lines.enumerated() {
            guard let label = host.makeView(.label) else { return false }
            label.setText(text)
            label.setFont(family: nil, size: index == 0 ? 24 : 17)
            label.setTextColor(isDark ? 0xFFFF_FFFF : 0xFF00_0000)
            root.addChild(label)
            labels.append(label)
        }
        return true
    }

    /// Light text on dark backgrounds.
    private var isDark: Bool {
        let (r, g, b) = (Double((background >> 16) & 0xFF), Double((background >> 8) & 0xFF), Double(background & 0xFF))
        return 0.299 * r + 0.587 * g + 0.114 * b < 128
    }

    var view: View { root }

    func layout(width: Double, height: Double) {
        for (index, label) in labels.enumerated() {
            label.setFrame(Frame(x: 16, y: 24 + Double(index) * 36, width: max(0, width - 32), height: 30))
        }
    }
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(ContactUsScreen.self) }
