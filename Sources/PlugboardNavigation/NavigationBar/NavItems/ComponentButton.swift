import PlugboardConfig

/// `applicaster_crossmates` and `applicaster_feed` items: open their component screens (the
/// screen plugin named like the type, else the host's), the feed with its source.
enum ComponentButton: NavItemBehaviour {
    static let types: [NavItemType] = [.applicasterCrossmates, .applicasterFeed]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        context.open(.component(item), dataSource: item.dataSource)
    }
}
