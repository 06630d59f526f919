/// Which call into plugin code is running right now.
///
/// Every call the host makes into plugin code goes through `track`, which tells the observer
/// before the call starts and after it returns. A supervisor in another process reads what the
/// observer wrote, so when the process dies inside plugin code (a crash, an `exit`, a hang the
/// watchdog ends) it can still name the call in flight: `will_appear of screen "acme_screen"`.
/// Without an observer, `track` costs one load and one branch.
///
/// `@_spi(Layers) public` with `track` `@inlinable`, for the reason `RecentItems` is: as a
/// `package` generic in another module every plugin call paid an unspecialised call with its
/// metadata (a typed call cost 4.8× the direct C call instead of about 1×).
@_spi(Layers) public enum PluginCallTracker {
    /// What happened: a call into plugin code began (with its description) or the innermost
    /// call in progress returned.
    public enum Event {
        case entered(PluginCall)
        case returned
    }

    /// Set once, before any plugin code runs, by whoever supervises the process (the harness's
    /// child, the supervised host). Called on the thread that calls the plugin.
    // Unchecked: read around every call into plugin code; set once before any runs.
    @exclusivity(unchecked) nonisolated(unsafe) public static var observer: ((Event) -> Void)?

    /// Whether someone observes calls: for a caller that keeps its observed path out of line.
    /// Inlinable, so it reads the variable directly instead of through its accessor.
    @inlinable public static var isObserved: Bool { observer != nil }

    /// Runs `body`, a call into plugin code described by `description`.
    @inlinable @inline(__always)
    public static func track<Result, Failure: Error>(
        _ call: @autoclosure () -> PluginCall, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let observer else { return try body() }
        observer(.entered(call()))
        defer { observer(.returned) }
        return try body()
    }

    /// A call on a plugin instance: `will_appear of screen "acme_screen"`.
    package static func describe(
        _ function: String, kind: PluginKind, plugin: String, library: String? = nil
    ) -> PluginCall {
        PluginCall(function, kind: kind, plugin: plugin, library: library)
    }

    /// A call on a library's entry or factory: `init of library "/x/libA.so"`.
    package static func describe(_ function: String, library path: String) -> PluginCall {
        PluginCall(function, library: path)
    }
}
