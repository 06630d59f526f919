/// Screen types the host serves itself, with no plugin.
package enum BuiltInScreenType: String, Sendable, CaseIterable {
    /// A river of UI components.
    case generalContent = "general_content"
    /// The white-label settings screen.
    case settings
    /// The white-label EPG screen.
    case epg
    /// The web screen a URL button opens.
    case web

    package static let names = allCases.map(\.rawValue)

    /// White-label screens have no nav model of their own and always get an on_top bar.
    package var isWhiteLabel: Bool { self == .settings || self == .epg }
}
