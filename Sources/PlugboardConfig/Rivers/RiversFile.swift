import Foundation

/// rivers.json: the app's screens with their navigations.
package struct RiversFile: Sendable {
    package var file: String
    package var screens: [Screen] { didSet { index() } }
    /// Each screen id's first screen, and the first home screen: looked up per screen on every
    /// navigation, so made once (again only if `screens` is changed).
    private var positions: [String: Int] = [:]
    private var homePosition: Int?

    package init(file: String, screens: [Screen]) {
        self.file = file
        self.screens = screens
        index()
    }

    private mutating func index() {
        positions = screens.firstPositions { $0.id }
        homePosition = screens.firstIndex { $0.isHome }
    }

    /// Reads `data`; `plugins` supplies the manifest defaults. Every problem goes into `sink`.
    package static func read(_ data: Data, file: String, plugins: PluginsFile, _ sink: DiagnosticSink) -> RiversFile {
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

    package var home: Screen? { homePosition.map { screens[$0] } }

    /// The first screen whose id is `id`.
    package func screen(_ id: String) -> Screen? { positions[id].map { screens[$0] } }
}
