import PlugboardABI

#if canImport(Glibc)
    import Glibc
#endif

/// Exports Swift plugin types through the library's `plugboard_entry`.
///
/// The author's one line, anywhere in the plugin target:
///
///     @_cdecl("plugboard_sdk_register")
///     public func register() { PlugboardExport.register(MyScreen.self, MyNavigationBar.self) }
///
/// The SDK builds the descriptors and the C factory tables; no Swift type crosses the ABI.
public enum PlugboardExport {
    /// Registers the library's plugin types, each exported as the kind it conforms to (ids unique
    /// within the library). Call it from your `plugboard_sdk_register` function, which the SDK's
    /// entry calls on the library's first `init`; a library that registers nothing fails `init`.
    public static func register(_ types: any PluginType.Type...) {
        for type in types { Registry.shared.add(type) }
    }
}

/// One exported plugin: its type and its C descriptor (allocated once, never freed: the library
/// is never unloaded and the descriptor must outlive every `deinit`).
struct Exported {
    let type: any PluginType.Type
    /// The type as its kind, for the factories.
    let exportKind: ExportKind
    let kind: pb_plugin_kind_t
    let descriptor: UnsafeMutablePointer<pb_plugin_descriptor_t>

    init(_ type: any PluginType.Type) {
        self.type = type
        exportKind = type.exportKind
        kind =
            switch exportKind {
            case .screen: pb_plugin_kind_t(PB_PLUGIN_KIND_SCREEN)
            case .navigationBar: pb_plugin_kind_t(PB_PLUGIN_KIND_NAV_BAR)
            case .root: pb_plugin_kind_t(PB_PLUGIN_KIND_ROOT)
            }
        let info = type.info
        descriptor = .allocate(capacity: 1)
        descriptor.initialize(
            to: pb_plugin_descriptor_t(
                abi_version: pb_version_t(major: PB_VERSION_MAJOR, minor: PB_VERSION_MINOR, patch: PB_VERSION_PATCH),
                id: UnsafePointer(strdup(info.id)), name: UnsafePointer(strdup(info.name)),
                vendor: info.vendor.map { UnsafePointer(strdup($0)!) },
                version: UnsafePointer(strdup(info.version)),
                description: info.summary.map { UnsafePointer(strdup($0)!) },
                kind: kind,
                flags: info.isScreen && kind == pb_plugin_kind_t(PB_PLUGIN_KIND_SCREEN)
                    ? UInt64(PB_PLUGIN_FLAG_SCREEN) : 0))
    }
}

/// The library's plugins by kind. Touched on the host's main thread only (init, factories).
final class Registry: @unchecked Sendable {
    static let shared = Registry()
    private(set) var plugins: [Exported] = []
    var initCount = 0

    func add(_ type: any PluginType.Type) { plugins.append(Exported(type)) }

    func plugins(of kind: Int32) -> [Exported] { plugins.filter { $0.kind == kind } }

    func plugin(id: UnsafePointer<CChar>?, kind: Int32) -> Exported? {
        guard let id else { return nil }
        let name = String(cString: id)
        return plugins(of: kind).first { $0.type.info.id == name }
    }
}

@_cdecl("pb_sdk_init")
func sdkInit(_ info: UnsafePointer<pb_host_info_t>?, _ register: (@convention(c) () -> Void)?) -> Bool {
    let registry = Registry.shared
    if registry.initCount == 0 {
        guard let register else { return false }
        if registry.plugins.isEmpty { register() }
        guard !registry.plugins.isEmpty else { return false }
    }
    registry.initCount += 1
    return true
}

@_cdecl("pb_sdk_deinit")
func sdkDeinit() {
    if Registry.shared.initCount > 0 { Registry.shared.initCount -= 1 }
}

@_cdecl("pb_sdk_get_factory")
func sdkGetFactory(_ id: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
    guard let id else { return nil }
    switch String(cString: id) {
    case PB_SCREEN_FACTORY_ID where !Registry.shared.plugins(of: Int32(PB_PLUGIN_KIND_SCREEN)).isEmpty:
        return UnsafeRawPointer(ScreenBridge.factory)
    case PB_NAV_BAR_FACTORY_ID where !Registry.shared.plugins(of: Int32(PB_PLUGIN_KIND_NAV_BAR)).isEmpty:
        return UnsafeRawPointer(NavigationBarBridge.factory)
    case PB_ROOT_FACTORY_ID where !Registry.shared.plugins(of: Int32(PB_PLUGIN_KIND_ROOT)).isEmpty:
        return UnsafeRawPointer(RootBridge.factory)
    default:
        return nil
    }
}

/// Allocates a C table once for the life of the library.
func allocateTable<T>(_ value: T) -> UnsafePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return UnsafePointer(pointer)
}
