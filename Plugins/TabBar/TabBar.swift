import Foundation
import PlugboardSDK

/// The first-party tab-bar root (`tab_bar`): one tab per top-level menu item that opens a screen,
/// along the bottom of the root view, with the host's screen container above them.
///
/// It answers neither optional extension: there is no menu button (nothing to toggle), and the
/// root container places the navigation bar above the root view. A tab is made for a top-level
/// nav item of type `button` or `label` with a `data.target` (a screen) or an http(s)
/// `data.source` (a web page), and for the screen-like types (EPG, settings, feed, crossmates,
/// live drawer). Headers, nested menus, ads and Chromecast items make no tab; nested items are
/// ignored (a tab bar cannot show children of children).
///
/// Colours come from the data source's `styles` (manifest defaults filled in by the host):
/// `tab_bar_background_color`, `text_color`, `selected_text_color`, as `#RRGGBB` or `#AARRGGBB`.
final class TabBarRoot: RootPlugin {
    static let info = PluginInfo(
        id: "tab_bar", name: "Tab Bar", version: "1.0.0", vendor: "Plugboard",
        summary: "Tabs along the bottom for the menu's screens", isScreen: false)

    /// The height of the tab strip, in points (UIKit's tab bar).
    static let tabBarHeight = 49.0
    static let defaultBackground: UInt32 = 0xFFF7_F7F7
    static let defaultTextColor: UInt32 = 0xFF8E_8E93
    static let defaultSelectedColor: UInt32 = 0xFF00_7AFF

    /// The nav-item types that open a screen without a `data.target`.
    static let screenTypes: Set<String> = [
        "applicaster_epg", "applicaster_settings", "applicaster_feed", "applicaster_crossmates", "live_drawer",
    ]

    /// One tab: a top-level nav item, and its button once `setUp` made it.
    struct Tab {
        let id: String
        let title: String
        var button: View?
    }

    private let host: PluginHost
    private(set) var tabs: [Tab]
    private let colors: (background: UInt32, text: UInt32, selected: UInt32)
    private var root: View!
    private var strip: View!
    private var container: View?

    init?(host: PluginHost, pluginJSON: String, dataSourceJSON: String) {
        guard let menu = try? JSONDecoder().decode(Menu.self, from: Data(dataSourceJSON.utf8)) else { return nil }
        self.host = host
        tabs = (menu.navItems ?? []).filter(Self.makesTab).map {
            Tab(id: $0.id, title: $0.title.flatMap { $0.isEmpty ? nil : $0 } ?? $0.id, button: nil)
        }
        let styles = menu.styles ?? [:]
        colors = (
            Self.color(styles["tab_bar_background_color"]) ?? Self.defaultBackground,
            Self.color(styles["text_color"]) ?? Self.defaultTextColor,
            Self.color(styles["selected_text_color"]) ?? Self.defaultSelectedColor
        )
    }

    func setUp() -> Bool {
        guard let root = host.makeView(.container), let strip = host.makeView(.container) else { return false }
        self.root = root
        self.strip = strip
        root.setIdentifier("tab-bar")
        strip.setIdentifier("tab-bar:tabs")
        strip.setBackgroundColor(colors.background)
        // Not fatal (a host probing the plugin has none): the tabs work, no screen shows.
        container = host.root?.screenContainer
        if let container {
            root.addChild(container)
        } else {
            host.log("the host gave no screen container", severity: .warning)
        }
        root.addChild(strip)
        for index in tabs.indices {
            guard let button = host.makeView(.button) else { return false }
            let id = tabs[index].id
            button.setIdentifier("tab:\(id)")
            button.setText(tabs[index].title)
            button.setTextColor(colors.text)
            button.setAlignment(.center)
            button.onTap { [weak self] in self?.open(id) }
            strip.addChild(button)
            tabs[index].button = button
        }
        return true
    }

    var view: View { root }

    /// The screen container above, the tabs along the bottom in equal widths.
    func layout(width: Double, height: Double) {
        let barHeight = min(Self.tabBarHeight, max(height, 0))
        container?.setFrame(Frame(x: 0, y: 0, width: width, height: max(height - barHeight, 0)))
        strip.setFrame(Frame(x: 0, y: height - barHeight, width: width, height: barHeight))
        guard !tabs.isEmpty else { return }
        let tabWidth = width / Double(tabs.count)
        for (index, tab) in tabs.enumerated() {
            tab.button?.setFrame(Frame(x: Double(index) * tabWidth, y: 0, width: tabWidth, height: barHeight))
        }
    }

    /// Marks the tab of `navItemID` (none when it has no tab) with the selected colour.
    func selectItem(_ navItemID: String) {
        for tab in tabs {
            tab.button?.setTextColor(tab.id == navItemID ? colors.selected : colors.text)
        }
        host.log("select \(navItemID)")
    }

    /// A tab was tapped: the host shows its item and then calls `selectItem`.
    private func open(_ id: String) {
        if host.root?.openItem(id) != true { host.log("open refused for \(id)", severity: .warning) }
    }

    /// True for the top-level items that make a tab (see the type's documentation).
    static func makesTab(_ item: NavItem) -> Bool {
        let type = item.type ?? "button"
        switch type {
        case "button", "label":
            if let target = item.data?.target, !target.isEmpty { return true }
            let source = item.data?.source ?? ""
            return source.hasPrefix("http://") || source.hasPrefix("https://")
        default:
            return screenTypes.contains(type)
        }
    }

    /// Reads `#RRGGBB` or `#AARRGGBB`; nil for anything else.
    static func color(_ text: String?) -> UInt32? {
        guard let text, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(text.dropFirst(), radix: 16)
        else { return nil }
        switch text.count {
        case 7: return 0xFF00_0000 | value
        case 9: return value
        default: return nil
        }
    }

    /// The data source: the home screen's `menu` navigation. Other keys are ignored.
    struct Menu: Decodable {
        let navItems: [NavItem]?
        let styles: [String: String]?

        enum CodingKeys: String, CodingKey {
            case navItems = "nav_items"
            case styles
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            navItems = try container.decodeIfPresent([NavItem].self, forKey: .navItems)
            // Styles may hold values of any type; only the strings matter here.
            styles = (try? container.decodeIfPresent([String: StyleValue].self, forKey: .styles))?
                .compactMapValues(\.string)
        }
    }

    /// A nav item, as much of it as the tab bar uses.
    struct NavItem: Decodable {
        let id: String
        let title: String?
        let type: String?
        let data: ItemData?
    }

    struct ItemData: Decodable {
        let target: String?
        let source: String?
    }

    /// A style value: its text when it is a string.
    struct StyleValue: Decodable {
        let string: String?
        init(from decoder: any Decoder) throws { string = try? decoder.singleValueContainer().decode(String.self) }
    }
}

@_cdecl("plugboard_sdk_register")
public func register() { PlugboardExport.register(TabBarRoot.self) }
