import PlugboardConfig

/// `chromecast` items: open the cast picker listing the app's cast devices; the button shows the
/// connected device (`NavigationBarManager.customize`).
enum ChromecastButton: NavItemBehaviour {
    static let types: [NavItemType] = [.chromecast]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        context.open(.castPicker(itemID: item.id), dataSource: nil)
    }

    /// The button's title: the item's, with the connected device when there is one.
    static func title(of item: NavItem, connectedTo device: String?) -> String {
        let title = item.title ?? "Cast"
        return device.map { "\(title) ▸ \($0)" } ?? title
    }
}
