import PlugboardABI

/// A live root (menu) plugin instance, with its optional extensions resolved once.
public final class RootInstance {
    public let library: PluginLibrary
    public let descriptor: PluginDescriptor
    public let host: InstanceHost
    private var instance: UnsafePointer<pb_root_t>?

    /// Creates and initialises the root `pluginID`. `delegate` is in place before `init`, so
    /// the root can fetch the screen container there.
    public init(
        library: PluginLibrary, pluginID: String, environment: PlugboardHost, pluginJSON: String,
        dataSourceJSON: String, delegate: (any RootHostDelegate)?
    ) throws(PluginLoadError) {
        let made = try CreatedInstance<pb_root_t>(
            library: library, pluginID: pluginID, kind: .root, environment: environment,
            create: { factory, host in
                host.rootDelegate = delegate
                let factory = factory.assumingMemoryBound(to: pb_root_factory_t.self)
                return factory.pointee.create?(factory, host.cHost, pluginID, pluginJSON, dataSourceJSON)
            },
            required: { [("init", $0.`init` != nil), ("destroy", $0.destroy != nil), ("view", $0.view != nil)] },
            destroy: { $0.pointee.destroy?($0) })
        self.library = library
        self.descriptor = made.descriptor
        self.host = made.host
        self.instance = made.pointer
        guard made.pointer.pointee.`init`!(made.pointer) else {
            destroy()
            throw .instanceInitFailed(path: library.path, plugin: pluginID)
        }
    }

    deinit { destroy() }

    public var view: ViewHandle? {
        guard let instance else { return nil }
        let raw = instance.pointee.view!(instance)
        return raw == 0 ? nil : ViewHandle(raw)
    }

    public func layout(width: Double, height: Double) {
        guard let instance else { return }
        instance.pointee.layout?(instance, width, height)
    }

    public func selectItem(_ navItemID: String) {
        guard let instance else { return }
        instance.pointee.select_item?(instance, navItemID)
    }

    public func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard let instance else { return nil }
        return instance.pointee.get_extension?(instance, id)
    }

    /// The special-action extension (the menu button), when the root answers it with a usable table.
    private var specialAction: UnsafePointer<pb_root_special_action_t>? {
        guard let table = `extension`(PB_EXT_SPECIAL_ACTION)?.assumingMemoryBound(to: pb_root_special_action_t.self),
            table.pointee.perform != nil
        else { return nil }
        return table
    }

    /// The placement extension, when the root answers it with a usable table.
    private var placement: UnsafePointer<pb_root_placement_t>? {
        guard let table = `extension`(PB_EXT_PLACEMENT)?.assumingMemoryBound(to: pb_root_placement_t.self),
            table.pointee.place_nav_bar != nil
        else { return nil }
        return table
    }

    /// True when the root answers `plugboard.ext.special-action`.
    public var hasSpecialAction: Bool { specialAction != nil }
    /// True when the root answers `plugboard.ext.placement`.
    public var placesNavigationBar: Bool { placement != nil }

    /// Calls the root's special action. False when the root has none.
    @discardableResult
    public func performSpecialAction() -> Bool {
        guard let instance, let table = specialAction else { return false }
        table.pointee.perform!(instance)
        return true
    }

    /// Hands the bar view to the root for `placement`. False when the root has no placement.
    @discardableResult
    public func placeNavigationBar(_ bar: ViewHandle, placement: Placement) -> Bool {
        guard let instance, let table = self.placement else { return false }
        table.pointee.place_nav_bar!(instance, bar.rawValue, placement.cValue)
        return true
    }

    public func destroy() {
        guard let instance else { return }
        self.instance = nil
        instance.pointee.destroy?(instance)
        host.detach()
        host.views.releaseAll(ownedBy: host.owner)
    }

    public var isDestroyed: Bool { instance == nil }
}
