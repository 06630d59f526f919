import PlugboardConfig

/// `applicaster_epg` and `applicaster_settings` items: the white-label EPG or Settings screen —
/// the item's target, else the first rivers.json screen of that type, else the host's own.
enum WhiteLabelButton: NavItemBehaviour {
    static let types: [NavItemType] = [.applicasterEPG, .applicasterSettings]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        let screens = context.app.configuration.rivers
        if let target = item.data.target, screens.screen(target) != nil {
            return context.open(.screen(target), dataSource: item.dataSource)
        }
        let type: BuiltInScreenType = item.type == .applicasterEPG ? .epg : .settings
        if let screen = screens.screens.first(where: { $0.type == type.rawValue }) {
            return context.open(.screen(screen.id), dataSource: item.dataSource)
        }
        return context.open(.whiteLabel(type, itemID: item.id), dataSource: nil)
    }
}
