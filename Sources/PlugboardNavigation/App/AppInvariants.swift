import PlugboardLoader

/// What holds between requests, whichever entry point made them (a tap, a link, a plugin, a
/// gesture, the shell): the root stack is never empty, a screen instance is on at most one stack
/// and at most once, no presented container is empty, the root's selected item is the one of its
/// content, and — with no transition under way — the visible screen is the one appeared screen.
///
/// `checkInvariants()` runs after every outermost stack change. A broken invariant is a bug of
/// the host's, not of a plugin: debug builds (and so the tests) check all of them and stop at a
/// broken one; a release build checks those that cost O(1) and that the code right before them
/// does not just establish (not the walk of every stack, which would make a push cost in
/// proportion to the depth, nor the root's selection, synced the line before), records a broken one as an `error` event
/// named `invariant`, and repairs what it can (an empty root stack gets Home back), so the user
/// is never left with an app that shows nothing.
extension PlugboardApp {
    /// Every invariant that does not hold now, in words; empty when all hold. Without
    /// `thorough`, only those that cost O(1).
    package func invariantViolations(thorough: Bool = true) -> [String] {
        guard !isShutDown else { return [] }
        var problems: [String] = []
        if home != nil, rootContainer.stack.isEmpty { problems.append("the root stack is empty") }
        let settled = !isAnimating && transitionDepth == 0
        let visible = visibleEntry
        if settled, let visible, visible.controller.appearance != .appeared {
            problems.append("the visible screen \(visible.key) is \(visible.controller.appearance), not appeared")
        }
        guard thorough else { return problems }
        if let content = rootContainer.stack.first?.key.screenID, rootItems.itemsByScreen[content] != nil,
            selectedRootItem.flatMap({ rootItems.screenByItem[$0] }) != content
        {
            problems.append("the root's selected item \(selectedRootItem ?? "(none)") does not open \(content)")
        }
        var seen: Set<ObjectIdentifier> = []
        for container in containers {
            if container.kind != .root, container.stack.isEmpty {
                problems.append("a \(container.kind.rawValue) container is empty")
            }
            for entry in container.stack where !seen.insert(ObjectIdentifier(entry)).inserted {
                problems.append("the screen instance \(entry.key) is on more than one stack")
            }
        }
        guard settled else { return problems }
        for container in containers {
            for entry in container.stack where entry !== visible && entry.controller.appearance != .disappeared {
                problems.append("\(entry.key) is \(entry.controller.appearance) but not visible")
            }
        }
        return problems
    }

    /// Checks the invariants (all of them in debug builds; see above); repairs an empty root stack.
    func checkInvariants() {
        #if DEBUG
            let problems = invariantViolations()
        #else
            let problems = invariantViolations(thorough: false)
        #endif
        guard !problems.isEmpty else { return }
        for problem in problems { record(AppEvent("error", "invariant", detail: problem)) }
        assertionFailure("navigation invariants broken: " + problems.joined(separator: "; "))
        if rootContainer.stack.isEmpty, let home {
            let key = ScreenCache.Key(screenID: home.id, dataSource: nil)
            let target = ResolvedTarget(key: key, screenPresentation: nil) { [unowned self] key in
                screens.entry(home, dataSource: nil, key: key)
            }
            show(entry(target, replacing: rootContainer), in: rootContainer, replacing: true)
        }
    }
}
