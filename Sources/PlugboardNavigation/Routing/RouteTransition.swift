import PlugboardCore

/// A transition (seed 004): route changes composed into one — `root`, `push`, `present`,
/// `dismiss`, `pop`, `open` — then started or enqueued.
///
///     try app.transition.push("shows").present("contact").start()
///
/// `start` fails at once (`RoutingError.busy`) while another change runs — a plugin asking
/// during a lifecycle event, an observer reacting to one; `enqueue` waits until the running and
/// queued ones have finished. Every change is immediate today; when transitions take time
/// (animations), the same queue holds.
package final class RouteTransition {
    enum Step {
        case updates([RouteUpdate])
        case pop(Int)
        case open(RouteURL)
    }

    private unowned let app: PlugboardApp
    private var steps: [Step] = []
    private var object: JSONValue?

    init(app: PlugboardApp) { self.app = app }

    /// A new root: the stack becomes this screen alone.
    package func root(_ key: String, data: String? = nil) -> RouteTransition {
        steps.append(.updates([.replace(key: key, data: data)]))
        return self
    }

    /// Pushes a screen onto the root stack.
    package func push(_ key: String, data: String? = nil) -> RouteTransition {
        steps.append(.updates([.push(key: key, data: data)]))
        return self
    }

    /// Shows a visibility route: presents a screen, or opens the `menu`.
    package func present(_ key: String) -> RouteTransition {
        steps.append(.updates([.show(key: key, options: .visible)]))
        return self
    }

    /// Hides a visibility route: dismisses a presented screen, or closes the `menu`.
    package func dismiss(_ key: String) -> RouteTransition {
        steps.append(.updates([.hide(key: key, options: .visible)]))
        return self
    }

    /// Pops `count` screens off the root stack (never the root itself).
    package func pop(_ count: Int = 1) -> RouteTransition {
        steps.append(.pop(count))
        return self
    }

    /// Goes to the state `url` names (diffed against the state when this step runs).
    package func open(_ url: RouteURL) -> RouteTransition {
        steps.append(.open(url))
        return self
    }

    /// The JSON object handed, with its data, to the last screen a step pushes or makes root.
    package func object(_ json: JSONValue) -> RouteTransition {
        object = json
        return self
    }

    /// Runs the transition now; fails at once when another change is running.
    package func start() throws(RoutingError) {
        guard app.transitionDepth == 0, !app.isAnimating else { throw .busy }
        try run()
    }

    /// Runs the transition when the running and queued ones have finished (now, when none is).
    /// `completion` hears how it ended.
    package func enqueue(_ completion: ((RoutingError?) -> Void)? = nil) {
        app.queuedTransitions.append { [self] in
            do throws(RoutingError) {
                try run()
                completion?(nil)
            } catch {
                completion?(error)
            }
        }
        app.runQueuedTransitions()
    }

    private func run() throws(RoutingError) {
        app.transitionDepth += 1
        defer {
            app.transitionDepth -= 1
            app.requestEnded()
        }
        for (index, step) in steps.enumerated() {
            let object = index == steps.count - 1 ? object : nil
            switch step {
            case .updates(let updates): try app.run(updates, object: object)
            case .open(let url): try app.open(url: url)
            case .pop(let count):
                let stack = app.rootContainer.stack
                guard count > 0, count < stack.count else {
                    throw .unusable("cannot pop \(count) of \(stack.count) screens (the root stays)")
                }
                app.popRoot(toIndex: stack.count - 1 - count)
            }
        }
    }
}

extension PlugboardApp {
    /// A new transition to compose.
    package var transition: RouteTransition { RouteTransition(app: self) }

    /// Runs the queued transitions once nothing is running.
    func runQueuedTransitions() {
        while transitionDepth == 0, running == nil, !queuedTransitions.isEmpty {
            queuedTransitions.removeFirst()()
        }
    }
}
