import PlugboardABI
@_spi(Layers) import PlugboardCore

/// One call of `plugboard.host.routing` (plugboard/routing.h): reads the plugin's steps, hands
/// them to the router, and calls the plugin's completion when the router says how it ended —
/// on the main thread, tracked as the plugin's code, never once the caller was destroyed.
struct RoutingCall {
    /// More steps than any transition a person would compose: a larger count is a mistake.
    static let maximumSteps = 256

    let instance: InstanceHost
    let name: String
    let completion: pb_route_completion_t?
    /// The caller's `context`, as bits: handed back untouched.
    let context: UInt

    init(
        _ instance: InstanceHost, _ name: String, _ completion: pb_route_completion_t?,
        _ context: UnsafeMutableRawPointer?
    ) {
        self.instance = instance
        self.name = name
        self.completion = completion
        self.context = UInt(bitPattern: context)
    }

    /// Logs why the call is refused; false, the call's answer.
    func refuse(_ reason: String) -> Bool {
        instance.refuse(name, because: reason)
        return false
    }

    /// The step at `index`, checked and copied; nil (refused and logged, naming the step from 1
    /// as the router's failures do) when it is malformed.
    func step(_ step: pb_route_step_t, _ index: Int) -> PluginRouteStep? {
        let number = index + 1
        func key() -> String? {
            guard let key = step.key else {
                _ = refuse("step \(number): no key")
                return nil
            }
            return instance.utf8(key, name)
        }
        func data() -> String?? {
            guard let data = step.data else { return .some(nil) }
            return instance.utf8(data, name).map { .some($0) }
        }
        let operation: PluginRouteStep.Operation
        switch Int(step.op) {
        case Int(PB_ROUTE_PUSH), Int(PB_ROUTE_ROOT):
            guard let key = key(), let data = data() else { return nil }
            operation = step.op == PB_ROUTE_PUSH ? .push(key: key, data: data) : .root(key: key, data: data)
        case Int(PB_ROUTE_PRESENT):
            guard let key = key() else { return nil }
            operation = .present(key)
        case Int(PB_ROUTE_DISMISS):
            guard let key = key() else { return nil }
            operation = .dismiss(key)
        case Int(PB_ROUTE_OPEN_URL):
            guard let key = key() else { return nil }
            operation = .openURL(key)
        case Int(PB_ROUTE_POP):
            guard step.count >= 1 else {
                _ = refuse("step \(number): pop \(step.count) screens (at least 1)")
                return nil
            }
            operation = .pop(Int(step.count))
        default:
            _ = refuse("step \(number): unknown op \(step.op)")
            return nil
        }
        return PluginRouteStep(operation, animated: step.animated)
    }

    /// Hands `steps` to the router; true when it accepted them.
    func run(_ steps: [PluginRouteStep], enqueue: Bool, object: JSONValue?) -> Bool {
        guard let router = instance.routingDelegate else { return refuse("no router here") }
        let refusal = router.route(instance, steps: steps, enqueue: enqueue, object: object) { [self] outcome in
            finish(outcome)
        }
        if let refusal { return refuse(refusal) }
        return true
    }

    /// Tells the caller how its transition ended, unless it is gone.
    private func finish(_ outcome: PluginRouteOutcome) {
        guard let completion, !instance.isDestroyed else { return }
        let context = UnsafeMutableRawPointer(bitPattern: self.context)
        let (code, reason): (Int32, String?) =
            switch outcome {
            case .ran: (Int32(PB_ROUTE_RAN), nil)
            case .failed(let reason): (Int32(PB_ROUTE_FAILED), reason)
            case .cancelled(let reason): (Int32(PB_ROUTE_CANCELLED), reason)
            }
        PluginCallTracker.track(PluginCall("\(name)'s completion", plugin: instance.pluginID)) {
            if let reason {
                reason.withCString { completion(context, pb_route_outcome_t(code), $0) }
            } else {
                completion(context, pb_route_outcome_t(code), nil)
            }
        }
    }
}
