import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// The root used when the app names no root plugin or it fails (the seed's
/// GASideMenuViewController): a side menu listing the menu's nav items over the screen
/// container. It answers special-action (the menu button opens and closes it) and lets the
/// container place the bar.
final class BuiltInSideMenu: RootAdapter {
    let identifier = "builtin.side_menu"
    private let tree: ViewTree
    private let owner: ViewOwner
    private let root: ViewHandle
    private let menu: ViewHandle
    private let screenContainer: ViewHandle
    private var rows: [(id: String, view: ViewHandle)] = []
    private(set) var isOpen = false

    /// `items` are the menu's nav items (nested ones flattened); `open` shows an item's screen.
    init(items: [NavItem], screenContainer: ViewHandle, environment: PlugboardHost, open: @escaping (String) -> Void) {
        tree = environment.views
        owner = environment.makeOwner()
        self.screenContainer = screenContainer
        root = tree.create(.container, owner: owner)
        menu = tree.create(.container, owner: owner)
        try? tree.setIdentifier(root, "side-menu", by: owner)
        try? tree.setIdentifier(menu, "side-menu:panel", by: owner)
        try? tree.setBackgroundColor(menu, ARGBColor(0xF020_2020), by: owner)
        try? tree.setHidden(menu, true, by: owner)
        tree.grant(screenContainer, to: owner)  // the host's view, placed in the menu's tree
        try? tree.addChild(screenContainer, to: root, by: owner)
        try? tree.addChild(menu, to: root, by: owner)
        for item in items.flatMap(\.flattened) where item.type != .nestedMenu {
            let row = tree.create(item.type == .header ? .label : .button, owner: owner)
            _ = try? tree.setText(row, item.title ?? item.id, by: owner)
            try? tree.setIdentifier(row, "menu-item:\(item.id)", by: owner)
            if item.type != .header {
                let id = item.id
                try? tree.setTapAction(row, .host { open(id) }, by: owner)
            }
            try? tree.addChild(row, to: menu, by: owner)
            rows.append((item.id, row))
        }
    }

    var view: ViewHandle? { root }
    /// The menu's panel, which slides in and out (seed 003's menu transition).
    var panel: ViewHandle { menu }
    let hasSpecialAction = true
    let placesNavigationBar = false
    let takesNavigationBarArea = false

    func layout(width: Double, height: Double) {
        try? tree.setFrame(screenContainer, Rect(x: 0, y: 0, width: width, height: height), by: owner)
        let menuWidth = (width * 0.8).rounded()
        try? tree.setFrame(menu, Rect(x: 0, y: 0, width: menuWidth, height: height), by: owner)
        for (index, row) in rows.enumerated() {
            try? tree.setFrame(
                row.view, Rect(x: 16, y: 16 + Double(index) * 44, width: menuWidth - 32, height: 44), by: owner)
        }
    }

    /// Closes the menu once an item is chosen, as a side menu does.
    func selectItem(_ navItemID: String) {
        isOpen = false
        try? tree.setHidden(menu, true, by: owner)
    }

    func performSpecialAction() -> Bool {
        isOpen.toggle()
        try? tree.setHidden(menu, !isOpen, by: owner)
        return true
    }

    func placeNavigationBar(_ bar: ViewHandle, placement: Placement, area: NavigationBarArea) -> Bool { false }

    func destroy() { tree.releaseAll(ownedBy: owner) }
}
