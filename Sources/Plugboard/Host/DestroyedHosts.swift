import PlugboardABI
import Synchronization

/// The `pb_host_t`s of destroyed instances, so a plugin that keeps one after `destroy` and calls
/// through it is refused with its name in the log ("instance destroyed") instead of reaching
/// freed memory. Each entry is a pointer and a name; the structs themselves are never freed.
enum DestroyedHosts {
    private final class Entry: Sendable {
        let plugin: String
        nonisolated(unsafe) weak var environment: PlugboardHost?
        init(plugin: String, environment: PlugboardHost) {
            self.plugin = plugin
            self.environment = environment
        }
    }

    private static let entries = Mutex<[UInt: Entry]>([:])

    static func remember(_ host: UnsafePointer<pb_host_t>, plugin: String, environment: PlugboardHost) {
        let entry = Entry(plugin: plugin, environment: environment)
        entries.withLock { $0[UInt(bitPattern: host)] = entry }
    }

    /// Logs the refused `call` made through the destroyed instance's `host`.
    static func refuse(_ host: UnsafePointer<pb_host_t>, _ call: String) {
        guard let entry = entries.withLock({ $0[UInt(bitPattern: host)] }), let environment = entry.environment else {
            return
        }
        environment.recordRefusal(RefusedCall(plugin: entry.plugin, call: call, reason: "instance destroyed"))
        environment.log(plugin: entry.plugin, severity: .warning, "\(call) refused: instance destroyed")
    }
}
