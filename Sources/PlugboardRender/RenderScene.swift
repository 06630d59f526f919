import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// What the renderers draw: the visible views of the top layer, back to front, in window
/// coordinates, each with the part it plays in the shell and its tap number (and, under a drawer,
/// the layer it slides over). Hidden views and the layers a presented container covers are left out, and so is the status-bar container
/// when the UI Builder bar removes it (it is hidden).
struct RenderScene {
    /// The part a view plays in the host shell; the shell's areas are drawn with a border.
    /// `navigationBar` is both the host's bar area (over the status-bar space with the UI Builder
    /// bar) and the bar plugin's view in it; `statusBar` only ever the status-bar container.
    enum Role: Equatable {
        case statusBar, navigationBar, screenArea, view
    }

    struct Node {
        let view: HostView
        /// In window coordinates.
        let frame: Rect
        let role: Role
        let tapNumber: Int?
        let children: [Node]

        /// This node and every node under it, back to front.
        var flattened: [Node] { [self] + children.flatMap(\.flattened) }
    }

    /// The app logo the bar's appearance asks for (`presentation_style` logo) when no view of
    /// the bar shows it: the host draws it centred in the bar, marked as such.
    struct Logo {
        let url: String
        let frame: Rect
    }

    let device: DeviceProfile
    let state: AppState
    /// The top layer; nil when it is hidden.
    let root: Node?
    /// The layer under a drawer, which stays in sight above it, or under a container being
    /// presented on the virtual clock (drawn first, never tappable).
    let backdrop: Node?
    /// A dismissed container still sliding away (drawn last, never tappable).
    let leaving: Node?
    let targets: [TapTarget]
    let logo: Logo?
    /// The top bar's back, close and menu buttons, by what they do: the legend names them so
    /// (`[1] back`), not by an identifier such as `context`.
    let contextButtons: [ViewHandle: SVGGlyphs.Context]

    /// The scene of `app` now, or nil once the app is shut down.
    init?(_ app: PlugboardApp) {
        guard let layer = app.touchableLayer else { return nil }
        let tree = app.environment.views
        let container = app.topContainer
        device = app.device
        state = app.state
        targets = app.tapTargets
        let numbers = Dictionary(uniqueKeysWithValues: targets.map { ($0.view, $0.number) })
        var roles: [ViewHandle: Role] = [:]
        for shown in app.containers {
            roles[shown.statusBar] = .statusBar
            roles[shown.barSlot] = .navigationBar
            if let bar = shown.bar?.view { roles[bar] = .navigationBar }
            roles[shown.content] = .screenArea
            if let screen = shown.top?.controller.view { roles[screen] = .screenArea }
        }
        roles[app.screenContainer] = .screenArea

        func node(_ handle: ViewHandle, origin: Rect, numbered: Bool) -> Node? {
            guard let view = tree[handle], !view.isHidden else { return nil }
            let frame = Rect(
                x: origin.x + view.frame.x, y: origin.y + view.frame.y, width: view.frame.width,
                height: view.frame.height)
            return Node(
                view: view, frame: frame, role: roles[handle] ?? .view, tapNumber: numbered ? numbers[handle] : nil,
                children: view.children.compactMap { node($0, origin: frame, numbered: numbered) })
        }
        func layerNode(_ layer: ViewHandle, numbered: Bool) -> Node? {
            let origin = tree[layer]?.parent.flatMap { tree.absoluteFrame(of: $0) } ?? .zero
            return tree.isVisible(layer) ? node(layer, origin: origin, numbered: numbered) : nil
        }
        root = layerNode(layer, numbered: true)
        let containers = app.containers
        let presenting = app.running?.operation == .present
        backdrop =
            (container.kind == .drawer || presenting) && containers.count > 1
            ? layerNode(containers[containers.count - 2].layer, numbered: false) : nil
        leaving = app.leaving.flatMap { layerNode($0.layer, numbered: false) }

        let nodes = root?.flattened ?? []
        let barNode = container.bar?.view.flatMap { bar in nodes.first { $0.view.handle == bar } }
        contextButtons = Self.contextButtons(in: barNode, state: state)
        if state.bar.presentationStyle == .logo, let url = state.bar.logo, !url.isEmpty, let barNode,
            !barNode.flattened.contains(where: { $0.view.imageURL == url })
        {
            let bar = barNode.frame
            let height = max(0, bar.height - 8)
            let width = min(120, bar.width * 0.4)
            logo = Logo(
                url: url,
                frame: Rect(
                    x: bar.x + (bar.width - width) / 2, y: bar.y + (bar.height - height) / 2,
                    width: width, height: height))
        } else {
            logo = nil
        }
    }

    /// The buttons of `bar` that go back, close or open the menu: named so by their text ("‹",
    /// "Back") or identifier ("bar-close"), or the bar's `context` button, which does what the
    /// state's context button says.
    private static func contextButtons(in bar: Node?, state: AppState) -> [ViewHandle: SVGGlyphs.Context] {
        var found: [ViewHandle: SVGGlyphs.Context] = [:]
        for node in bar?.flattened ?? [] where node.view.kind == .button {
            let view = node.view
            if let named = SVGGlyphs.Context.named(text: view.text, identifier: view.identifier) {
                found[view.handle] = named.glyph
            } else if (view.text ?? "").isEmpty, view.identifier == "context",
                let context = SVGGlyphs.Context(rawValue: state.bar.contextButton.rawValue)
            {
                found[view.handle] = context
            }
        }
        return found
    }

    /// The visible screen, context button, placement and state, as the renderers print them.
    var statusFields: [(String, String)] {
        var fields = [
            ("screen", state.visibleScreen ?? "none"), ("title", state.bar.title),
            ("context", state.bar.contextButton.rawValue), ("placement", state.bar.placement.rawValue),
            ("state", state.state),
            ("device", "\(device.kind.rawValue) \(Int(device.width))×\(Int(device.height))"),
        ]
        if state.bar.presentationStyle == .logo, let logo = state.bar.logo { fields.append(("logo", logo)) }
        return fields.map { ($0.0, RenderText.singleLine($0.1)) }
    }
}
