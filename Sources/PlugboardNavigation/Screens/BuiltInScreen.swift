import PlugboardCore
import PlugboardLoader

/// A screen the host draws itself as a few lines of text: the white-label settings and EPG
/// screens, the web screen a URL opens, the components nav items open (live drawer, crossmates,
/// feed), and the error screen shown when a plugin screen cannot be created. (general_content
/// screens are `ContentScreen`s.)
final class BuiltInScreen: HostDrawnScreen {
    package enum Kind: Equatable {
        case web(url: String)
        case whiteLabel(String)
        case component(String, dataSource: String?)
        case error(String)
    }

    let kind: Kind
    private var lines: [ViewHandle] = []

    init(
        screenID: String, screenType: String, title: String, kind: Kind, background: ARGBColor?,
        environment: PlugboardHost
    ) {
        self.kind = kind
        super.init(
            screenID: screenID, screenType: screenType, title: title, background: background ?? ARGBColor(0xFFFF_FFFF),
            environment: environment)
        for text in Self.lines(for: kind, title: title) {
            let label = tree.create(.label, owner: owner)
            _ = try? tree.setText(label, text, by: owner)
            try? tree.addChild(label, to: rootView, by: owner)
            lines.append(label)
        }
    }

    static func lines(for kind: Kind, title: String) -> [String] {
        switch kind {
        case .web(let url): return ["Web", url]
        case .whiteLabel(let name): return [title, "\(name) (white-label screen)"]
        case .component(let name, let dataSource): return [title, name] + (dataSource.map { ["source: \($0)"] } ?? [])
        case .error(let message): return ["⚠ This screen could not be shown", message]
        }
    }

    override func layout(width: Double, height: Double) {
        for (index, line) in lines.enumerated() {
            try? tree.setFrame(
                line, Rect(x: 16, y: 16 + Double(index) * 28, width: max(0, width - 32), height: 24), by: owner)
        }
    }
}
