import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Stack changes: push, present, back, close, root selection. Every change runs the lifecycle in
/// order: the outgoing screen gets will_disappear then did_disappear, the bar is customised for
/// the incoming screen, and the incoming screen gets will_appear then did_appear. Screens that
/// leave a stack stay in the screen cache; only eviction (and shutdown) destroys them.
extension PlugboardApp {
    /// The container whose top screen is visible.
    package var topContainer: StackContainer { presented.last ?? rootContainer }
    var visibleEntry: ScreenEntry? { topContainer.top }

    /// The plugin instances the app runs now, in the order they were made at start: the root
    /// (when a plugin draws it), then each container's bar and the screens on its stack. The
    /// benchmarks make the same instances without the host to compare start-up with.
    package var pluginInstances: [PluginInstance] {
        var instances: [PluginInstance] = (root as? RootInstance).map { [$0] } ?? []
        for container in containers {
            instances += container.bar.map { [$0] } ?? []
            instances += container.stack.compactMap { ($0.controller as? PluginScreenController)?.instance }
        }
        return instances
    }

    /// Runs a stack change between the visible screen before and after it. A change under what
    /// is visible (a push beneath a presented screen) makes no lifecycle event.
    ///
    /// Seed 003: on the virtual clock an outermost push, pop, present or dismiss runs as a
    /// transition in time (PlugboardApp+Transitions.swift): will_* now, did_* at its end.
    func transition(_ change: () -> Void) {
        completeRunningTransition()  // a new change ends the one under way
        transitionDepth += 1
        changeDepth += 1
        defer {
            changeDepth -= 1
            transitionDepth -= 1
            requestEnded()
        }
        let outgoing = visibleEntry
        let containerBefore = topContainer
        let (presentedBefore, stackBefore) = (presented.count, topContainer.stack.count)
        // The bar as the outgoing screen has it, for a push or pop to carry away (virtual clock).
        var barBefore =
            clock.mode == .virtual && changeDepth == 1
            ? shownBar(of: containerBefore).flatMap { environment.views.snapshot($0) } : nil
        defer { if let barBefore { environment.views.releaseSubtree(barBefore) } }
        change()
        let incoming = visibleEntry
        if clock.mode == .virtual, changeDepth == 1, outgoing !== incoming,
            let (operation, mover, other) = classify(
                outgoing: outgoing, incoming: incoming, presentedBefore: presentedBefore, stackBefore: stackBefore,
                containerBefore: containerBefore),
            case let spec = spec(for: operation, mover: mover), spec.duration > 0
        {
            if let outgoing {
                outgoing.controller.send(.willDisappear) { recordLifecycle($0, of: outgoing.controller) }
            }
            if let incoming { incoming.controller.send(.willAppear) { recordLifecycle($0, of: incoming.controller) } }
            record(AppEvent("transition", mover.controller.screenID, detail: "\(operation) \(Int(spec.duration)) ms"))
            let dismissed = operation == .dismiss ? leaving : nil
            if dismissed == nil, let leaving { releaseLeaving(leaving) }  // emptied on the way, not the mover
            let running = RunningTransition(
                operation: operation, spec: spec, start: clock.now, container: dismissed ?? topContainer, mover: mover,
                other: other
            ) { [unowned self] in
                if let dismissed { releaseLeaving(dismissed) }
                if let outgoing {
                    outgoing.controller.send(.didDisappear) { recordLifecycle($0, of: outgoing.controller) }
                }
                if let incoming {
                    incoming.controller.send(.didAppear) { recordLifecycle($0, of: incoming.controller) }
                }
            }
            if operation == .push || operation == .pop, containerBefore === topContainer {
                running.barSnapshot = barBefore  // the transition releases it now
                barBefore = nil
            }
            runningTransition = running
            refreshChanged()
            return
        }
        if let leaving { releaseLeaving(leaving) }  // not animated after all
        if changeDepth > 1, tellsOnlyOutermostChange {
            refreshChanged()
            return
        }
        if let outgoing, outgoing !== incoming {
            outgoing.controller.disappear { recordLifecycle($0, of: outgoing.controller) }
        }
        refreshChanged()
        if let incoming, incoming !== outgoing {
            incoming.controller.appear { recordLifecycle($0, of: incoming.controller) }
        }
    }

    /// After a change or a composed transition: runs what was queued behind it and, once the
    /// outermost has ended, tells the root its selection and checks the invariants.
    func requestEnded() {
        runQueuedTransitions()
        guard transitionDepth == 0 else { return }
        syncRootSelection()
        checkInvariants()
    }

    /// Re-customises every bar, recomputes context buttons and lays everything out.
    func refresh() {
        for container in containers { manager.customize(container) }
        layout()
    }

    /// After a stack change: re-customises the bars of the containers the change touched (a new
    /// top screen, depth or bar; `NavigationBarManager.customizeIfChanged`), once each, and lays
    /// everything out. A bar covered by a presented screen is not told again about the screen
    /// it already shows when that screen is uncovered.
    func refreshChanged() {
        for container in containers { manager.customizeIfChanged(container) }
        layout()
    }

    /// Pushes `entry` onto `container` (or, with `replacing`, makes it the only screen; the
    /// screens it replaces stay cached).
    func show(_ entry: ScreenEntry, in container: StackContainer, replacing: Bool) {
        transition {
            if replacing {
                container.stack.replaceAll(with: entry)
            } else {
                container.stack.append(entry)
            }
        }
    }

    /// Presents `entry` on top of everything in a container of `kind` with its own bar: the
    /// container it was last presented in when that one was kept (its bar is not made again, and
    /// is customised only when what it shows has changed since), else a new one.
    func present(_ entry: ScreenEntry, kind: StackContainer.Kind) {
        transition {
            let container = reusableContainer(for: entry, kind: kind)
            let isNew = container == nil
            let shown = container ?? StackContainer(kind: kind, tree: environment.views)
            shown.madeFor = (entry.key, entry.serial)
            try? environment.views.addChild(shown.layer, to: window, by: .host)
            shown.stack.replaceAll(with: entry)  // first, so a new bar is made for its own screen
            if isNew { shown.barInstance = manager.makeBar(for: shown) }
            addPresented(shown)
        }
    }

    /// The container `entry` was last presented in, else the spare one, when of `kind`: its bar
    /// is customised for `entry` (by the transition) only when it showed something else.
    private func reusableContainer(for entry: ScreenEntry, kind: StackContainer.Kind) -> StackContainer? {
        if let kept = entry.keptContainer {
            entry.keptContainer = nil
            if kept.kind == kind { return kept }
            destroy(kept)
        }
        guard let spare = spareContainer, spare.kind == kind else { return nil }
        spareContainer = nil
        return spare
    }

    func removeContainer(_ container: StackContainer) {
        removePresented(container)
        // On the virtual clock an outermost dismiss keeps the container in sight while it slides
        // away; the transition's end releases it (PlugboardApp+Transitions.swift).
        if clock.mode == .virtual && changeDepth == 1 && leaving == nil {
            leavingContainer = container
            return
        }
        release(container)
    }

    /// Takes a dismissed container out of sight. While the screen it was made for stays cached,
    /// the screen keeps it, bar and views as they are, for its next presentation: seed 001's
    /// presentation container holds its bar instance, and making and destroying a bar on every
    /// presentation cost more than the rest of a tap. Otherwise its bar and views are destroyed.
    func release(_ container: StackContainer) {
        removePresented(container)
        if let made = container.madeFor, let screen = cache.entry(made.key, serial: made.serial),
            screen.keptContainer == nil
        {
            try? environment.views.removeChild(container.layer, from: window, by: .host)
            screen.keptContainer = container
            return
        }
        destroy(container)
    }

    /// Destroys a container's bar and views.
    func destroy(_ container: StackContainer) {
        if let bar = container.bar { manager.destroy(bar) }
        container.barInstance = nil
        try? environment.views.release(container.layer, by: .host)
        for view in [container.statusBar, container.barSlot, container.content] {
            try? environment.views.release(view, by: .host)
        }
    }

    /// Destroys a screen evicted from the cache. The container kept for it becomes the spare
    /// (when there is none yet), which the next screen presented without a container of its own
    /// is shown in: a tap that misses the cache makes a screen, not also a bar.
    func evict(_ entry: ScreenEntry) {
        if let kept = entry.keptContainer, spareContainer == nil {
            entry.keptContainer = nil
            kept.madeFor = nil
            spareContainer = kept
        }
        destroy(entry)
    }

    /// Destroys a screen and the container kept for it (first: its bar was made after the screen).
    func destroy(_ entry: ScreenEntry) {
        if let kept = entry.keptContainer {
            entry.keptContainer = nil
            destroy(kept)
        }
        entry.controller.destroy()
    }

    /// Back: pops the visible container's top screen (it stays cached). False when there is
    /// nothing to pop.
    @discardableResult
    public func back() -> Bool { perform(.back) }

    /// `AppRequest.back`.
    func popVisible() -> Bool {
        let container = topContainer
        guard container.stack.count > 1 else { return false }
        transition { _ = container.stack.popLast() }
        trimCache()
        return true
    }

    /// Close: dismisses the top presented container (its screens stay cached). False in root state.
    @discardableResult
    public func close() -> Bool { perform(.close) }

    /// `AppRequest.close`.
    func dismissTop() -> Bool {
        guard let container = presented.last else { return false }
        transition {
            container.stack.removeAll()
            removeContainer(container)
        }
        trimCache()
        return true
    }

    /// Dismisses every presented container above the one at `index` (all of them for -1), as one change.
    func dismiss(above index: Int) {
        guard index < presented.count - 1 else { return }
        transition {
            while presented.count > index + 1, let container = presented.last {
                container.stack.removeAll()
                removeContainer(container)
            }
        }
        trimCache()
    }

    /// Closes the side menu if it is open, as the menu button would.
    func closeMenu() {
        guard isMenuOpen else { return }
        _ = menu()
    }

    /// The menu button: the root's special action. False when the root has none.
    @discardableResult
    public func menu() -> Bool { perform(.menu) }

    /// `AppRequest.menu`.
    func toggleMenu() -> Bool {
        guard presented.isEmpty, rootContainer.stack.count <= 1, root.hasSpecialAction else { return false }
        completeRunningTransition()
        root.performSpecialAction()
        isMenuOpen.toggle()
        record(AppEvent("special_action", root.identifier))
        menuTransition(opening: isMenuOpen)
        layout()
        return true
    }

    /// Why `menu()` has nothing to do now, for the shell's message.
    package var whyNoMenuButton: String {
        if !presented.isEmpty { return "a presented screen shows its close button" }
        if rootContainer.stack.count > 1 { return "a pushed screen shows its back button" }
        return "the root has no special action"
    }

    /// Selects the root menu's nav item `id`, as the root plugin's `open_item` or the shell does:
    /// its screen becomes the root's content (seed 002: push from the root; the menu button stays).
    @discardableResult
    public func selectRootItem(_ id: String) -> Bool { perform(.select(item: id)) }

    /// `AppRequest.select`.
    func selectItem(_ id: String) -> Bool {
        guard let item = home?.menu?.navItems.flatMap(\.flattened).first(where: { $0.id == id }) else {
            record(AppEvent("error", id, detail: "no menu item with this id"))
            return false
        }
        let opened = selecting(id) { manager.perform(item, origin: .menu, from: rootContainer) }
        isMenuOpen = false  // a side menu closes on a selection
        layout()
        return opened
    }

    /// Pops the root stack back to the screen `id`, if it is there.
    func popRoot(to screenID: String) -> Bool {
        guard let index = rootContainer.stack.firstIndex(where: { $0.controller.screenID == screenID }) else {
            return false
        }
        return popRoot(toIndex: index)
    }

    /// Pops the root stack until the screen at `index` is on top (the popped ones stay cached).
    /// False when it is on top already.
    @discardableResult
    func popRoot(toIndex index: Int) -> Bool { perform(.popRoot(toIndex: index)) }

    /// `AppRequest.popRoot`.
    func popRootStack(toIndex index: Int) -> Bool {
        guard index < rootContainer.stack.count - 1 else { return false }
        transition { rootContainer.stack.removeAll(above: index) }
        trimCache()
        return true
    }

    /// Shows the rivers.json screen `id` as a link would: pushed onto the visible stack, or
    /// presented when its `styles.presentation` (or `presentation`) says so. False for an
    /// unknown id.
    @discardableResult
    package func showScreen(
        _ id: String, dataSource: JSONValue? = nil, presentation: ScreenPresentation? = nil
    ) -> Bool {
        open(NavigationRequest(.screen(id), origin: .link, dataSource: dataSource, presentation: presentation))
    }

    /// Taps a view by handle, as a person would. Errors say why the view is not tappable.
    package func tap(_ view: ViewHandle) throws(ViewError) {
        try environment.views.tap(view)
    }

    /// Taps the visible view whose identifier is `identifier` (searched in the top layer).
    public func tap(identifier: String) throws(ViewError) {
        guard let view = environment.views.find(identifier: identifier, under: topContainer.layer) else {
            throw ViewError.unknownIdentifier(identifier)
        }
        try tap(view)
    }

    /// Switches the device profile and lays everything out again (`_tablet` keys apply).
    public func setDevice(_ kind: DeviceProfile.Kind) {
        currentDevice = DeviceProfile.named(kind)
        refresh()
    }

    /// The container whose stack holds the screen instance behind `host`.
    func container(ofScreen host: InstanceHost) -> StackContainer? {
        containers.first { container in
            container.stack.contains { ($0.controller as? PluginScreenController)?.instance.host === host }
        }
    }
}

extension PlugboardApp {
    /// A screen changed its own bar values (seed 003): shown at once when it is on top of a
    /// container (otherwise when it next is).
    package func screenBarChanged(_ host: InstanceHost) {
        let onTop = containers.contains { ($0.top?.controller as? PluginScreenController)?.instance.host === host }
        if onTop && transitionDepth == 0 { refresh() }
    }

    /// A screen's own close button (screens that hide the bar, seed 002): dismisses its presented
    /// container, pops it, or — when it is the root's only screen — goes back to Home, the way
    /// the app started.
    package func close(_ host: InstanceHost) -> Bool {
        guard let container = container(ofScreen: host), container === topContainer,
            (container.top?.controller as? PluginScreenController)?.instance.host === host
        else { return false }
        record(AppEvent("screen_close", host.pluginID))
        if container.kind != .root { return container.stack.count == 1 ? close() : back() }
        if container.stack.count > 1 { return back() }
        guard let home else { return false }
        let homeKey = ScreenCache.Key(screenID: home.id, dataSource: nil)
        if container.top?.key.sameScreen(as: homeKey) == true { return false }
        return open(NavigationRequest(.screen(home.id), origin: .menu))
    }
}
