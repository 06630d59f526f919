/// The manifest's `type`: what a plugin is for in the app. Plugboard runs code for `nav_bar`,
/// `menu` and screen plugins (`screen: true`); the others load as configuration.
package enum ManifestPluginType: String, Sendable, Codable, CaseIterable {
    case player, menu
    case navBar = "nav_bar"
    case analytics, article, advertisement, payments
    case authProvider = "auth_provider"
    case pushProvider = "push_provider"
    case uiComponent = "ui_component"
    case login
    case dataSourceProvider = "data_source_provider"
    case broadcasterSelector = "broadcaster_selector"
    case general
    case cellStyleFamily = "cell_style_family"
    case cellBuilder = "cell_builder"
    case videoAdvertisement = "video_advertisement"
    case playerOverlay = "player_overlay"
    case errorMonitoring = "error_monitoring"

    package static let names = allCases.map(\.rawValue)
}
