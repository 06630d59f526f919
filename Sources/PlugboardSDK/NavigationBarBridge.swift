import PlugboardABI

/// The C side of `NavigationBarPlugin`: the nav-bar factory and the instance vtable.
enum NavigationBarBridge {
    typealias Box = InstanceBox<any NavigationBarPlugin, pb_nav_bar_t>
    static let kind = Int32(PB_PLUGIN_KIND_NAV_BAR)

    nonisolated(unsafe) static let factory: UnsafePointer<pb_nav_bar_factory_t> = allocateTable(
        pb_nav_bar_factory_t(
            count: { _ in FactorySupport.count(kind) },
            get_descriptor: { _, index in FactorySupport.descriptor(kind, index) },
            create: { _, host, id, pluginJSON, navBarJSON in
                guard let host, let exported = Registry.shared.plugin(id: id, kind: kind),
                    case .navigationBar(let type) = exported.exportKind,
                    let plugin = type.init(
                        host: PluginHost(host), pluginJSON: FactorySupport.string(pluginJSON),
                        navBarJSON: FactorySupport.string(navBarJSON))
                else { return nil }
                let instance = UnsafeMutablePointer<pb_nav_bar_t>.allocate(capacity: 1)
                let box = Box(plugin: plugin, host: host, instance: instance)
                instance.initialize(to: vtable(descriptor: exported.descriptor, data: box.opaque))
                return box.retained()
            }))

    static func vtable(descriptor: UnsafePointer<pb_plugin_descriptor_t>, data: UnsafeMutableRawPointer) -> pb_nav_bar_t
    {
        pb_nav_bar_t(
            desc: descriptor, plugin_data: data,
            init: { Box.from($0?.pointee.plugin_data)?.plugin.setUp() ?? false },
            destroy: { bar in
                guard let box = Box.from(bar?.pointee.plugin_data) else { return }
                box.plugin.tearDown()
                box.destroy()
            },
            view: { Box.from($0?.pointee.plugin_data)?.plugin.view.handle ?? PB_VIEW_NONE },
            layout: { Box.from($0?.pointee.plugin_data)?.plugin.layout(width: $1, height: $2) },
            customize_for_screen: { bar, screenJSON, navBarJSON, dataSourceJSON in
                Box.from(bar?.pointee.plugin_data)?.plugin.customize(
                    screenJSON: FactorySupport.string(screenJSON), navBarJSON: FactorySupport.string(navBarJSON),
                    dataSourceJSON: dataSourceJSON.map { String(cString: $0) })
            },
            update_title: { bar, title in
                Box.from(bar?.pointee.plugin_data)?.plugin.updateTitle(FactorySupport.string(title))
            },
            set_context_button: { bar, button in
                Box.from(bar?.pointee.plugin_data)?.plugin.setContextButton(ContextButton(button))
            },
            get_extension: { _, _ in nil })
    }
}
