/// A screen the host draws itself as a few lines of text: the white-label settings and EPG
/// screens, the web screen a URL opens, the components nav items open (live drawer, crossmates,
/// feed), and the error screen shown when a plugin screen cannot be created. (general_content
/// screens are `ContentScreen`s.)
final class BuiltInScreen: ScreenController {
    enum Kind: Equatable {
        case web(url: String)
        case whiteLabel(String)
        case component(String, dataSource: String?)
        case error(String)
    }

    let screenID: String
    let screenType: String
    let title: String
    let kind: Kind
    private let tree: ViewTree
    private let owner: ViewOwner
    private var root: ViewHandle?
    private var lines: [ViewHandle] = []
    private(set) var appearance = AppearanceState.disappeared

    init(
        screenID: String, screenType: String, title: String, kind: Kind, background: ARGBColor?,
        environment: PlugboardHost
    ) {
        self.screenID = screenID
        self.screenType = screenType
        self.title = title
        self.kind = kind
        tree = environment.views
        owner = environment.makeOwner()
        let root = tree.create(.container, owner: owner)
        try? tree.setIdentifier(root, "screen:\(screenID)", by: owner)
        try? tree.setBackgroundColor(root, background ?? ARGBColor(0xFFFF_FFFF), by: owner)
        for text in Self.lines(for: kind, title: title) {
            let label = tree.create(.label, owner: owner)
            try? tree.setText(label, text, by: owner)
            try? tree.addChild(label, to: root, by: owner)
            lines.append(label)
        }
        self.root = root
    }

    static func lines(for kind: Kind, title: String) -> [String] {
        switch kind {
        case .web(let url): return ["Web", url]
        case .whiteLabel(let name): return [title, "\(name) (white-label screen)"]
        case .component(let name, let dataSource): return [title, name] + (dataSource.map { ["source: \($0)"] } ?? [])
        case .error(let message): return ["⚠ This screen could not be shown", message]
        }
    }

    var view: ViewHandle? { root }

    func layout(width: Double, height: Double) {
        for (index, line) in lines.enumerated() {
            try? tree.setFrame(
                line, Rect(x: 16, y: 16 + Double(index) * 28, width: max(0, width - 32), height: 24), by: owner)
        }
    }

    func appear(observe: (LifecycleEvent) -> Void) {
        guard root != nil, appearance == .disappeared else { return }
        observe(.willAppear)
        observe(.didAppear)
        appearance = .appeared
    }

    func disappear(observe: (LifecycleEvent) -> Void) {
        guard appearance == .appeared else { return }
        observe(.willDisappear)
        observe(.didDisappear)
        appearance = .disappeared
    }

    func destroy() {
        guard root != nil else { return }
        disappear { _ in }
        tree.releaseAll(ownedBy: owner)
        root = nil
    }
}
