import PlugboardABI
import PlugboardCore

/// A live root (menu) plugin instance (`pb_root_t`), with its optional extensions.
package final class RootInstance: PluginInstance {
    /// Creates and initialises the root `pluginID`. `delegate` is in place before `init`, so
    /// the root can fetch the screen container there.
    package init(
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
                return withCStrings(pluginID, pluginJSON, dataSourceJSON) {
                    factory.pointee.create?(factory, host.cHost, $0, $1, $2)
                }
            },
            vtable: { root in
                let c = root.pointee
                return VTable(
                    initialize: c.`init`, destroy: c.destroy, view: c.view, layout: c.layout,
                    getExtension: c.get_extension)
            })
    }

    private var root: UnsafePointer<pb_root_t>? { instance(as: pb_root_t.self) }

    package func selectItem(_ navItemID: String) {
        guard let root else { return }
        guard let select = root.pointee.select_item else { return }
        call("select_item") { select(root, navItemID) }
    }

    /// The extension `id` as its table type, when the root answers it.
    private func table<Table>(_ id: String, as type: Table.Type) -> UnsafePointer<Table>? {
        `extension`(id)?.assumingMemoryBound(to: type)
    }

    /// True when the root answers `plugboard.ext.special-action` with a usable table.
    package var hasSpecialAction: Bool { !isDestroyed && specialAction != nil }

    /// The special action's function, asked for once: an extension's answer does not change
    /// during the instance's life (root.h), and the bar asks at every customisation.
    private lazy var specialAction = table(PB_EXT_SPECIAL_ACTION, as: pb_root_special_action_t.self)?.pointee.perform

    /// True when the root answers `plugboard.ext.placement` with a usable table.
    package var placesNavigationBar: Bool { !isDestroyed && placeFunction != nil }

    /// True when the root is given the bar's area (`place_nav_bar_in`).
    package var takesNavigationBarArea: Bool {
        if case .withArea = placeFunction { return true }
        return false
    }

    /// The root's placement function: `place_nav_bar_in` when its descriptor is ABI 1.3 or later
    /// and answers it (an older root's table ends before that field), else `place_nav_bar`.
    private enum PlaceFunction {
        case withArea(
            @convention(c) (UnsafePointer<pb_root_t>?, pb_view_t, pb_placement_t, UnsafePointer<pb_nav_bar_area_t>?) ->
                Void)
        case plain(@convention(c) (UnsafePointer<pb_root_t>?, pb_view_t, pb_placement_t) -> Void)
    }

    /// Asked for once, like `specialAction`: layout reads it several times a change.
    private lazy var placeFunction: PlaceFunction? = readPlaceFunction()

    private func readPlaceFunction() -> PlaceFunction? {
        // Field by field: copying the whole struct would read past an older root's table.
        guard let table = table(PB_EXT_PLACEMENT, as: pb_root_placement_t.self) else { return nil }
        if descriptor.abiVersion >= ABIVersion.placementArea,
            let function = table.pointer(to: \.place_nav_bar_in)?.pointee
        {
            return .withArea(function)
        }
        return table.pointer(to: \.place_nav_bar)?.pointee.map { .plain($0) }
    }

    /// Calls the root's special action. False when the root has none.
    @discardableResult
    package func performSpecialAction() -> Bool {
        guard let root, let perform = specialAction else { return false }
        call("special-action perform") { perform(root) }
        return true
    }

    /// Hands the bar view to the root for `placement` in `area` (placement.h). False when the root
    /// has no placement.
    @discardableResult
    package func placeNavigationBar(_ bar: ViewHandle, placement: Placement, area: NavigationBarArea) -> Bool {
        guard let root, let function = placeFunction else { return false }
        host.views.grant(bar, to: host.owner)  // the root places a view it does not own
        switch function {
        case .withArea(let place):
            var cArea = area.cValue
            call("place_nav_bar_in(\(placement.rawValue), \(area))") {
                place(root, bar.rawValue, placement.cValue, &cArea)
            }
        case .plain(let place):
            call("place_nav_bar(\(placement.rawValue))") { place(root, bar.rawValue, placement.cValue) }
        }
        return true
    }
}

/// Where the bar belongs when the root places it (`pb_nav_bar_area_t`): the frame the host would
/// give the bar view, and the top kept for the status bar, in the root view's coordinates.
package struct NavigationBarArea: Hashable, Sendable, CustomStringConvertible {
    package var frame: Rect
    package var topInset: Double

    package init(frame: Rect, topInset: Double) {
        self.frame = frame
        self.topInset = topInset
    }

    var cValue: pb_nav_bar_area_t {
        pb_nav_bar_area_t(frame: frame.cValue, top_inset: topInset)
    }

    package var description: String { "frame \(frame), top inset \(topInset)" }
}
