import Foundation
import Logging
@_spi(Layers) import PlugboardCore
import Synchronization

/// One message a plugin logged through `pb_host_t.log`, kept for the event log and tests.
package struct PluginLogRecord: Sendable, Hashable, Codable {
    package enum Severity: String, Sendable, Codable { case debug, info, warning, error }
    package var plugin: String
    package var severity: Severity
    package var message: String
}

/// A plugin call the host refused (a bad handle, a property the view kind lacks, …).
package struct RefusedCall: Sendable, Hashable, Codable, CustomStringConvertible {
    package var plugin: String
    package var call: String
    package var reason: String
    package var description: String { "\(call) by \(plugin): \(reason)" }
}

/// The host environment plugin instances live in: the view tree, logging, and the factory of
/// per-instance `pb_host_t` structs. Used on the host's main thread, except `log`.
public final class PlugboardHost {
    package static let name = "plugboard"
    package static let vendor = "Plugboard"
    package static let version = "0.1.0"

    package let views = ViewTree()
    /// The dynamic exports plugins may call through `PB_HOST_EXT_INVOKE` (set by the app).
    package weak var exports: DynamicExports?
    package let logger: Logger
    /// How many plugin log records, and how many refused calls, the environment keeps (the
    /// newest): they are read for what happened lately (tests, the harness), and a long session
    /// must not grow them without bound. Every record also goes to `logger` as it happens.
    package static let logCapacity = 10_000
    private let records = Mutex(RecentItems<PluginLogRecord>(capacity: logCapacity))
    private let refusals = Mutex(RecentItems<RefusedCall>(capacity: logCapacity))
    /// Hears every call a plugin makes into the host, with the host function's name, before the
    /// host acts on it; on the calling thread. For the conformance harness, which checks when
    /// and from where plugins call.
    /// Read on every host call; unchecked like the view tree's state (see `ViewTree`).
    @exclusivity(unchecked) package var hostCallObserver: ((InstanceHost, String) -> Void)?
    private var nextOwner: UInt64 = 1
    /// Each plugin's `DestroyedHost`, as the `host_data` of its destroyed instances (the address),
    /// made on its first destroyed instance. Locked: an instance may be destroyed wherever its
    /// last reference goes.
    private let tombstones = Mutex(Tombstones())

    private struct Tombstones {
        var byPlugin: [String: UInt] = [:]
        /// How many instances were destroyed: each left its `pb_host_t` behind.
        var destroyedInstances = 0
    }

    /// The thread that made the environment: the host's main thread, the only one [main-thread]
    /// host functions answer on.
    private let thread = pthread_self()

    /// A host environment with no views yet; every plugin log record and refused call also
    /// goes to `logger` as it happens. Create it on the thread that will drive the app: that
    /// thread is the host's main thread, the only one its [main-thread] functions answer on.
    public init(logger: Logger = Logger(label: "plugboard")) {
        self.logger = logger
    }

    /// True on the host's main thread.
    package var isHostThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// What plugins logged, in order (plugin log calls and refused view calls): the newest
    /// `logCapacity` records.
    package var pluginLog: [PluginLogRecord] { records.withLock { $0.items } }

    /// The calls the host refused, in order: the newest `logCapacity`.
    package var refusedCalls: [RefusedCall] { refusals.withLock { $0.items } }

    /// How many calls the host ever refused: a point to ask `refusedCalls(since:)` from.
    package var refusalCount: Int { refusals.withLock { $0.total } }

    /// The calls refused since `refusalCount` was `count` (still kept).
    package func refusedCalls(since count: Int) -> [RefusedCall] { refusals.withLock { $0.since(count) } }

    func recordRefusal(_ refusal: RefusedCall) { refusals.withLock { $0.append(refusal) } }

    /// Records a plugin's log line and forwards it to the host logger. Safe from any thread.
    package func log(plugin: String, severity: PluginLogRecord.Severity, _ message: String) {
        records.withLock { $0.append(PluginLogRecord(plugin: plugin, severity: severity, message: message)) }
        let level: Logger.Level =
            switch severity {
            case .debug: .debug
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        logger.log(level: level, "\(message)", metadata: ["plugin": "\(plugin)"])
    }

    /// A fresh `pb_host_t` for one instance of `pluginID`, with its own view ownership.
    package func makeInstanceHost(pluginID: String, kind: PluginKind) -> InstanceHost {
        InstanceHost(environment: self, owner: makeOwner(), pluginID: pluginID, kind: kind)
    }

    /// How many instances were destroyed in this environment. Each leaves its `pb_host_t` behind
    /// (`host.h`: the struct stays readable and refuses every call), the one thing the host keeps
    /// of a destroyed instance; a test of memory growth allows exactly that much.
    package var destroyedInstanceCount: Int { tombstones.withLock { $0.destroyedInstances } }

    /// The `host_data` of a destroyed instance of `plugin`: its plugin's tombstone (`DestroyedHost`).
    func destroyedHostData(forPlugin plugin: String) -> UnsafeMutableRawPointer {
        let address = tombstones.withLock { tombstones in
            tombstones.destroyedInstances += 1
            if let made = tombstones.byPlugin[plugin] { return made }
            let made = UInt(bitPattern: DestroyedHost.make(plugin: plugin, environment: self))
            tombstones.byPlugin[plugin] = made
            return made
        }
        return UnsafeMutableRawPointer(bitPattern: address)!
    }

    /// A new view owner, for host-drawn parts (built-in screens and menus) that are created and
    /// destroyed like plugin instances.
    package func makeOwner() -> ViewOwner {
        defer { nextOwner += 1 }
        return ViewOwner(nextOwner)
    }
}
