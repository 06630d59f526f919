import PlugboardCore

/// The rules that tie plugins.json and rivers.json together. A problem about two places names both.
enum CrossValidation {
    static func check(plugins: PluginsFile, rivers: RiversFile, riversRoot: ConfigLocation, _ sink: DiagnosticSink) {
        checkPluginIdentifiers(plugins, sink)
        checkHome(rivers, riversRoot, sink)
        checkDuplicateIDs(rivers, sink)
        let screenIDs = Set(rivers.screens.map(\.id))
        // By index, here and below: a `for` loop copies each screen, navigation and item whole,
        // every field retained, to read a few of them.
        for screen in rivers.screens.indices {
            checkScreenType(rivers.screens[screen], plugins, sink)
            for navigation in rivers.screens[screen].navigations.indices {
                checkNavigationType(rivers.screens[screen].navigations[navigation], plugins, sink)
                for root in rivers.screens[screen].navigations[navigation].navItems.indices {
                    rivers.screens[screen].navigations[navigation].navItems[root].forEachFlattened { item in
                        guard let target = item.data.target, !screenIDs.contains(target),
                            let location = item.targetLocation
                        else { return }
                        if target.contains("://") {
                            // A deep link (seed 004): its routes are checked when it is followed.
                            do throws(RouteURLError) {
                                _ = try RouteURL.parse(target)
                            } catch {
                                sink.error(location, "target \"\(target)\" is not a valid link: \(error)")
                            }
                        } else {
                            sink.error(location, "target \"\(target)\" names no screen in \(rivers.file)")
                        }
                    }
                }
            }
        }
    }

    /// Locations are worked out only for the entries reported: most configurations have no
    /// duplicates, and a location costs a position and a rendered path.
    private static func checkPluginIdentifiers(_ plugins: PluginsFile, _ sink: DiagnosticSink) {
        func location(_ entry: PluginEntry) -> ConfigLocation {
            entry.manifest.node["identifier"]?.location ?? entry.location
        }
        var seen = [String: Int](minimumCapacity: plugins.entries.count)
        for (position, entry) in plugins.entries.enumerated() {
            if let first = seen[entry.manifest.identifier] {
                sink.error(
                    location(entry), "duplicate plugin identifier \"\(entry.manifest.identifier)\"",
                    related: location(plugins.entries[first]))
            } else {
                seen[entry.manifest.identifier] = position
            }
        }
    }

    private static func checkHome(_ rivers: RiversFile, _ root: ConfigLocation, _ sink: DiagnosticSink) {
        let homes = rivers.screens.filter(\.isHome)
        if homes.isEmpty, !rivers.screens.isEmpty {
            sink.error(root, "no home screen: exactly one screen must have \"home\": true")
        }
        for extra in homes.dropFirst() {
            sink.error(
                extra.node["home"]?.location ?? extra.node.location,
                "second home screen \"\(extra.id)\": exactly one screen may have \"home\": true",
                related: homes[0].node["home"]?.location)
        }
    }

    /// Remembers the first node of each id, and works out locations only for duplicates.
    private static func checkDuplicateIDs(_ rivers: RiversFile, _ sink: DiagnosticSink) {
        var screens = [String: ConfigNode](minimumCapacity: rivers.screens.count)
        var navigations = [String: ConfigNode](minimumCapacity: rivers.screens.count)
        func location(_ node: ConfigNode) -> ConfigLocation { node["id"]?.location ?? node.location }
        func note(_ id: String, _ node: ConfigNode, in seen: inout [String: ConfigNode], _ what: String) {
            if let first = seen[id] {
                sink.error(location(node), "duplicate \(what) id \"\(id)\"", related: location(first))
            } else {
                seen[id] = node
            }
        }
        for screen in rivers.screens.indices {
            note(rivers.screens[screen].id, rivers.screens[screen].node, in: &screens, "screen")
            for navigation in rivers.screens[screen].navigations.indices {
                let navigation = rivers.screens[screen].navigations[navigation]
                note(navigation.id, navigation.node, in: &navigations, "navigation")
                var items = [String: ConfigNode](minimumCapacity: 16)
                for root in navigation.navItems.indices {
                    navigation.navItems[root].forEachFlattened { note($0.id, $0.node, in: &items, "nav item") }
                }
            }
        }
    }

    private static func checkScreenType(_ screen: Screen, _ plugins: PluginsFile, _ sink: DiagnosticSink) {
        guard BuiltInScreenType(rawValue: screen.type) == nil else { return }
        var location: ConfigLocation { screen.node["type"]?.location ?? screen.node.location }
        guard let entry = plugins.entry(screen.type) else {
            sink.error(
                location,
                "screen type \"\(screen.type)\" is neither a built-in type "
                    + "(\(BuiltInScreenType.names.joined(separator: ", "))) nor a plugin in \(plugins.file)")
            return
        }
        if !entry.manifest.isScreen {
            sink.error(
                location, "plugin \"\(screen.type)\" cannot serve a screen: its manifest lacks \"screen\": true",
                related: entry.manifest.node.location)
        }
    }

    private static func checkNavigationType(_ navigation: Navigation, _ plugins: PluginsFile, _ sink: DiagnosticSink) {
        guard let type = navigation.navigationType else { return }
        var location: ConfigLocation { navigation.node["navigation_type"]?.location ?? navigation.node.location }
        let expected: ManifestPluginType = navigation.category == .navBar ? .navBar : .menu
        guard let entry = plugins.entry(type) else {
            sink.error(location, "navigation_type \"\(type)\" names no plugin in \(plugins.file)")
            return
        }
        if entry.manifest.type != expected {
            sink.error(
                location,
                "navigation_type \"\(type)\" is a \(entry.manifest.typeName) plugin; a \(navigation.category.rawValue) "
                    + "navigation needs a \(expected.rawValue) plugin",
                related: entry.manifest.node["type"]?.location)
        }
        if let limit = entry.manifest.maxNavItems, navigation.navItems.count > limit {
            sink.warning(
                navigation.node["nav_items"]?.location ?? location,
                "\(navigation.navItems.count) nav items, but plugin \"\(type)\" allows at most \(limit)")
        }
    }
}
