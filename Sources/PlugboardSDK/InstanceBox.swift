import PlugboardABI

/// Keeps a Swift plugin instance alive behind the C instance struct's `plugin_data`.
final class InstanceBox<Plugin, CInstance> {
    let plugin: Plugin
    let host: UnsafePointer<pb_host_t>
    let instance: UnsafeMutablePointer<CInstance>

    init(plugin: Plugin, host: UnsafePointer<pb_host_t>, instance: UnsafeMutablePointer<CInstance>) {
        self.plugin = plugin
        self.host = host
        self.instance = instance
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pluginData: UnsafeMutableRawPointer?) -> InstanceBox? {
        pluginData.map { Unmanaged<InstanceBox>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Retains the box until `destroy`; returns the C struct to hand to the host.
    func retained() -> UnsafePointer<CInstance> {
        _ = Unmanaged.passRetained(self)
        return UnsafePointer(instance)
    }

    /// Undoes `retained`: releases the views the plugin still owns, frees the C struct, the
    /// tap closures and the pending route completions of the instance.
    func destroy() {
        OwnedViews.releaseAll(for: host)
        TapBox.dropAll(for: host)
        RouteCompletion.dropAll(for: host)
        instance.deallocate()
        Unmanaged.passUnretained(self).release()
    }
}

/// Factory helpers common to the three kinds.
enum FactorySupport {
    static func count(_ kind: Int32) -> UInt32 {
        UInt32(Registry.shared.plugins(of: kind).count)
    }

    static func descriptor(_ kind: Int32, _ index: UInt32) -> UnsafePointer<pb_plugin_descriptor_t>? {
        let plugins = Registry.shared.plugins(of: kind)
        return Int(index) < plugins.count ? UnsafePointer(plugins[Int(index)].descriptor) : nil
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
