import PlugboardABI
@_spi(Layers) import PlugboardCore
import PlugboardLoader

extension CheckContext {
    /// Calls the factory's `create` for `id` directly (the instance wrappers refuse ids the
    /// library does not describe before calling it). Returns true when an instance came back;
    /// that instance is destroyed again at once.
    func createDirectly(id: String) throws -> Bool {
        let plugin = try plugin
        let factory = try library().factory(plugin.kind).pointer
        let models = plugin.models
        let instanceHost = environment.makeInstanceHost(pluginID: id, kind: plugin.kind)
        defer {
            instanceHost.detach()
            tree.releaseAll(ownedBy: instanceHost.owner)
        }
        let describe = { (function: String) in PluginCallTracker.describe(function, kind: plugin.kind, plugin: id) }
        let cHost = UnsafePointer(instanceHost.cHost)
        switch plugin.kind {
        case .screen:
            let factory = factory.assumingMemoryBound(to: pb_screen_factory_t.self)
            let screen = models.screens.first
            let made = PluginCallTracker.track(describe("create")) {
                withOptionalCString(screen?.dataSource) {
                    factory.pointee.create?(factory, cHost, id, models.plugin, screen?.screen ?? "{}", $0)
                }
            }
            guard let made else { return false }
            if let destroy = made.pointee.destroy { PluginCallTracker.track(describe("destroy")) { destroy(made) } }
        case .navBar:
            let factory = factory.assumingMemoryBound(to: pb_nav_bar_factory_t.self)
            let made = PluginCallTracker.track(describe("create")) {
                factory.pointee.create?(factory, cHost, id, models.plugin, models.navigationBars.first ?? "{}")
            }
            guard let made else { return false }
            if let destroy = made.pointee.destroy { PluginCallTracker.track(describe("destroy")) { destroy(made) } }
        case .root:
            let factory = factory.assumingMemoryBound(to: pb_root_factory_t.self)
            let made = PluginCallTracker.track(describe("create")) {
                factory.pointee.create?(factory, cHost, id, models.plugin, models.menu ?? "{}")
            }
            guard let made else { return false }
            if let destroy = made.pointee.destroy { PluginCallTracker.track(describe("destroy")) { destroy(made) } }
        }
        return true
    }
}
