/// `button` (and menu `label`) items: "Opens generic screen" when `data.target` names a screen,
/// with the item's data as the screen's data source; "Opens external URL" when it has a URL
/// instead — handed to the system, never shown in the app.
enum ScreenButton: NavItemBehaviour {
    static let types: [NavItemType] = [.button, .label]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        if let target = item.data.target {
            return context.open(.screen(target), dataSource: item.dataSource)
        }
        if let url = item.webURL {
            context.app.openExternalURL(url, itemID: item.id)
            return true
        }
        return false
    }
}
