import PlugboardCore

/// A transition (seed 004): route changes composed into one — `root`, `push`, `present`,
/// `dismiss`, `pop`, `open` — each animated or not, then started or enqueued.
///
///     try app.transition.push("shows").present("contact", animated: false).start()
///
/// `start` fails at once (`RoutingError.busy`) while another change runs — a plugin asking
/// during a lifecycle event, an observer reacting to one, a transition still moving on the
/// virtual clock; `enqueue` waits until the running and queued ones have finished. The steps run
/// in order and never cut each other short: on the virtual clock, a step that starts a movement
/// holds the next ones until it has ended (`wait`). The completion hears, once, how the whole
/// transition ended: nil when every step ran and every movement ended, else the error that
/// stopped it (the steps after it do not run).
package final class RouteTransition {
    enum Operation {
        case updates([RouteUpdate])
        case pop(Int)
        case open(RouteURL)
    }

    struct Step {
        var operation: Operation
        var animated: Bool
    }

    private unowned let app: PlugboardApp
    private var steps: [Step] = []
    private var object: JSONValue?
    /// The index of the step that failed, once one has.
    private var failedStep: Int?
    /// A URL step's updates not run yet: each runs as a change of its own, the next once the
    /// movement of the one before has ended, so a URL's push and present never cut each other
    /// short either.
    private var pendingUpdates: [RouteUpdate] = []

    /// `error`, naming the step that failed when there are several ("step 2 of 3: …").
    package func describe(_ error: RoutingError) -> String {
        guard let failedStep, steps.count > 1 else { return "\(error)" }
        return "step \(failedStep + 1) of \(steps.count): \(error)"
    }

    init(app: PlugboardApp) { self.app = app }

    private func adding(_ operation: Operation, _ animated: Bool) -> RouteTransition {
        steps.append(Step(operation: operation, animated: animated))
        return self
    }

    /// A new root: the stack becomes this screen alone.
    package func root(_ key: String, data: String? = nil, animated: Bool = true) -> RouteTransition {
        adding(.updates([.replace(key: key, data: data)]), animated)
    }

    /// Pushes a screen onto the root stack.
    package func push(_ key: String, data: String? = nil, animated: Bool = true) -> RouteTransition {
        adding(.updates([.push(key: key, data: data)]), animated)
    }

    /// Shows a visibility route: presents a screen, or opens the `menu`.
    package func present(_ key: String, animated: Bool = true) -> RouteTransition {
        adding(.updates([.show(key: key, options: .visible)]), animated)
    }

    /// Hides a visibility route: dismisses a presented screen, or closes the `menu`.
    package func dismiss(_ key: String, animated: Bool = true) -> RouteTransition {
        adding(.updates([.hide(key: key, options: .visible)]), animated)
    }

    /// Pops `count` screens off the root stack (never the root itself).
    package func pop(_ count: Int = 1, animated: Bool = true) -> RouteTransition {
        adding(.pop(count), animated)
    }

    /// Goes to the state `url` names (diffed against the state when this step runs).
    package func open(_ url: RouteURL, animated: Bool = true) -> RouteTransition {
        adding(.open(url), animated)
    }

    /// The JSON object handed, with its data, to the last screen a step pushes or makes root.
    package func object(_ json: JSONValue) -> RouteTransition {
        object = json
        return self
    }

    /// How the transition ended: nil when it ran whole, else why it stopped.
    package typealias Completion = (RoutingError?) -> Void

    /// Runs the transition now; fails at once, running nothing and never calling `completion`,
    /// when another change is running or its first steps fail.
    package func start(_ completion: Completion? = nil) throws(RoutingError) {
        guard app.transitionDepth == 0, !app.isAnimating else { throw .busy }
        if let failure = run(from: 0, completion: completion) { throw failure }
    }

    /// Runs the transition when the running and queued ones have finished (now, when none is).
    /// `completion` hears how it ended.
    package func enqueue(_ completion: Completion? = nil) {
        app.queuedTransitions.append(
            PlugboardApp.QueuedTransition(
                run: { [self] in resume(from: 0, completion: completion) },
                cancel: { completion?(.cancelled("the app shut down before it ran")) }))
        app.runQueuedTransitions()
    }

    /// Runs the steps from `index` until one starts a movement on the virtual clock; the rest
    /// run when it has ended, before anything queued. Returns the error of a step run now (the
    /// completion is then the caller's to call); a later step's error goes to `completion`.
    private func run(from index: Int, completion: Completion?) -> RoutingError? {
        var next = index
        var failure: RoutingError?
        let objectStep = objectStep
        app.transitionDepth += 1
        do throws(RoutingError) {
            while next < steps.count {
                if try performPart(of: steps[next], takesObject: next == objectStep) { next += 1 }
                if app.isAnimating { break }
            }
        } catch {
            failure = error
            failedStep = next
        }
        app.transitionDepth -= 1
        if failure == nil {
            // What is left — steps, or only the completion — waits for the movement's end.
            let left = steps.count - next
            app.queuedTransitions.insert(
                PlugboardApp.QueuedTransition(
                    run: { [self] in
                        if next < steps.count { resume(from: next, completion: completion) } else { completion?(nil) }
                    },
                    cancel: {
                        completion?(.cancelled("the app shut down with \(left) of its steps not run"))
                    }), at: 0)
        }
        app.requestEnded()
        return failure
    }

    /// `run` from the queue, where a step's failure is the completion's to hear.
    private func resume(from index: Int, completion: Completion?) {
        if let failure = run(from: index, completion: completion) { completion?(failure) }
    }

    /// The last step that pushes a screen or makes one root: the one `object` goes to.
    private var objectStep: Int? {
        steps.lastIndex {
            guard case .updates(let updates) = $0.operation else { return false }
            return updates.contains(where: \.showsScreenWithData)
        }
    }

    /// Runs `step`, or the next of its URL's updates; true once the step is done.
    private func performPart(of step: Step, takesObject: Bool) throws(RoutingError) -> Bool {
        try app.animating(step.animated) { () throws(RoutingError) -> Bool in
            switch step.operation {
            case .updates(let updates): try app.run(updates, object: takesObject ? object : nil)
            case .open(let url):
                if pendingUpdates.isEmpty { pendingUpdates = try app.updates(opening: url) }
                if !pendingUpdates.isEmpty { try app.run([pendingUpdates.removeFirst()], object: nil) }
                guard pendingUpdates.isEmpty else { return false }
                app.record(AppEvent("route", url.description))
            case .pop(let count):
                let stack = app.rootContainer.stack
                guard count > 0, count < stack.count else {
                    throw .unusable("cannot pop \(count) of \(stack.count) screens (the root stays)")
                }
                app.popRoot(toIndex: stack.count - 1 - count)
            }
            return true
        }
    }
}

extension PlugboardApp {
    /// A new transition to compose.
    package var transition: RouteTransition { RouteTransition(app: self) }

    /// Runs the queued transitions once nothing is running.
    func runQueuedTransitions() {
        while transitionDepth == 0, running == nil, !queuedTransitions.isEmpty {
            queuedTransitions.removeFirst().run()
        }
    }
}
