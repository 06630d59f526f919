import PlugboardConfig

/// `live_drawer` items: "Opens Live Drawer component" — a drawer over the current screen (from a
/// bar), showing the `live_drawer` screen plugin when the app has one, with the stream as its
/// data source.
enum LiveDrawerButton: NavItemBehaviour {
    static let types: [NavItemType] = [.liveDrawer]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        context.open(.component(item), dataSource: item.dataSource)
    }
}
