import PlugboardABI

/// The C side of `ScreenPlugin`: the screen factory and the instance vtable.
enum ScreenBridge {
    typealias Box = InstanceBox<any ScreenPlugin, pb_screen_t>
    static let kind = Int32(PB_PLUGIN_KIND_SCREEN)

    nonisolated(unsafe) static let factory: UnsafePointer<pb_screen_factory_t> = allocateTable(
        pb_screen_factory_t(
            count: { _ in FactorySupport.count(kind) },
            get_descriptor: { _, index in FactorySupport.descriptor(kind, index) },
            create: { _, host, id, pluginJSON, screenJSON, dataSourceJSON in
                guard let host, let exported = Registry.shared.plugin(id: id, kind: kind),
                    case .screen(let type) = exported.exportKind
                else { return nil }
                let models = ScreenModels(
                    pluginJSON: FactorySupport.string(pluginJSON), screenJSON: FactorySupport.string(screenJSON),
                    dataSourceJSON: dataSourceJSON.map { String(cString: $0) })
                guard let plugin = type.init(host: PluginHost(host), model: models) else { return nil }
                let instance = UnsafeMutablePointer<pb_screen_t>.allocate(capacity: 1)
                let box = Box(plugin: plugin, host: host, instance: instance)
                instance.initialize(to: vtable(descriptor: exported.descriptor, data: box.opaque))
                return box.retained()
            }))

    static func vtable(descriptor: UnsafePointer<pb_plugin_descriptor_t>, data: UnsafeMutableRawPointer) -> pb_screen_t
    {
        pb_screen_t(
            desc: descriptor, plugin_data: data,
            init: { Box.from($0?.pointee.plugin_data)?.plugin.setUp() ?? false },
            destroy: { screen in
                guard let box = Box.from(screen?.pointee.plugin_data) else { return }
                box.plugin.tearDown()
                box.destroy()
            },
            view: { Box.from($0?.pointee.plugin_data)?.plugin.view.handle ?? PB_VIEW_NONE },
            layout: { Box.from($0?.pointee.plugin_data)?.plugin.layout(width: $1, height: $2) },
            will_appear: { Box.from($0?.pointee.plugin_data)?.plugin.willAppear() },
            did_appear: { Box.from($0?.pointee.plugin_data)?.plugin.didAppear() },
            will_disappear: { Box.from($0?.pointee.plugin_data)?.plugin.willDisappear() },
            did_disappear: { Box.from($0?.pointee.plugin_data)?.plugin.didDisappear() },
            get_extension: { _, _ in nil })
    }
}
