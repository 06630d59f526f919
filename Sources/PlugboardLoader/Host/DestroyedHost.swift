import PlugboardABI

/// What a destroyed instance's `pb_host_t` points to, so a plugin that keeps the struct after
/// `destroy` and calls through it is refused with its name in the log ("instance destroyed")
/// instead of reaching freed memory.
///
/// host.h promises the struct stays readable, so it is never freed; what it keeps is small. Its
/// `host_data` becomes a tagged reference to one tombstone per plugin of an environment, with the
/// low bit set, which no object's address has, so it is never taken for a live instance. A
/// destroyed instance costs its 64-byte struct and nothing more: no process-wide table growing
/// with every screen ever closed, and no lock taken at every destroy.
final class DestroyedHost {
    let plugin: String
    private weak var environment: PlugboardHost?

    private init(plugin: String, environment: PlugboardHost) {
        self.plugin = plugin
        self.environment = environment
    }

    /// A new tombstone for `plugin` in `environment`, as the tagged `host_data` of its destroyed
    /// instances. Never freed: the structs that point to it never are either.
    static func make(plugin: String, environment: PlugboardHost) -> UnsafeMutableRawPointer {
        let tombstone = Unmanaged.passRetained(DestroyedHost(plugin: plugin, environment: environment)).toOpaque()
        return UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: tombstone) | 1)!
    }

    /// The tombstone `host_data` points to, or nil when it is a live instance's.
    static func from(_ hostData: UnsafeMutableRawPointer) -> DestroyedHost? {
        let bits = UInt(bitPattern: hostData)
        guard bits & 1 == 1, let tombstone = UnsafeRawPointer(bitPattern: bits & ~1) else { return nil }
        return Unmanaged<DestroyedHost>.fromOpaque(tombstone).takeUnretainedValue()
    }

    /// Logs the refused `call` made through one of this plugin's destroyed instances.
    func refuse(_ call: String) {
        guard let environment else { return }
        environment.recordRefusal(RefusedCall(plugin: plugin, call: call, reason: "instance destroyed"))
        environment.log(plugin: plugin, severity: .warning, "\(call) refused: instance destroyed")
    }
}
