import PlugboardABI

/// The kinds of plugin the host runs code for, with the factory id that serves each.
package enum PluginKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case screen
    case navBar = "nav_bar"
    case root

    package var factoryID: String {
        switch self {
        case .screen: PB_SCREEN_FACTORY_ID
        case .navBar: PB_NAV_BAR_FACTORY_ID
        case .root: PB_ROOT_FACTORY_ID
        }
    }

    package init?(_ kind: pb_plugin_kind_t) {
        switch Int(kind) {
        case Int(PB_PLUGIN_KIND_SCREEN): self = .screen
        case Int(PB_PLUGIN_KIND_NAV_BAR): self = .navBar
        case Int(PB_PLUGIN_KIND_ROOT): self = .root
        default: return nil
        }
    }

    package var description: String { rawValue }
}
