import PlugboardCore

/// The nav-item types of the UI Builder (`nav_items[].type`).
package enum NavItemType: String, Sendable, Codable, CaseIterable {
    case button, label, header, ad
    case nestedMenu = "nested_menu"
    case applicasterFeed = "applicaster_feed"
    case applicasterCrossmates = "applicaster_crossmates"
    case applicasterEPG = "applicaster_epg"
    case applicasterSettings = "applicaster_settings"
    case liveDrawer = "live_drawer"
    case chromecast
    /// Calls a plugin's dynamic export: `data {plugin, export, args}` (a Plugboard addition).
    case pluginCall = "plugin_call"

    package static let names = allCases.map(\.rawValue)
}

/// One navigation item: a button in a bar, a cell in a menu; nested items for nested menus.
package struct NavItem: Sendable {
    package struct Data: Sendable, Hashable {
        /// The screen id it opens.
        package var target: String?
        package var connected: Bool?
        /// A data-source URL, or the web URL of a `WEB_URL` button.
        package var source: String?
        /// The data-source type (`APPLICASTER_ATOM_FEED`, `WEB_URL`, …).
        package var type: String?
    }

    package var id: String
    package var title: String?
    /// nil for a type this host does not know: the item is kept, inert, with a warning.
    package var type: NavItemType?
    package var typeName: String
    package var data: Data
    package var navItems: [NavItem]
    package var node: ConfigNode

    /// The location of `data.target`, for cross-file errors.
    package var targetLocation: ConfigLocation? { node["data"]?["target"]?.location }

    static func read(_ node: ConfigNode, _ sink: DiagnosticSink) -> NavItem? {
        guard let item = node.asObject(sink) else { return nil }
        let id = item.string("id", required: true, sink)
        let title = item.string("title", sink)
        let typeName = item.string("type", required: true, sink)
        let type = typeName.flatMap(NavItemType.init(rawValue:))
        if let typeName, type == nil, let location = item["type"]?.location {
            sink.warning(
                location,
                "unknown nav item type \"\(typeName)\" (known: \(NavItemType.names.joined(separator: ", "))); "
                    + "the item is kept and does nothing")
        }
        let data = item.object("data", sink)
        for key in ["assets", "styles", "rules"] { item.checkObject(key, sink) }
        let children = item.array("nav_items", sink)?.compactMap { NavItem.read($0, sink) } ?? []
        guard let id, let typeName else { return nil }
        return NavItem(
            id: id, title: title, type: type, typeName: typeName,
            data: Data(
                target: data?.string("target", sink), connected: data?.bool("connected", sink),
                source: data?.string("source", sink), type: data?.string("type", sink)),
            navItems: children, node: item)
    }

    /// This item and every nested one, depth first.
    package var flattened: [NavItem] { [self] + navItems.flatMap(\.flattened) }

    /// Calls `body` with this item and every nested one, depth first: `flattened` without
    /// building its array, for the checks that visit every item of every navigation.
    func forEachFlattened(_ body: (NavItem) -> Void) {
        body(self)
        // By index: a `for` loop would copy every item whole.
        for item in navItems.indices { navItems[item].forEachFlattened(body) }
    }
}

extension NavItem {
    /// The data source the item passes to the screen it opens: its `data` without `target`,
    /// when it names a `source`; nil otherwise.
    package var dataSource: JSONValue? {
        // The parsed `source` first: an item without one (most buttons) makes no JSON value.
        guard let source = data.source, !source.isEmpty, let data = node["data"]?.node.value.objectValue else {
            return nil
        }
        return .object(JSONObject(entries: data.entries.filter { $0.key != "target" }))
    }

    /// The URL the button opens: its source when its data type is `WEB_URL`, or when its source
    /// is an http(s) URL.
    package var webURL: String? {
        guard let source = data.source, !source.isEmpty else { return nil }
        if data.type?.uppercased() == "WEB_URL" { return source }
        return source.hasPrefix("http://") || source.hasPrefix("https://") ? source : nil
    }
}
