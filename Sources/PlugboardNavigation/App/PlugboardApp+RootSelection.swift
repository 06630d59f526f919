import PlugboardConfig

/// The root's selection follows its content, however the content changed: a menu tap, a link,
/// a URL, a restore or a reload all end with the root told (`select_item`) which of its items
/// shows the root stack's first screen, so a tab bar or a side menu never highlights one screen
/// while another is shown. It is told only when that item changes.
extension PlugboardApp {
    /// Tells the root the item of the root stack's first screen, if it changed since it was last
    /// told. `preferred` is the item a menu selection used (two items may open one screen): the
    /// root is told it even when it is the one selected already (a side menu closes its panel
    /// on `select_item`).
    func syncRootSelection(preferring preferred: String? = nil) {
        let preferred = preferred ?? selectingRootItem
        guard let content = rootContainer.stack.first else { return }
        // The same screen instance as at the last sync (most changes leave the root's content):
        // nothing to look up. A menu selection asks again with the item it used.
        guard preferred != nil || content.serial != selectionSyncedFor else { return }
        selectionSyncedFor = content.serial
        guard let items = rootItems.itemsByScreen[content.key.screenID] else { return }
        let item = preferred.flatMap { items.contains($0) ? $0 : nil } ?? items[0]
        guard item != selectedRootItem || item == preferred else { return }
        selectedRootItem = item
        rootSelectionsTold += 1
        root.selectItem(item)
    }

    /// Runs a menu selection of `item`: the root is told `item` once, by the change that shows its
    /// screen, or after it when the screen was shown already.
    func selecting(_ item: String, _ change: () -> Bool) -> Bool {
        let (toldBefore, outer) = (rootSelectionsTold, selectingRootItem)
        selectingRootItem = item
        let changed = change()
        selectingRootItem = outer
        if changed, rootSelectionsTold == toldBefore { syncRootSelection(preferring: item) }
        return changed
    }
}

/// The root menu's items (the home screen's `menu` navigation, nested ones included) that open
/// a screen, made once: the selection is looked up after every change, and walking the menu's
/// items each time cost more than the rest of a tap.
struct RootItemIndex {
    /// The items opening each screen, in the menu's order.
    private(set) var itemsByScreen: [String: [String]] = [:]
    /// The screen each item opens.
    private(set) var screenByItem: [String: String] = [:]

    init(_ items: [NavItem]) {
        for item in items {
            guard let target = item.data.target else { continue }
            itemsByScreen[target, default: []].append(item.id)
            screenByItem[item.id] = target
        }
    }
}
