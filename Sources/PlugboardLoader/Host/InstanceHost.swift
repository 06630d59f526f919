import Foundation
import PlugboardABI
@_spi(Layers) import PlugboardCore

/// The host as one plugin instance sees it: owns the instance's `pb_host_t`, identifies the
/// instance on every callback (through `host_data`), and holds what the callbacks answer with.
package final class InstanceHost {
    package let environment: PlugboardHost
    /// Owner id of every view this instance creates.
    package let owner: ViewOwner
    package let pluginID: String
    package let kind: PluginKind

    /// The bar's manager, for `PB_HOST_EXT_NAV_BAR` (bar instances only).
    package weak var navigationBarDelegate: (any NavigationBarHostDelegate)?
    /// The root container, for `PB_HOST_EXT_ROOT` (root instances only).
    package weak var rootDelegate: (any RootHostDelegate)?
    /// The container, for `PB_HOST_EXT_SCREEN` (screen instances only).
    package weak var screenDelegate: (any ScreenHostDelegate)?
    /// A screen's own bar values (`plugboard.host.screen-bar`): they live with the instance, so
    /// with its stack entry, from `init` on.
    package internal(set) var screenBar = ScreenBarValues()
    /// Counts the changes of `screenBar`, so the bar's manager can tell it is unchanged without
    /// comparing it.
    package internal(set) var screenBarRevision: UInt64 = 0
    /// The models the instance was handed, for `plugboard.host.model`.
    package let models = InstanceModels()
    /// The navigation engine, for `PB_HOST_EXT_NAVIGATION` (screen and root instances).
    package weak var navigationDelegate: (any NavigationHostDelegate)?
    /// The router, for `PB_HOST_EXT_ROUTING`: the navigation engine when it routes.
    var routingDelegate: (any RoutingHostDelegate)? { navigationDelegate as? any RoutingHostDelegate }
    /// The app's routes, for `PB_HOST_EXT_ROUTES`: the navigation engine when it has them.
    var routesDelegate: (any RoutesHostDelegate)? { navigationDelegate as? any RoutesHostDelegate }
    /// True once the instance was destroyed (its `host_data` is a tombstone).
    var isDestroyed: Bool { cHost.pointee.host_data.map { DestroyedHost.from($0) != nil } ?? true }
    /// The app's dynamic exports, for `PB_HOST_EXT_INVOKE`.
    var exports: DynamicExports? { environment.exports }
    /// The text of the last `invoke` result, alive until the next call (`invoke.h`).
    var lastInvokeResult: UnsafeMutablePointer<CChar>?

    /// True while the factory's `create` runs: the ABI forbids host calls then (rule 5).
    /// Read on every host call; unchecked like the view tree's state (see `ViewTree`).
    @exclusivity(unchecked) package internal(set) var isInCreate = false
    /// How many views the host had to release after the instance's `destroy` (the plugin
    /// should have released them itself); nil until destroyed.
    package internal(set) var viewsLeftAtDestroy: Int?

    /// What the customization helper answers (bar instances only). Setting it replaces the
    /// C strings handed out before, as `nav_bar_host.h` documents.
    package var appearance: NavigationBarAppearance {
        // Borrowed, not copied: the bar's queries each read one member.
        _read {
            if let bar { yield bar.appearance } else { yield BarAppearance.none }
        }
        set { bar = BarAppearance(newValue) }
    }
    /// The C strings of `appearance`, made when the bar first asks.
    var appearanceStrings: AppearanceStrings {
        if let bar { return bar.strings }
        let made = BarAppearance(NavigationBarAppearance())
        bar = made
        return made.strings
    }
    /// Boxed: only bar instances have one, and every screen on a stack would otherwise carry a
    /// bar's appearance (and the C copies of its strings) for nothing.
    private var bar: BarAppearance?

    /// The C struct handed to the plugin; valid until this object goes away.
    package let cHost: UnsafeMutablePointer<pb_host_t>

    init(environment: PlugboardHost, owner: ViewOwner, pluginID: String, kind: PluginKind) {
        self.environment = environment
        self.owner = owner
        self.pluginID = pluginID
        self.kind = kind
        cHost = .allocate(capacity: 1)
        cHost.initialize(
            to: pb_host_t(
                abi_version: ABIVersion.host.cValue, host_data: nil, name: HostStrings.name,
                vendor: HostStrings.vendor, version: HostStrings.version, get_extension: HostTables.getExtension,
                log: HostTables.log, views: HostTables.views))
        cHost.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        free(lastInvokeResult)
        // `cHost` is never freed: a plugin may keep the pointer after `destroy` (host.h says it
        // must not, hostile ones do). Its calls then find no instance and are refused.
    }

    /// Cuts the link from the C struct to this object: later calls through it are refused, and
    /// logged under the plugin's name. Called when the instance is destroyed.
    package func detach() {
        guard let data = cHost.pointee.host_data, DestroyedHost.from(data) == nil else { return }
        cHost.pointee.host_data = environment.destroyedHostData(forPlugin: pluginID)
    }

    package var views: ViewTree { environment.views }

    /// Logs under this instance's plugin id.
    package func log(_ severity: PluginLogRecord.Severity, _ message: String) {
        environment.log(plugin: pluginID, severity: severity, message)
    }

    /// The host functions host.h tags [any-thread]; every other one is [main-thread].
    static let anyThreadCalls: Set<String> = ["log", "get_extension"]

    /// The instance behind a `pb_host_t` pointer a plugin passed back for the host function
    /// `call`, or nil — the call refused and logged — when its instance was destroyed, when the
    /// call comes from another thread than the host's (never a data race), or during `create`
    /// (the ABI's rule 5). The environment's observer hears of every call first.
    ///
    /// Inlined into every host function, with everything but the usual case (a live instance,
    /// the host's thread, no observer) out of line: a plugin's screen makes about ninety host
    /// calls, and the call and the instance's reference count were a twentieth of the host's
    /// work in a tap that makes one (docs/performance.md, round nineteen).
    @inline(__always)
    static func from(_ host: UnsafePointer<pb_host_t>?, _ call: String) -> InstanceHost? {
        unmanaged(host, call)?.takeUnretainedValue()
    }

    /// `from`, without a reference counted: the instance lives as long as its `pb_host_t` is
    /// linked to it, which is longer than any call through it.
    @inline(__always)
    private static func unmanaged(_ host: UnsafePointer<pb_host_t>?, _ call: String) -> Unmanaged<InstanceHost>? {
        // The host never leaves `host_data` NULL; a tagged one is a destroyed instance's.
        guard let data = host?.pointee.host_data, UInt(bitPattern: data) & 1 == 0 else {
            refuseDestroyed(host, call)
            return nil
        }
        let instance = Unmanaged<InstanceHost>.fromOpaque(data)
        let usual = instance._withUnsafeGuaranteedRef {
            $0.environment.hostCallObserver == nil && $0.environment.isHostThread && !$0.isInCreate
        }
        guard usual else { return checked(instance.takeUnretainedValue(), call).map { _ in instance } }
        return instance
    }

    /// `from` for a call through a destroyed instance's struct: refused under its plugin's name.
    @inline(never)
    private static func refuseDestroyed(_ host: UnsafePointer<pb_host_t>?, _ call: String) {
        guard let data = host?.pointee.host_data, let destroyed = DestroyedHost.from(data) else { return }
        destroyed.refuse(call)
    }

    /// `from` when someone observes host calls, or the call needs refusing.
    @inline(never)
    private static func checked(_ instance: InstanceHost, _ call: String) -> InstanceHost? {
        instance.environment.hostCallObserver?(instance, call)
        if !instance.environment.isHostThread, !anyThreadCalls.contains(call) {  // the cheap test first
            instance.refuse(call, because: "called from another thread; host functions are [main-thread]")
            return nil
        }
        if instance.isInCreate {
            instance.refuse(call, because: "called during create; call the host from init on (ABI rule 5)")
            return nil
        }
        return instance
    }

    /// Runs a view call for the plugin; a refusal is logged with the plugin's id and the call.
    /// Inlined, as `from` is, so each host function is one function; the instance is lent to
    /// `body` without a reference counted, which is safe because a view call changes the view
    /// tree only and cannot end the instance (the calls that can, such as closing a screen, go
    /// through `from`).
    @inline(__always)
    static func perform(
        _ host: UnsafePointer<pb_host_t>?, _ call: String, _ body: (InstanceHost, ViewTree) throws -> Void
    ) -> Bool {
        guard let instance = unmanaged(host, call) else { return false }
        return instance._withUnsafeGuaranteedRef { instance in
            // The tree lent as well: the environment keeps it as long as the instance.
            Unmanaged.passUnretained(instance.environment.views)._withUnsafeGuaranteedRef { tree in
                do {
                    try body(instance, tree)
                    return true
                } catch {
                    instance.refuse(call, because: "\(error)")
                    return false
                }
            }
        }
    }

    /// Refuses the plugin's call `call`: logged with the plugin's id and kept in the
    /// environment's list of refused calls.
    /// A string argument of `call`, or nil (the call refused and logged) when it is not UTF-8.
    func utf8(_ text: UnsafePointer<CChar>, _ call: String) -> String? {
        guard let valid = String(validatingCString: text) else {
            refuse(call, because: "a string argument is not UTF-8")
            return nil
        }
        return valid
    }

    func refuse(_ call: String, because reason: String) {
        environment.recordRefusal(RefusedCall(plugin: pluginID, call: call, reason: reason))
        log(.warning, "\(call) refused: \(reason)")
    }
}

/// The host's own strings in `pb_host_t`, allocated once for the process.
enum HostStrings {
    nonisolated(unsafe) static let name = UnsafePointer(strdup(PlugboardHost.name)!)
    nonisolated(unsafe) static let vendor = UnsafePointer(strdup(PlugboardHost.vendor)!)
    nonisolated(unsafe) static let version = UnsafePointer(strdup(PlugboardHost.version)!)
}

/// A bar instance's appearance, with the C copies of its strings made on the first ask.
final class BarAppearance {
    /// What an instance without a bar answers.
    static let none = NavigationBarAppearance()

    let appearance: NavigationBarAppearance
    private(set) lazy var strings = AppearanceStrings(appearance)

    init(_ appearance: NavigationBarAppearance) { self.appearance = appearance }
}

/// C copies of the appearance's strings, alive until the appearance changes.
final class AppearanceStrings {
    let backgroundImage: UnsafeMutablePointer<CChar>?
    let fontFamily: UnsafeMutablePointer<CChar>?
    let logo: UnsafeMutablePointer<CChar>?
    let style: UnsafeMutablePointer<CChar>
    let contextButtons: PerContextButton<UnsafeMutablePointer<CChar>>

    init(_ appearance: NavigationBarAppearance) {
        if case .image(let url) = appearance.background { backgroundImage = strdup(url) } else { backgroundImage = nil }
        fontFamily = appearance.titleFontFamily.map { strdup($0) }
        logo = appearance.logoURL.map { strdup($0) }
        style = strdup(appearance.style)
        contextButtons = appearance.contextButtonImages.map { strdup($0) }
    }

    deinit {
        free(backgroundImage)
        free(fontFamily)
        free(logo)
        free(style)
        for button in [contextButtons.menu, contextButtons.back, contextButtons.close] { free(button) }
    }
}
