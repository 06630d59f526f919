import PlugboardConfig

/// `button` (and menu `label`) items: "Opens generic screen" when `data.target` names a screen,
/// with the item's data as the screen's data source; a URL of the app's own scheme routes
/// inside the app (seed 004); "Opens external URL" for any other URL — handed to the system,
/// never shown in the app.
enum ScreenButton: NavItemBehaviour {
    static let types: [NavItemType] = [.button, .label]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        if let target = item.data.target ?? item.data.source, context.app.isAppURL(target) {
            context.app.route(toLink: target, from: item.id)  // a bad link is an error event
            return true
        }
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
