import Foundation

/// rivers.json: the app's screens with their navigations.
public struct RiversFile: Sendable {
    public var file: String
    public var screens: [Screen]

    /// Reads `data`; `plugins` supplies the manifest defaults. Every problem goes into `sink`.
    public static func read(_ data: Data, file: String, plugins: PluginsFile, _ sink: DiagnosticSink) -> RiversFile {
        guard let root = PluginsFile.parse(data, file: file, sink) else { return RiversFile(file: file, screens: []) }
        guard let items = root.elements else {
            root.mismatch("an array of screens", sink)
            return RiversFile(file: file, screens: [])
        }
        let screens = items.compactMap { Screen.read($0, plugins: plugins, sink) }
        for screen in screens {
            for navigation in screen.navigations where navigation.category == .navBar {
                _ = NavBarModel.read(navigation, sink)
            }
        }
        return RiversFile(file: file, screens: screens)
    }

    public var home: Screen? { screens.first { $0.isHome } }

    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }
}
