import PlugboardLoader

/// Seed 003's gesture navigation: the edge back-gesture every pushed screen has, and the
/// full-screen gestures of screens answering plugboard.ext.gesture-navigation — pop to the
/// previous screen or any screen below, push the screen the top screen names. A swipe is one
/// interactive transition: it starts (will_* events), then finishes (the stack changes, did_*)
/// or cancels (the target is covered again and the top screen back: the stack, the bars and
/// what is shown as before). The lifecycle order is plugboard/ext/gesture.h's.
extension PlugboardApp {
    /// Runs `swipe` on the visible container. Refused (nothing changes) when no gesture may
    /// start there or it has no target.
    @discardableResult
    public func swipe(_ swipe: Swipe) throws(SwipeRefusal) -> SwipeOutcome {
        guard transitionDepth == 0, !isAnimating else { throw SwipeRefusal("a transition is running") }
        let container = topContainer
        guard let top = container.top else { throw SwipeRefusal("no screen is shown") }
        let width = frames(for: container).content.width
        let start = swipe.from ?? (swipe.operation == .pop ? 0 : width)
        guard (0...width).contains(start) else {
            throw SwipeRefusal("--from \(start) is not on the screen (0…\(width))")
        }
        try checkStart(of: swipe.operation, at: start, width: width, on: top, in: container)
        switch swipe.operation {
        case .pop:
            let index = try popTarget(of: top, in: container)
            return run(swipe, from: top, to: container.stack[index], in: container) {
                container.stack.removeAll(above: index)
            }
        case .push:
            guard let id = top.controller.gestureTarget(.push) else {
                throw SwipeRefusal("\(top.controller.screenID) names no screen to push")
            }
            guard let target = resolve(NavigationRequest(.screen(id), origin: .link)) else {
                throw SwipeRefusal("\(top.controller.screenID) names '\(id)', which is not in rivers.json")
            }
            guard !target.key.sameScreen(as: top.key) else { throw SwipeRefusal("'\(id)' is the screen shown") }
            let entry = entry(target)
            return run(swipe, from: top, to: entry, in: container) { container.stack.append(entry) }
        }
    }

    /// The edge back-gesture (a pushed screen, within `Swipe.edgeWidth` of the leading edge) or
    /// the screen's own area.
    private func checkStart(
        of operation: GestureOperation, at x: Double, width: Double, on top: ScreenEntry, in container: StackContainer
    ) throws(SwipeRefusal) {
        if operation == .pop && container.stack.count < 2 {
            throw SwipeRefusal("nothing to go back to")
        }
        if operation == .pop && x <= Swipe.edgeWidth { return }  // always, with or without a bar
        switch top.controller.gestureArea(operation) {
        case .wholeScreen: return
        case .edges(let leading, let trailing):
            let inside = operation == .pop ? x <= leading : x >= width - trailing
            if inside { return }
            throw SwipeRefusal(
                "\(top.controller.screenID) starts \(operation) gestures only within \(operation == .pop ? leading : trailing) pt of the \(operation == .pop ? "leading" : "trailing") edge"
            )
        case .notDrivable:
            throw SwipeRefusal(
                operation == .pop
                    ? "a back gesture starts within \(Swipe.edgeWidth) pt of the leading edge"
                    : "\(top.controller.screenID) has no forward gesture (plugboard.ext.gesture-navigation)")
        }
    }

    /// The index of the screen a pop goes back to: the previous one, or the one the top names.
    private func popTarget(of top: ScreenEntry, in container: StackContainer) throws(SwipeRefusal) -> Int {
        let below = container.stack.count - 2
        guard let id = top.controller.gestureTarget(.pop) else { return below }
        guard let index = container.stack[...below].lastIndex(where: { $0.controller.screenID == id }) else {
            throw SwipeRefusal("\(top.controller.screenID) names '\(id)' to go back to, which is not below it")
        }
        return index
    }

    /// Starts the interactive transition, then finishes it (`change` runs) or cancels it.
    private func run(
        _ swipe: Swipe, from top: ScreenEntry, to target: ScreenEntry, in container: StackContainer,
        change: () -> Void
    ) -> SwipeOutcome {
        transitionDepth += 1
        defer {
            transitionDepth -= 1
            runQueuedTransitions()
        }
        let send = { [unowned self] (entry: ScreenEntry, event: LifecycleEvent) in
            entry.controller.send(event) { recordLifecycle($0, of: entry.controller) }
        }
        let detail = "\(swipe.operation) progress \(swipe.progress) velocity \(swipe.velocity)"
        record(AppEvent("gesture", target.controller.screenID, detail: detail))
        send(top, .willDisappear)
        send(target, .willAppear)
        guard swipe.finishes else {
            send(target, .willDisappear)
            send(target, .didDisappear)
            send(top, .willAppear)
            send(top, .didAppear)
            record(AppEvent("gesture_cancelled", target.controller.screenID))
            return .cancelled(target: target.controller.screenID)
        }
        change()
        refreshChanged()
        send(top, .didDisappear)
        send(target, .didAppear)
        trimCache()
        return .finished(target: target.controller.screenID)
    }
}
