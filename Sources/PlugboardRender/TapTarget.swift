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
    /// Every enabled view with a tap action that a person can see in the top layer (the layer
    /// the user can touch: the root layer in root state, else the top presented container),
    /// numbered 1… in reading order. Left out: hidden views, views whose centre a view in front
    /// covers (cells under the open side menu) and views whose centre is outside the window;
    /// `whyNotTappable` says which hides them. Empty once the app is shut down.
    package var tapTargets: [TapTarget] {
        let order = paintOrder()
        var found: [(view: HostView, frame: Rect, order: Int)] = []
        for (position, entry) in order.entries.enumerated() where entry.view.isEnabled && entry.view.tapAction != nil {
            guard !isOutsideWindow(entry.frame), coveringView(of: position, in: order) == nil else { continue }
            found.append((entry.view, entry.frame, found.count))
        }
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
