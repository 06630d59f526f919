import PlugboardCore

/// Still copies of a subtree, for a transition that must show how something looked before it
/// changed (seed 003: the outgoing screen's bar travels with the outgoing screen while the bar
/// itself already shows the incoming one). A copy is the host's, detached, inert (no identifiers,
/// no tap actions, so never a tap target) and released whole when the transition ends.
extension ViewTree {
    /// A host-owned copy of `root` and everything under it as it is now; nil for an unknown
    /// view. The copy is not attached anywhere.
    package func snapshot(_ root: ViewHandle) -> ViewHandle? {
        guard let original = self[root] else { return nil }
        let copy = create(original.kind, owner: .host)
        _ = try? setText(copy, original.text, by: .host)
        _ = try? setTextColor(copy, original.textColor, by: .host)
        _ = try? setBackgroundColor(copy, original.backgroundColor, by: .host)
        _ = try? setImageURL(copy, original.imageURL, by: .host)
        _ = try? setFont(copy, family: original.fontFamily, size: original.fontSize, by: .host)
        _ = try? setAlignment(copy, original.alignment, by: .host)
        _ = try? setHidden(copy, original.isHidden, by: .host)
        _ = try? setEnabled(copy, original.isEnabled, by: .host)
        _ = try? setFrame(copy, original.frame, by: .host)
        for child in original.children {
            if let childCopy = snapshot(child) { try? addChild(childCopy, to: copy, by: .host) }
        }
        return copy
    }

    /// Releases `root` and everything under it (a snapshot, once its transition has ended).
    package func releaseSubtree(_ root: ViewHandle) {
        for child in self[root]?.children ?? [] { releaseSubtree(child) }
        _ = try? release(root, by: .host)
    }
}
