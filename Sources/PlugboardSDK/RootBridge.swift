import PlugboardABI

/// The C side of `RootPlugin`: the root factory, the instance vtable and the optional
/// extensions, answered when the type conforms to `SpecialActionRoot` / `NavigationBarPlacingRoot`.
enum RootBridge {
    typealias Box = InstanceBox<any RootPlugin, pb_root_t>
    static let kind = Int32(PB_PLUGIN_KIND_ROOT)

    nonisolated(unsafe) static let factory: UnsafePointer<pb_root_factory_t> = allocateTable(
        pb_root_factory_t(
            count: { _ in FactorySupport.count(kind) },
            get_descriptor: { _, index in FactorySupport.descriptor(kind, index) },
            create: { _, host, id, pluginJSON, dataSourceJSON in
                guard let host, let exported = Registry.shared.plugin(id: id, kind: kind),
                    case .root(let type) = exported.exportKind,
                    let plugin = type.init(
                        host: PluginHost(host), pluginJSON: FactorySupport.string(pluginJSON),
                        dataSourceJSON: FactorySupport.string(dataSourceJSON))
                else { return nil }
                let instance = UnsafeMutablePointer<pb_root_t>.allocate(capacity: 1)
                let box = Box(plugin: plugin, host: host, instance: instance)
                instance.initialize(to: vtable(descriptor: exported.descriptor, data: box.opaque))
                return box.retained()
            }))

    nonisolated(unsafe) static let specialAction: UnsafePointer<pb_root_special_action_t> = allocateTable(
        pb_root_special_action_t(perform: { root in
            (Box.from(root?.pointee.plugin_data)?.plugin as? any SpecialActionRoot)?.performSpecialAction()
        }))

    nonisolated(unsafe) static let placement: UnsafePointer<pb_root_placement_t> = allocateTable(
        pb_root_placement_t(
            place_nav_bar: { root, bar, placement in place(root, bar, placement, area: nil) },
            place_nav_bar_in: { root, bar, placement, area in
                place(
                    root, bar, placement,
                    area: area.map { NavigationBarArea(frame: Frame($0.pointee.frame), topInset: $0.pointee.top_inset) }
                )
            }))

    private static func place(
        _ root: UnsafePointer<pb_root_t>?, _ bar: pb_view_t, _ placement: pb_placement_t, area: NavigationBarArea?
    ) {
        guard let box = Box.from(root?.pointee.plugin_data), let placing = box.plugin as? any NavigationBarPlacingRoot
        else { return }
        placing.placeNavigationBar(View(handle: bar, host: box.host), placement: Placement(placement), area: area)
    }

    static func vtable(descriptor: UnsafePointer<pb_plugin_descriptor_t>, data: UnsafeMutableRawPointer) -> pb_root_t {
        pb_root_t(
            desc: descriptor, plugin_data: data,
            init: { Box.from($0?.pointee.plugin_data)?.plugin.setUp() ?? false },
            destroy: { root in
                guard let box = Box.from(root?.pointee.plugin_data) else { return }
                box.plugin.tearDown()
                box.destroy()
            },
            view: { Box.from($0?.pointee.plugin_data)?.plugin.view.handle ?? PB_VIEW_NONE },
            layout: { Box.from($0?.pointee.plugin_data)?.plugin.layout(width: $1, height: $2) },
            select_item: { root, id in Box.from(root?.pointee.plugin_data)?.plugin.selectItem(FactorySupport.string(id))
            },
            get_extension: { root, id in
                guard let plugin = Box.from(root?.pointee.plugin_data)?.plugin, let id else { return nil }
                switch String(cString: id) {
                case PB_EXT_SPECIAL_ACTION where plugin is any SpecialActionRoot:
                    return UnsafeRawPointer(RootBridge.specialAction)
                case PB_EXT_PLACEMENT where plugin is any NavigationBarPlacingRoot:
                    return UnsafeRawPointer(RootBridge.placement)
                default:
                    return nil
                }
            })
    }
}
