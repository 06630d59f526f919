import PlugboardConfig

/// The root's selection follows its content, however the content changed: a menu tap, a link,
/// a URL, a restore or a reload all end with the root told (`select_item`) which of its items
/// shows the root stack's first screen, so a tab bar or a side menu never highlights one screen
/// while another is shown. It is told only when that item changes.
extension PlugboardApp {
    /// Tells the root the item of the root stack's first screen, if it changed since it was last
    /// told. `preferred` is the item a menu selection used (two items may open one screen).
    func syncRootSelection(preferring preferred: String? = nil) {
        guard let screenID = rootContainer.stack.first?.key.screenID else { return }
        let items = home?.menu?.navItems.flatMap(\.flattened) ?? []
        let matching = items.filter { $0.data.target == screenID }
        guard let item = matching.first(where: { $0.id == preferred }) ?? matching.first else { return }
        guard item.id != selectedRootItem else { return }
        selectedRootItem = item.id
        root.selectItem(item.id)
    }
}
