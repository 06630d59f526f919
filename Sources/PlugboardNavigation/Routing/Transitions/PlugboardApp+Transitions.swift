import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Seed 003's transitions as data. Every stack change has a transition (its operation, and the
/// spec: the defaults, or the moving screen's own through plugboard.ext.transition). On the
/// instant clock its time passes at once and the lifecycle runs as it always has. On the virtual
/// clock a push, pop, present or dismiss sends will_disappear and will_appear at the start, moves
/// the screen (its frame interpolated from the clock: pushed and popped screens slide in their
/// stack's area, a presented container's layer slides in over the window) and sends
/// did_disappear and did_appear when `wait` passes its end. While it runs the router's rules
/// hold: `start` is refused (busy), `enqueue` waits; a change made from inside the engine
/// completes it first.
extension PlugboardApp {
    /// True while a transition runs on the virtual clock.
    package var isAnimating: Bool { running != nil }

    /// Advances the virtual clock by `milliseconds` (ignored on the instant clock): frames move,
    /// a transition that ends sends its did_* events, queued transitions run. Time passes event
    /// by event: a transition that ends inside the wait ends at its own end, so the one queued
    /// behind it starts then and runs in the rest of the wait (`push a + present b` and a wait
    /// longer than both ends with both done).
    package func wait(_ milliseconds: Double) {
        guard clock.mode == .virtual, milliseconds > 0, milliseconds.isFinite else { return }
        let until = clock.now + milliseconds
        // Bounded: a plugin that starts a tiny transition at every did_appear cannot hang a wait.
        var ended = 0
        while let running, running.end <= until, ended < 10_000 {
            clock.now = max(clock.now, running.end)
            completeRunningTransition()
            ended += 1
        }
        clock.now = until
        layout()
    }

    /// The running transition, for `state`.
    var transitionState: TransitionState? {
        running.map {
            TransitionState(
                operation: $0.operation, screen: $0.mover?.controller.screenID ?? AppRoutes.menu,
                duration: $0.spec.duration,
                curve: $0.spec.curve, direction: $0.spec.direction, elapsed: clock.now - $0.start,
                bar: barTravel(of: $0))
        }
    }

    /// Which bar travels with `running`'s screen.
    private func barTravel(of running: RunningTransition) -> TransitionState.BarTravel? {
        switch running.operation {
        case .push: running.barSnapshot == nil ? nil : .incoming
        case .pop: running.barSnapshot == nil ? nil : .outgoing
        case .present, .dismiss: running.container.bar == nil ? nil : .own
        case .menuOpen, .menuClose: nil
        }
    }

    /// Ends the running transition now (its did_* events), as a new change does.
    package func completeRunningTransition() {
        guard let ending = running else { return }
        runningTransition = nil
        endTravellingBar(ending)
        ending.finish()
        layout()
        runQueuedTransitions()
    }

    /// Which transition a change between `before` and now was, and what moves.
    func classify(
        outgoing: ScreenEntry?, incoming: ScreenEntry?, presentedBefore: Int, stackBefore: Int,
        containerBefore: StackContainer
    ) -> (TransitionOperation, mover: ScreenEntry, other: ScreenEntry?)? {
        if presented.count > presentedBefore, let incoming { return (.present, incoming, outgoing) }
        if presented.count < presentedBefore, let outgoing { return (.dismiss, outgoing, incoming) }
        guard containerBefore === topContainer else { return nil }
        let count = topContainer.stack.count
        if count > stackBefore, let incoming { return (.push, incoming, outgoing) }
        if count < stackBefore, let outgoing { return (.pop, outgoing, incoming) }
        return nil
    }

    /// None for an unanimated change; else the route's spec, else the moving screen's own, else
    /// the default.
    func spec(for operation: TransitionOperation, mover: ScreenEntry) -> TransitionSpec {
        if unanimated { return .instant }
        return routeTransition ?? mover.controller.transitionSpec(for: operation) ?? .defaults(for: operation)
    }

    /// Runs `change` with every transition it starts taking no time when `animated` is false.
    package func animating<Result, Failure>(_ animated: Bool, _ change: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        let before = unanimated
        unanimated = before || !animated
        defer { unanimated = before }
        return try change()
    }

    /// Places the running transition's screens at the clock's time (after the normal layout).
    func layRunningTransition() {
        guard let running else { return }
        let tree = environment.views
        let arrival = running.arrival(at: clock.now)
        switch running.operation {
        case .push, .pop:
            let parent = running.container.kind == .root ? screenContainer : running.container.content
            guard let mover = running.mover, let moving = mover.controller.view, let base = tree.frame(of: parent)
            else { return }
            // The screen beneath stays in sight; the moving one is drawn over it. Each keeps the
            // frame it has at rest (below an overlay bar or under it), the mover offset from it.
            if let other = running.other, let below = other.controller.view, below != moving {
                if tree.parent(of: below) != parent { try? tree.addChild(below, to: parent, by: .host) }
                let frame = screenFrame(of: other, in: parent, running.container, tree)
                try? tree.setFrame(below, frame, by: .host)
                other.controller.layout(width: frame.width, height: frame.height)
            }
            try? tree.addChild(moving, to: parent, by: .host)  // front-most
            let resting = screenFrame(of: mover, in: parent, running.container, tree)
            let offset = running.spec.offset(arrived: arrival, width: base.width, height: base.height)
            let moved = Rect(x: offset.x, y: resting.y + offset.y, width: resting.width, height: resting.height)
            try? tree.setFrame(moving, moved, by: .host)
            layTravellingBar(running, offset: offset)
            layShadow(running, beside: moved, in: parent)
        case .present:
            guard let layer = presented.last?.layer, let frame = tree.frame(of: layer) else { return }
            let offset = running.spec.offset(arrived: arrival, width: device.width, height: device.height)
            try? tree.setFrame(
                layer, Rect(x: frame.x + offset.x, y: frame.y + offset.y, width: frame.width, height: frame.height),
                by: .host)
        case .dismiss:
            guard let layer = leaving?.layer, let frame = tree.frame(of: layer) else { return }
            let resting = frames(for: running.container).window
            let offset = running.spec.offset(arrived: arrival, width: device.width, height: device.height)
            try? tree.setFrame(
                layer, Rect(x: resting.x + offset.x, y: resting.y + offset.y, width: frame.width, height: frame.height),
                by: .host)
        case .menuOpen, .menuClose:
            guard let panel = (root as? BuiltInSideMenu)?.panel, let frame = tree.frame(of: panel) else { return }
            let offset = running.spec.offset(arrived: arrival, width: frame.width, height: frame.height)
            try? tree.setHidden(panel, false, by: .host)  // in sight while it moves, closing too
            try? tree.setFrame(
                panel, Rect(x: offset.x, y: offset.y, width: frame.width, height: frame.height), by: .host)
        }
    }

    /// The view showing a container's bar: the screen's own bar, else the bar plugin's.
    func shownBar(of container: StackContainer) -> ViewHandle? {
        container.customBar?.view ?? container.bar?.view
    }

    /// Seed 003: each screen's bar travels with it. The bar (already the incoming screen's)
    /// moves with a pushed screen; the still copy of the outgoing screen's bar moves with a popped
    /// one; the other rests in the bar's place, under the moving one.
    private func layTravellingBar(_ running: RunningTransition, offset: (x: Double, y: Double)) {
        let tree = environment.views
        guard let snapshot = running.barSnapshot, let live = shownBar(of: running.container),
            let parent = tree.parent(of: live), let liveFrame = tree.frame(of: live)
        else { return }
        let resting = running.barResting ?? liveFrame
        running.barResting = resting
        let pushing = running.operation == .push
        if tree.parent(of: snapshot) != parent {
            try? tree.addChild(snapshot, to: parent, by: .host)
            if pushing { try? tree.addChild(live, to: parent, by: .host) }  // the incoming bar over it
        }
        let moved = Rect(x: resting.x + offset.x, y: resting.y, width: resting.width, height: resting.height)
        let still = tree.frame(of: snapshot) ?? resting
        try? tree.setFrame(live, pushing ? moved : resting, by: .host)
        try? tree.setFrame(
            snapshot,
            Rect(x: pushing ? resting.x : moved.x, y: resting.y, width: still.width, height: still.height), by: .host)
    }

    /// A soft shadow on the moving screen's leading edge, as XZNavigationController draws
    /// (sliding transitions only; a fade has no edge).
    private func layShadow(_ running: RunningTransition, beside moved: Rect, in parent: ViewHandle) {
        guard running.spec.direction == .fromRight || running.spec.direction == .fromLeft else { return }
        let tree = environment.views
        let shadow = running.shadow ?? tree.create(.container, owner: .host)
        if running.shadow == nil {
            running.shadow = shadow
            try? tree.setIdentifier(shadow, "transition-shadow", by: .host)
            try? tree.setBackgroundColor(shadow, Self.shadowColor, by: .host)
        }
        if tree.parent(of: shadow) != parent { try? tree.addChild(shadow, to: parent, by: .host) }
        let edge = running.spec.direction == .fromRight ? moved.x - Self.shadowWidth : moved.maxX
        try? tree.setFrame(
            shadow, Rect(x: edge, y: moved.y, width: Self.shadowWidth, height: moved.height), by: .host)
    }

    static let shadowWidth = 6.0
    static let shadowColor = ARGBColor(0x3300_0000)

    /// At a push's or pop's end: the still bar and the shadow go, the bar rests where it belongs.
    private func endTravellingBar(_ running: RunningTransition) {
        let tree = environment.views
        if let snapshot = running.barSnapshot { tree.releaseSubtree(snapshot) }
        if let shadow = running.shadow { try? tree.release(shadow, by: .host) }
        if let resting = running.barResting, let live = shownBar(of: running.container) {
            try? tree.setFrame(live, resting, by: .host)
        }
        running.barSnapshot = nil
        running.shadow = nil
    }

    /// The menu's transition, on the virtual clock (the menu button, `select`, the menu route).
    func menuTransition(opening: Bool) {
        guard clock.mode == .virtual, changeDepth == 0 else { return }
        let operation: TransitionOperation = opening ? .menuOpen : .menuClose
        let spec = unanimated ? .instant : routeTransition ?? .defaults(for: operation)
        guard spec.duration > 0 else { return }
        record(AppEvent("transition", AppRoutes.menu, detail: "\(operation) \(Int(spec.duration)) ms"))
        runningTransition = RunningTransition(
            operation: operation, spec: spec, start: clock.now, container: rootContainer, mover: nil, other: nil
        ) { [unowned self] in
            // The built-in menu's panel: shown or hidden as the menu ends up.
            if let menu = root as? BuiltInSideMenu {
                try? environment.views.setHidden(menu.panel, !isMenuOpen, by: .host)
            }
        }
    }

    /// Releases a dismissed container once its transition is over.
    func releaseLeaving(_ container: StackContainer) {
        guard leaving === container else { return }
        leavingContainer = nil
        release(container)
    }
}

extension PlugboardApp {
    /// The running transition's moving views, each with its frame now and where it ends (for
    /// the animated SVG): the mover first; for a push or pop, the bar that travels with it and
    /// the shadow on its edge, by as much.
    package func animationEnds() -> [(view: ViewHandle, now: Rect, end: Rect)] {
        guard let running else { return [] }
        let tree = environment.views
        switch running.operation {
        case .push, .pop:
            guard let view = running.mover?.controller.view, let now = tree.frame(of: view) else { return [] }
            let offset = running.spec.offset(
                arrived: running.operation.moverArrives ? 1 : 0, width: now.width, height: now.height)
            let end = Rect(x: offset.x, y: offset.y, width: now.width, height: now.height)
            let travelling = running.operation == .push ? shownBar(of: running.container) : running.barSnapshot
            let alongside: [ViewHandle] = [running.barSnapshot == nil ? nil : travelling, running.shadow].compactMap {
                $0
            }
            var moves: [(view: ViewHandle, now: Rect, end: Rect)] = [(view, now, end)]
            for other in alongside {
                guard let frame = tree.frame(of: other) else { continue }
                let moved = Rect(
                    x: frame.x + end.x - now.x, y: frame.y + end.y - now.y, width: frame.width, height: frame.height)
                moves.append((other, frame, moved))
            }
            return moves
        case .present:
            guard let container = presented.last, let now = tree.frame(of: container.layer) else { return [] }
            return [(container.layer, now, frames(for: container).window)]
        case .menuOpen, .menuClose:
            guard let panel = (root as? BuiltInSideMenu)?.panel, let now = tree.frame(of: panel) else { return [] }
            let offset = running.spec.offset(
                arrived: running.operation.moverArrives ? 1 : 0, width: now.width, height: now.height)
            return [(panel, now, Rect(x: offset.x, y: offset.y, width: now.width, height: now.height))]
        case .dismiss:
            guard let container = leaving, let now = tree.frame(of: container.layer) else { return [] }
            let resting = frames(for: container).window
            let offset = running.spec.offset(arrived: 0, width: device.width, height: device.height)
            return [
                (
                    container.layer, now,
                    Rect(x: resting.x + offset.x, y: resting.y + offset.y, width: now.width, height: now.height)
                )
            ]
        }
    }
}
