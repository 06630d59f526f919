import PlugboardLoader

/// What holds between requests, whichever entry point made them (a tap, a link, a plugin, a
/// gesture, the shell): the root stack is never empty, a screen instance is on at most one stack
/// and at most once, no presented container is empty, the root's selected item is the one of its
/// content, and — with no transition under way — the visible screen is the one appeared screen.
///
/// `checkInvariants()` runs after every outermost stack change. A broken invariant is a bug of
/// the host's, not of a plugin: debug builds (and so the tests) stop at it; a release build
/// records it as an `error` event named `invariant` and repairs what it can (an empty root stack
/// gets Home back), so the user is never left with an app that shows nothing.
extension PlugboardApp {
    /// Every invariant that does not hold now, in words; empty when all hold.
    package func invariantViolations() -> [String] {
        guard !isShutDown else { return [] }
        var problems: [String] = []
        if home != nil, rootContainer.stack.isEmpty { problems.append("the root stack is empty") }
        var seen: Set<ObjectIdentifier> = []
        for container in containers {
            if container.kind != .root, container.stack.isEmpty {
                problems.append("a \(container.kind.rawValue) container is empty")
            }
            for entry in container.stack where !seen.insert(ObjectIdentifier(entry)).inserted {
                problems.append("the screen instance \(entry.key) is on more than one stack")
            }
        }
        if let content = rootContainer.stack.first?.key.screenID {
            let items = home?.menu?.navItems.flatMap(\.flattened) ?? []
            let selected = items.first { $0.id == selectedRootItem }?.data.target
            if items.contains(where: { $0.data.target == content }), selected != content {
                problems.append("the root's selected item \(selectedRootItem ?? "(none)") does not open \(content)")
            }
        }
        guard !isAnimating, transitionDepth == 0 else { return problems }
        let visible = visibleEntry
        if let visible, visible.controller.appearance != .appeared {
            problems.append("the visible screen \(visible.key) is \(visible.controller.appearance), not appeared")
        }
        for container in containers {
            for entry in container.stack where entry !== visible && entry.controller.appearance != .disappeared {
                problems.append("\(entry.key) is \(entry.controller.appearance) but not visible")
            }
        }
        return problems
    }

    /// Checks every invariant (see above); repairs an empty root stack.
    func checkInvariants() {
        let problems = invariantViolations()
        guard !problems.isEmpty else { return }
        for problem in problems { record(AppEvent("error", "invariant", detail: problem)) }
        assertionFailure("navigation invariants broken: " + problems.joined(separator: "; "))
        if rootContainer.stack.isEmpty, let home {
            let key = ScreenCache.Key(screenID: home.id, dataSource: nil)
            let target = ResolvedTarget(key: key, screenPresentation: nil) { [unowned self] key in
                entry(for: home, dataSource: nil, key: key)
            }
            show(entry(target, replacing: rootContainer), in: rootContainer, replacing: true)
        }
    }
}
