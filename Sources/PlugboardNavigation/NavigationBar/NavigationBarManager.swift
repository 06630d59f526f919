import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// The navigation-bar manager (the seed's GANavigationBarManager): creates the bar instances,
/// customises them for the visible screen, makes their navigation buttons, and decides what a
/// pressed element does — by nav-item type — through the app's stack operations.
final class NavigationBarManager {
    unowned let app: PlugboardApp
    /// The buttons made for each bar (by the bar instance's view owner), to keep `enabled` right.
    /// Unchecked for the reason `ScreenStack.entries` is: changed only here, and the one closure
    /// run while it changes reads the view tree, never the manager. Keyed by the owner's number:
    /// a key type of the host's own costs app start a conformance search (docs/performance.md,
    /// round fourteen).
    @exclusivity(unchecked) private var buttons: [UInt64: [(itemID: String, view: ViewHandle)]] = [:]

    init(app: PlugboardApp) { self.app = app }

    private var tree: ViewTree { app.environment.views }

    /// The home screen's `nav_bar` navigation: the model of screens without one (Home fallback).
    private var homeNavigation: Navigation? { app.home?.navigationBar }

    // MARK: bars

    /// A bar for `container`: the plugin named by the home screen's `nav_bar` navigation, else
    /// the default bar of the settings. Nil (no bar) only when neither loads; the reason is logged.
    func makeBar(for container: StackContainer) -> NavigationBarInstance? {
        let navigation = homeNavigation
        // The bar is made for the container's screen: its own nav_bar model, else Home's.
        let navJSON = navigationJSON(for: container.top) ?? #"{"category":"nav_bar","nav_items":[]}"#
        var candidates: [(library: PluginLibrary, id: String, pluginJSON: String)] = []
        if let type = navigation?.navigationType {
            if let plugin = app.plugins.plugin(type), plugin.descriptor.kind == .navBar {
                candidates.append((plugin.library, plugin.descriptor.id, pluginJSON(plugin.entry)))
            } else {
                let why = app.plugins.failures[type]?.description ?? "no loadable navigation bar plugin '\(type)'"
                app.record(AppEvent("fallback", app.settings.defaultNavBarID, detail: why))
            }
        }
        do throws(PluginFailure) {
            let (library, descriptor) = try app.plugins.loadExtra(
                library: app.settings.defaultNavBarLibrary, id: app.settings.defaultNavBarID, kind: .navBar,
                searchPath: app.searchPath)
            candidates.append((library, descriptor.id, "{}"))
        } catch {
            if candidates.isEmpty { app.record(AppEvent("error", "navigation bar", detail: error.description)) }
        }
        for candidate in candidates {
            do throws(PluginLoadError) {
                return try NavigationBarInstance(
                    library: candidate.library, pluginID: candidate.id, environment: app.environment,
                    pluginJSON: candidate.pluginJSON, navBarJSON: navJSON, delegate: app.callbacks,
                    appearance: appearance(for: container.top))
            } catch {
                app.record(AppEvent("fallback", candidate.id, detail: error.description))
            }
        }
        return nil
    }

    /// The `nav_bar` navigation that applies to `entry`: its own, or Home's.
    func navigation(for entry: ScreenEntry?) -> Navigation? { entry?.screen?.navigationBar ?? homeNavigation }

    // MARK: models, made once

    /// The configuration never changes after load, so each screen's JSON, each bar model's JSON
    /// and each resolved appearance are made once, on first use — not again for every bar on
    /// every screen change.
    private var screenTexts: [String: String] = [:]
    private var pluginTexts: [String: String] = [:]
    private var navigationTexts: [String: String] = [:]
    private var dataSourceTexts: [String: String?] = [:]
    private var targetKeys: [String: ScreenCache.Key?] = [:]
    /// Resolved appearances by the id of the screen whose navigation applies ("" for none), each
    /// a short list by device and white label: a key type of the host's own costs app start a
    /// conformance search (docs/performance.md, round fourteen).
    private var appearances: [String: [ResolvedAppearance]] = [:]

    private struct ResolvedAppearance {
        var device: DeviceProfile.Kind
        var whiteLabel: Bool
        var appearance: NavigationBarAppearance
    }

    /// The id of the screen whose `nav_bar` navigation applies to `entry` (its own, or Home's).
    private func navigationOwner(_ entry: ScreenEntry?) -> String? {
        entry?.screen?.navigationBar != nil ? entry?.screen?.id : app.home?.id
    }

    /// The applying `nav_bar` navigation as JSON text for plugins.
    func navigationJSON(for entry: ScreenEntry?) -> String? {
        guard let navigation = navigation(for: entry) else { return nil }
        guard let owner = navigationOwner(entry) else { return navigation.modelJSON }
        return Self.memo(&navigationTexts, owner) { navigation.modelJSON }
    }

    /// A plugin's model (manifest + configuration_json) as JSON text.
    private func pluginJSON(_ entry: PluginEntry) -> String {
        Self.memo(&pluginTexts, entry.manifest.identifier) { entry.pluginModelJSON }
    }

    /// The rivers.json screen as JSON text for plugins.
    private func screenJSON(_ screen: Screen) -> String {
        Self.memo(&screenTexts, screen.id) { screen.model.serialized() }
    }

    /// The rivers.json screen's data source as JSON text for bars, or nil when it has none.
    private func dataSourceJSON(_ screen: Screen) -> String? {
        Self.memo(&dataSourceTexts, screen.id) { ScreenProps.dataSource(of: screen.dataObject.merged)?.serialized() }
    }

    /// The cache key of the screen a nav item opens, or nil when it opens none.
    private func targetKey(_ item: NavItem) -> ScreenCache.Key? {
        Self.memo(&targetKeys, item.id) {
            item.data.target.map { ScreenCache.Key(screenID: $0, dataSource: item.dataSource) }
        }
    }

    /// `made[key]`, made by `make` the first time.
    private static func memo<Key: Hashable, Value>(_ made: inout [Key: Value], _ key: Key, _ make: () -> Value)
        -> Value
    {
        if let value = made[key] { return value }
        let value = make()
        made[key] = value
        return value
    }

    func appearance(for entry: ScreenEntry?) -> NavigationBarAppearance {
        let owner = navigationOwner(entry) ?? ""
        let (device, whiteLabel) = (app.device.kind, entry?.isWhiteLabel ?? false)
        if let known = appearances[owner]?.first(where: { $0.device == device && $0.whiteLabel == whiteLabel }) {
            return known.appearance
        }
        let sink = DiagnosticSink()  // the configuration was validated at load; nothing new here
        let model = navigation(for: entry).map { NavBarModel.read($0, sink) } ?? .empty
        let appearance = AppearanceResolver.resolve(model, device: app.device, whiteLabel: whiteLabel)
        appearances[owner, default: []].append(
            ResolvedAppearance(device: device, whiteLabel: whiteLabel, appearance: appearance))
        return appearance
    }

    /// What a container's bar was last customised for: everything `customize` reads that can
    /// change without the configuration changing. A container whose key is unchanged since its
    /// last customisation would get the same calls again.
    struct CustomizationKey: Equatable {
        var identity: Identity
        /// What the top screen shows: to tell another instance of the very same screen.
        var shown: ShownModel?
    }

    /// Who is on top and what surrounds it: compared first, as it copies no string. The top
    /// entry's serial and its bar revision stand for everything the entry shows and set on its
    /// bar (`ShownModel`), which changes only with them.
    struct Identity: Equatable {
        var top: UInt64?
        var barRevision: UInt64
        var depth: Int
        var bar: ObjectIdentifier?
        var device: DeviceProfile.Kind
        var castDevice: String?

        /// True when `other` differs at most in the top entry (the same screen made again).
        func differsOnlyInTop(from other: Identity) -> Bool {
            var same = other
            (same.top, same.barRevision) = (top, barRevision)
            return same == self
        }
    }

    /// The top screen's id and data source, what it set on its bar and its title.
    struct ShownModel: Equatable {
        var key: ScreenCache.Key
        var barValues: ScreenBarValues
        var title: String
    }

    private func identity(_ container: StackContainer) -> Identity {
        let top = container.top
        return Identity(
            top: top?.serial, barRevision: top?.controller.barRevision ?? 0, depth: container.stack.count,
            bar: container.bar.map(ObjectIdentifier.init), device: app.device.kind, castDevice: app.castDevice)
    }

    private func shownModel(_ container: StackContainer) -> ShownModel? {
        container.top.map {
            let bar = $0.bar
            return ShownModel(key: $0.key, barValues: bar, title: bar.title ?? $0.controller.title)
        }
    }

    /// Customises `container` only when its top screen (or anything else its bar is customised
    /// for) changed since its last customisation: a transition recustomises the containers it
    /// changed, once each.
    func customizeIfChanged(_ container: StackContainer) {
        guard let lastIdentity = container.customizedFor?.identity else { return customize(container) }
        let identity = identity(container)
        guard identity != lastIdentity else { return }
        let shown = shownModel(container)
        guard identity.differsOnlyInTop(from: lastIdentity), shown == container.customizedFor?.shown else {
            return customize(container, for: CustomizationKey(identity: identity, shown: shown))
        }
        // Another instance of the very screen the bar shows (made again after an eviction, in
        // the spare container): the bar would get the same calls; only the host's part changes.
        container.customizedFor = CustomizationKey(identity: identity, shown: shown)
        container.customBar = container.top?.controller.customBar
    }

    /// Seed 000's notification on every screen change: the bar gets the screen's model and title,
    /// the context button is recomputed, and buttons that target the visible screen are disabled.
    func customize(_ container: StackContainer) {
        customize(container, for: CustomizationKey(identity: identity(container), shown: shownModel(container)))
    }

    /// `customize` with the key already made (`customizeIfChanged` has made it).
    private func customize(_ container: StackContainer, for key: CustomizationKey) {
        container.customizedFor = key
        let top = container.top
        var appearance = appearance(for: top)
        top?.bar.apply(to: &appearance)
        container.appearance = appearance
        container.customBar = top?.controller.customBar
        container.contextButton = contextButton(for: container)
        guard let bar = container.bar, let top else { return }
        let screenJSON = top.screen.map(screenJSON) ?? "{}"
        let dataSource = top.screen.flatMap(dataSourceJSON)
        bar.customize(
            screenJSON: screenJSON, navBarJSON: navigationJSON(for: top) ?? "{}", dataSourceJSON: dataSource,
            appearance: container.appearance)
        bar.updateTitle(top.bar.title ?? top.controller.title)
        bar.setContextButton(container.contextButton)
        buttons[bar.host.owner.rawValue]?.removeAll { !tree.contains($0.view) }  // released by the bar
        for button in buttons[bar.host.owner.rawValue] ?? [] {
            try? tree.setEnabled(button.view, !targetsVisibleScreen(button.itemID, in: container), by: .host)
            try? tree.setTextColor(button.view, container.appearance.titleColor, by: .host)
            if let item = item(button.itemID), item.type == .chromecast {
                _ = try? tree.setText(
                    button.view, ChromecastButton.title(of: item, connectedTo: app.castDevice), by: .host)
            }
        }
    }

    /// At most one: back after a push, close on a presented screen, menu when the root answers
    /// special-action, else none.
    func contextButton(for container: StackContainer) -> ContextButton {
        if container.stack.count > 1 { return .back }
        if container.kind != .root { return .close }
        return app.root?.hasSpecialAction == true ? .menu : .none
    }

    /// True when the item would open the screen shown now (same screen, same data source).
    private func targetsVisibleScreen(_ itemID: String, in container: StackContainer) -> Bool {
        guard let item = item(itemID), let key = targetKey(item) else { return false }
        return container.top?.key.sameScreen(as: key) == true
    }

    /// A nav item of the bar models (Home's and every screen's own) by id.
    func item(_ id: String) -> NavItem? { itemsByID[id] }

    /// Every bar model's nav items by id, made once (the first one of an id wins, as the scan in
    /// screen order did).
    private lazy var itemsByID: [String: NavItem] = {
        var items: [String: NavItem] = [:]
        for screen in app.configuration.rivers.screens {
            for navigation in screen.navigations where navigation.category == .navBar {
                for item in navigation.navItems.flatMap(\.flattened) where items[item.id] == nil {
                    items[item.id] = item
                }
            }
        }
        return items
    }()

    func container(of host: InstanceHost) -> StackContainer? {
        app.containers.first { $0.bar?.host === host }
    }

    // MARK: NavigationBarHostDelegate

    func navigationBar(_ host: InstanceHost, pressed button: BarButton, navItemID: String?) {
        switch button {
        case .menu: app.menu()
        case .back: app.back()
        case .close: app.close()
        case .home: if let home = app.home { _ = app.popRoot(to: home.id) }
        case .navItem:
            guard let id = navItemID, let item = item(id), let container = container(of: host) else {
                host.log(.warning, "button_pressed: unknown nav item '\(navItemID ?? "NULL")'")
                return
            }
            _ = perform(item, origin: .navigationBar, from: container)
        }
    }

    func navigationBar(_ host: InstanceHost, makeButtonFor navItemID: String) -> ViewHandle? {
        guard let item = item(navItemID), let type = item.type else { return nil }
        guard ![.label, .header, .ad, .nestedMenu].contains(type) else { return nil }
        let button = tree.create(.button, owner: host.owner)
        try? tree.setIdentifier(button, "nav-item:\(item.id)", by: .host)
        let title = item.title ?? item.typeName
        _ = try? tree.setText(button, title, by: .host)
        try? tree.setTextColor(button, host.appearance.titleColor, by: .host)
        // Sized for its title (nav_bar_host.h): the bar reads the width with get_frame.
        let width = NavigationButtonWidth.forTitle(title, fontSize: tree[button]?.fontSize ?? 17)
        try? tree.setFrame(button, Rect(x: 0, y: 0, width: width, height: app.device.navigationBarHeight), by: .host)
        try? tree.setImageURL(button, item.node["assets"]?["icon"]?.node.stringValue, by: .host)
        try? tree.setTapAction(
            button,
            .host { [unowned self, unowned host] in
                guard let container = container(of: host) else { return }
                _ = perform(item, origin: .navigationBar, from: container)
            }, by: .host)
        buttons[host.owner.rawValue, default: []].append((item.id, button))
        return button
    }

    /// Destroys `bar` and forgets the buttons made for it: a destroyed bar's views are released
    /// with it, and an entry kept for it would grow the map with every bar ever made.
    func destroy(_ bar: NavigationBarInstance) {
        buttons[bar.host.owner.rawValue] = nil
        bar.destroy()
    }

    func isSpecialButtonUsedByRoot() -> Bool { app.root?.hasSpecialAction ?? false }

    // MARK: RootHostDelegate

    func screenContainer(for host: InstanceHost) -> ViewHandle { app.screenContainer }

    func root(_ host: InstanceHost, openItem navItemID: String) -> Bool { app.selectRootItem(navItemID) }

    // MARK: what a nav item does

    /// Carries out `item`, pressed at `origin` in `container`, by its type's behaviour. Returns
    /// false (with an `ignored` event) when the item does nothing.
    func perform(_ item: NavItem, origin: NavigationRequest.Origin, from container: StackContainer) -> Bool {
        guard let type = item.type, let behaviour = NavItemBehaviours.behaviour(for: type) else {
            app.record(AppEvent("ignored", item.id, detail: "a \(item.typeName) item does nothing when pressed"))
            return false
        }
        let done = behaviour.perform(item, NavItemContext(app: app, origin: origin, container: container))
        if !done { app.record(AppEvent("ignored", item.id, detail: behaviour.whyIgnored(item))) }
        return done
    }
}
