import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// A view the user can tap now, numbered in reading order: what the renderers mark with `[n]`
/// and what the shell's `tap <n>` means.
package struct TapTarget: Sendable, Hashable, Codable {
    /// 1… in reading order: top to bottom, then left to right, by absolute frame.
    package var number: Int
    package var view: ViewHandle
    package var identifier: String?
    /// The view's text, else its identifier, else `image <url>`.
    package var label: String

    package init(number: Int, view: ViewHandle, identifier: String?, label: String) {
        self.number = number
        self.view = view
        self.identifier = identifier
        self.label = label
    }
}

extension PlugboardApp {
    /// Every visible, enabled view with a tap action in the top layer (the layer the user can
    /// touch: the root layer in root state, else the top presented container), numbered 1… in
    /// reading order. Empty once the app is shut down.
    package var tapTargets: [TapTarget] {
        guard let layer = touchableLayer else { return [] }
        let tree = environment.views
        var found: [(view: HostView, frame: Rect, order: Int)] = []
        func visit(_ handle: ViewHandle, origin: (x: Double, y: Double)) {
            guard let view = tree[handle], !view.isHidden else { return }
            let frame = Rect(
                x: origin.x + view.frame.x, y: origin.y + view.frame.y, width: view.frame.width,
                height: view.frame.height)
            if view.isEnabled, view.tapAction != nil { found.append((view, frame, found.count)) }
            for child in view.children { visit(child, origin: (frame.x, frame.y)) }
        }
        guard tree.isVisible(layer), let layerView = tree[layer] else { return [] }
        let parentOrigin = layerView.parent.flatMap { tree.absoluteFrame(of: $0) } ?? .zero
        visit(layer, origin: (parentOrigin.x, parentOrigin.y))
        let ordered = found.sorted { a, b in
            if a.frame.y != b.frame.y { return a.frame.y < b.frame.y }
            if a.frame.x != b.frame.x { return a.frame.x < b.frame.x }
            return a.order < b.order
        }
        return ordered.enumerated().map { index, entry in
            TapTarget(
                number: index + 1, view: entry.view.handle, identifier: entry.view.identifier,
                label: Self.tapLabel(of: entry.view))
        }
    }

    /// The layer the user can touch, or nil once the app is shut down.
    var touchableLayer: ViewHandle? {
        guard !isShutDown else { return nil }
        return topContainer.layer
    }

    /// A tap target's label: its text, else its identifier, else `image <url>`, else its handle.
    static func tapLabel(of view: HostView) -> String {
        if let text = view.text.map(RenderText.singleLine), !text.isEmpty { return text }
        if let identifier = view.identifier, !identifier.isEmpty { return RenderText.singleLine(identifier) }
        if let url = view.imageURL, !url.isEmpty { return "image " + RenderText.singleLine(url) }
        return view.handle.description
    }
}
