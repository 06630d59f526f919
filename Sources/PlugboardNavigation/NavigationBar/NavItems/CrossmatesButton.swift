import PlugboardConfig
import PlugboardCore

/// `applicaster_crossmates` items (seed 000's `CrossmatesNavigationButton`): open the crossmates
/// component — chat with friends watching the same thing — about the screen whose bar the button
/// is on. Its data source is the item's data with `watching`, that screen's id, added; so each
/// screen has its own conversation (and its own cache entry).
enum CrossmatesButton: NavItemBehaviour {
    static let types: [NavItemType] = [.applicasterCrossmates]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        let data = item.dataSource?.objectValue ?? JSONObject(entries: [])
        let watching = context.container.top?.key.screenID
        let dataSource = watching.map { JSONValue.object(data.setting("watching", to: .string($0))) }
        return context.open(.component(item), dataSource: dataSource ?? item.dataSource)
    }
}
