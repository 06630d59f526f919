import PlugboardABI
import Synchronization

/// `plugboard.host.routing` (ABI 1.4, plugboard/routing.h): open a URL of the app's scheme, or
/// compose a transition of route changes and start it now or queue it behind the running ones;
/// the completion hears once, on the main thread, how it ended — possibly before the call
/// returns (nothing moves on the host's instant clock), never after the instance was torn down.
///
///     host.router?.run([.push("news"), .present("contact", animated: false)], enqueue: true) { outcome in
///         host.log("routed: \(outcome)")
///     }
public struct Router {
    let host: UnsafePointer<pb_host_t>
    let table: UnsafePointer<pb_host_routing_t>

    /// One route change; route keys are rivers.json screen ids, the settings' routes and `menu`.
    public enum Step: Sendable, Equatable {
        /// Push the route onto the root stack, with its data.
        case push(String, data: String? = nil, animated: Bool = true)
        /// Make the route the root stack's only screen, with its data.
        case root(String, data: String? = nil, animated: Bool = true)
        /// Present the route's screen, or open the `menu`.
        case present(String, animated: Bool = true)
        /// Dismiss the route's screen, or close the `menu`.
        case dismiss(String, animated: Bool = true)
        /// Pop screens off the root stack (never its root).
        case pop(Int = 1, animated: Bool = true)
        /// Go to the state the URL names.
        case open(url: String, animated: Bool = true)
    }

    /// How a transition ended.
    public enum Outcome: Sendable, Equatable {
        /// Every step ran and every movement ended.
        case ran
        /// A step could not run: which and why. The steps after it did not run.
        case failed(String)
        /// It had not finished when the app shut down.
        case cancelled(String)
    }

    /// Opens `url` (the shell's `open`). False when the host refused it (logged under the
    /// plugin's name; `completion` is then never called).
    @discardableResult
    public func open(url: String, animated: Bool = true, completion: ((Outcome) -> Void)? = nil) -> Bool {
        RouteCompletion.call(host, completion) { callback, context in
            table.pointee.open_url(host, url, animated, callback, context)
        }
    }

    /// Runs `steps` as one transition, now or (`enqueue`) once the running ones have ended;
    /// `objectJSON` (a JSON object) goes to the last screen a step pushes or makes root. False
    /// when the host refused it (a malformed step, another change running for a start, or a
    /// first step failing at once); `completion` is then never called.
    @discardableResult
    public func run(
        _ steps: [Step], enqueue: Bool = false, objectJSON: String? = nil, completion: ((Outcome) -> Void)? = nil
    ) -> Bool {
        let strings = steps.flatMap(\.strings) + [objectJSON]
        return Self.withCStrings(strings[...]) { pointers in
            let cSteps = steps.enumerated().map { index, step in
                step.cValue(pointers[index * 2], pointers[index * 2 + 1])
            }
            let when = pb_route_when_t(enqueue ? PB_ROUTE_ENQUEUE : PB_ROUTE_START)
            return RouteCompletion.call(host, completion) { callback, context in
                table.pointee.run_transition(host, cSteps, cSteps.count, when, pointers.last!, callback, context)
            }
        }
    }

    /// `body` with each string as a C string (nil stays nil), valid during the call.
    static func withCStrings<Result>(
        _ strings: ArraySlice<String?>, _ body: ([UnsafePointer<CChar>?]) -> Result
    ) -> Result {
        guard let first = strings.first else { return body([]) }
        let rest = strings.dropFirst()
        guard let first else { return withCStrings(rest) { body([nil] + $0) } }
        return first.withCString { pointer in withCStrings(rest) { body([pointer] + $0) } }
    }
}

extension Router.Step {
    /// The step's key (or URL) and data, in that order.
    fileprivate var strings: [String?] {
        switch self {
        case .push(let key, let data, _), .root(let key, let data, _): [key, data]
        case .present(let key, _), .dismiss(let key, _): [key, nil]
        case .open(let url, _): [url, nil]
        case .pop: [nil, nil]
        }
    }

    fileprivate func cValue(_ key: UnsafePointer<CChar>?, _ data: UnsafePointer<CChar>?) -> pb_route_step_t {
        func step(_ op: Int, count: Int32 = 0, _ animated: Bool) -> pb_route_step_t {
            pb_route_step_t(op: pb_route_op_t(op), key: key, data: data, count: count, animated: animated)
        }
        switch self {
        case .push(_, _, let animated): return step(PB_ROUTE_PUSH, animated)
        case .root(_, _, let animated): return step(PB_ROUTE_ROOT, animated)
        case .present(_, let animated): return step(PB_ROUTE_PRESENT, animated)
        case .dismiss(_, let animated): return step(PB_ROUTE_DISMISS, animated)
        case .pop(let count, let animated): return step(PB_ROUTE_POP, count: Int32(clamping: count), animated)
        case .open(_, let animated): return step(PB_ROUTE_OPEN_URL, animated)
        }
    }
}

extension PluginHost {
    /// The router (screen and root instances of a host of ABI 1.4 or later; nil otherwise).
    public var router: Router? {
        `extension`(PB_HOST_EXT_ROUTING, as: pb_host_routing_t.self).map { Router(host: raw, table: $0) }
    }
}

/// A completion closure, kept per instance (keyed by its `pb_host_t`) until the host calls it or
/// the instance is torn down (the host never calls it then).
final class RouteCompletion: @unchecked Sendable {
    let action: (Router.Outcome) -> Void
    let host: UInt

    private init(_ action: @escaping (Router.Outcome) -> Void, host: UnsafePointer<pb_host_t>) {
        self.action = action
        self.host = UInt(bitPattern: host)
    }

    private static let pending = Mutex<[UInt: [ObjectIdentifier: RouteCompletion]]>([:])

    /// Runs `body` with the C callback and context for `completion` (none without one); the box
    /// is kept before the call, as the host may complete during it.
    static func call(
        _ host: UnsafePointer<pb_host_t>, _ completion: ((Router.Outcome) -> Void)?,
        _ body: (pb_route_completion_t?, UnsafeMutableRawPointer?) -> Bool
    ) -> Bool {
        guard let completion else { return body(nil, nil) }
        let box = RouteCompletion(completion, host: host)
        pending.withLock { $0[box.host, default: [:]][ObjectIdentifier(box)] = box }
        let accepted = body(callback, Unmanaged.passUnretained(box).toOpaque())
        if !accepted { box.forget() }
        return accepted
    }

    private static let callback: pb_route_completion_t = { context, outcome, reason in
        guard let context else { return }
        let box = Unmanaged<RouteCompletion>.fromOpaque(context).takeUnretainedValue()
        let why = reason.map { String(cString: $0) } ?? ""
        box.forget()  // `box` itself lives to the end of this call
        switch outcome {
        case pb_route_outcome_t(PB_ROUTE_RAN): box.action(.ran)
        case pb_route_outcome_t(PB_ROUTE_CANCELLED): box.action(.cancelled(why))
        default: box.action(.failed(why))
        }
    }

    private func forget() {
        _ = Self.pending.withLock { $0[host]?.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Drops every completion of the instance behind `host` (at destroy).
    static func dropAll(for host: UnsafePointer<pb_host_t>) {
        _ = pending.withLock { $0.removeValue(forKey: UInt(bitPattern: host)) }
    }
}
