import PlugboardConfig

/// `applicaster_feed` items (seed 000's `FeedNavigationButton`): open the feed component — the
/// screen plugin whose identifier is `applicaster_feed`, else the host's — listing the feed the
/// item's `data.source` names. A feed item without a source has nothing to list: it does
/// nothing, and says so.
enum FeedButton: NavItemBehaviour {
    static let types: [NavItemType] = [.applicasterFeed]

    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool {
        guard item.data.source?.isEmpty == false else { return false }
        return context.open(.component(item), dataSource: item.dataSource)
    }

    static func whyIgnored(_ item: NavItem) -> String {
        "a feed item needs data.source, the feed it lists"
    }
}
