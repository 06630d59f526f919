import PlugboardABI

/// A live root (menu) plugin instance (`pb_root_t`), with its optional extensions.
public final class RootInstance: PluginInstance {
    /// Creates and initialises the root `pluginID`. `delegate` is in place before `init`, so
    /// the root can fetch the screen container there.
    public init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        dataSourceJSON: String, delegate: (any RootHostDelegate)?, navigation: (any NavigationHostDelegate)? = nil
    ) throws(PluginLoadError) {
        try super.init(
            library: library, pluginID: pluginID, kind: .root, environment: environment,
            create: { factory, host in
                host.rootDelegate = delegate
                host.navigationDelegate = navigation
                host.models.set(.plugin, pluginJSON)
                host.models.set(.dataSource, dataSourceJSON)
                let factory = factory.assumingMemoryBound(to: pb_root_factory_t.self)
                return factory.pointee.create?(factory, host.cHost, pluginID, pluginJSON, dataSourceJSON)
            },
            vtable: { root in
                let c = root.pointee
                return VTable(
                    initialize: c.`init`.map { function in { function(root) } },
                    destroy: c.destroy.map { function in { function(root) } },
                    view: c.view.map { function in { function(root) } },
                    layout: c.layout.map { function in { function(root, $0, $1) } },
                    getExtension: c.get_extension.map { function in { function(root, $0) } })
            })
    }

    private var root: UnsafePointer<pb_root_t>? { instance(as: pb_root_t.self) }

    public func selectItem(_ navItemID: String) {
        guard let root else { return }
        guard let select = root.pointee.select_item else { return }
        call("select_item") { select(root, navItemID) }
    }

    /// The extension `id` as its table type, when the root answers it.
    private func table<Table>(_ id: String, as type: Table.Type) -> UnsafePointer<Table>? {
        `extension`(id)?.assumingMemoryBound(to: type)
    }

    /// True when the root answers `plugboard.ext.special-action` with a usable table.
    public var hasSpecialAction: Bool {
        table(PB_EXT_SPECIAL_ACTION, as: pb_root_special_action_t.self)?.pointee.perform != nil
    }

    /// True when the root answers `plugboard.ext.placement` with a usable table.
    public var placesNavigationBar: Bool {
        table(PB_EXT_PLACEMENT, as: pb_root_placement_t.self)?.pointee.place_nav_bar != nil
    }

    /// Calls the root's special action. False when the root has none.
    @discardableResult
    public func performSpecialAction() -> Bool {
        guard let root, let perform = table(PB_EXT_SPECIAL_ACTION, as: pb_root_special_action_t.self)?.pointee.perform
        else { return false }
        call("special-action perform") { perform(root) }
        return true
    }

    /// Hands the bar view to the root for `placement`. False when the root has no placement.
    @discardableResult
    public func placeNavigationBar(_ bar: ViewHandle, placement: Placement) -> Bool {
        guard let root, let place = table(PB_EXT_PLACEMENT, as: pb_root_placement_t.self)?.pointee.place_nav_bar
        else { return false }
        host.views.grant(bar, to: host.owner)  // the root places a view it does not own
        call("place_nav_bar(\(placement.rawValue))") { place(root, bar.rawValue, placement.cValue) }
        return true
    }
}
