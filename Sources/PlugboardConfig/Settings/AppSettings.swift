import Foundation
import PlugboardCore

/// The app's general settings (what Zapp keeps in the app version's general settings), read from
/// `settings.json` in the app folder. Every key is optional:
///
///     {
///       "use_ui_builder_nav_bar": true,     // no status-bar container: the bar takes its space
///       "use_ui_builder_root": true,        // the root plugin comes from the home screen's menu
///       "status_bar_color": "#FF000000",    // the status-bar container, shown only with the above off
///       "device": "phone",                  // phone | tablet
///       "screen_cache_capacity": 8,         // screens kept by the screen cache
///       "cast_devices": ["Living Room TV"], // what the cast picker of a chromecast button lists
///       "scheme": "app",                    // the scheme of the app's deep links and state URL
///       "routes": {"guide": {"screen": "epg", "type": "modal"},  // route aliases, and
///                  "live": {"screen": "programme", "type": "animation"},  // drawers (?live=v);
///                  "up": {"screen": "news", "transition":                 // a route's own
///                         {"duration": 250, "curve": "ease_out", "direction": "from_top"}}}
///       "default_nav_bar": {"library": "GeneralNavBar", "id": "general_nav_bar"},
///       "sandbox": {"network": true,        // what the engine may reach beyond its own folders:
///                   "read": ["media"],      // the network, folders to read and to write
///                   "write": ["cache"],     // (relative to the app folder), its memory in MiB
///                   "memory_limit_mb": 2048, "open_files": 256}  // and open descriptors
///     }
public struct AppSettings: Sendable, Hashable {
    /// `use_ui_builder_nav_bar`: true (the default) draws no status-bar container, the bar's area
    /// running from the top edge over the status bar's space in the bar's background; false puts
    /// a status-bar container in `statusBarColor` above the bar and the content.
    public var useUIBuilderNavBar = true
    /// `use_ui_builder_root`: true (the default) makes the plugin named by the home screen's
    /// `menu` navigation the root; false always uses the built-in side menu.
    public var useUIBuilderRoot = true
    /// `status_bar_color`: the status-bar container's colour (opaque black by default); only
    /// drawn when `useUIBuilderNavBar` is false.
    public var statusBarColor = ARGBColor(0xFF00_0000)
    /// `device`: the device profile the app starts laid out for (phone by default); `_tablet`
    /// model keys apply on a tablet. A running app switches with `PlugboardApp.setDevice(_:)`.
    public var device = DeviceProfile.Kind.phone
    /// `screen_cache_capacity`: how many screens the screen cache keeps (8 by default, at least
    /// 1). Past it, the least recently used screens that are on no stack are destroyed.
    public var screenCacheCapacity = 8
    /// The devices a chromecast nav item's cast picker lists.
    public var castDevices: [String] = []
    /// The scheme of the app's deep links and state URL (seed 004).
    public var scheme = "app"
    /// Route aliases: a key naming a rivers.json screen, as a stack or modal route.
    package var routeAliases: [String: RouteAlias] = [:]

    /// A route key of the settings naming a rivers.json screen, as a stack, modal or animation
    /// route.
    package struct RouteAlias: Sendable, Hashable {
        package var screen: String
        package var type: String
        /// The route's own transition (seed 003), over the screen's and the default.
        package var transition: TransitionSpec?
    }
    /// The bar used when the home screen names none (seed 000: "UI Builder General Navigation Bar").
    package var defaultNavBarLibrary = "GeneralNavBar"
    package var defaultNavBarID = "general_nav_bar"
    /// `sandbox`: what the engine's sandbox grants the app's plugins beyond their own folders;
    /// relative folders are made absolute against the app folder.
    package var sandbox = SandboxGrants()

    /// The defaults: what a settings.json without keys, or no settings.json, gives.
    public init() {}

    package static let fileName = "settings.json"

    /// Reads `settings.json` of `folder`; a missing file gives the defaults.
    public static func load(folder: URL) throws(AppConfiguration.Invalid) -> AppSettings {
        let (settings, diagnostics) = check(folder: folder)
        guard let settings else { throw AppConfiguration.Invalid(diagnostics: diagnostics) }
        return settings
    }

    /// Reads `settings.json` of `folder` with every diagnostic; nil settings when it has errors.
    package static func check(folder: URL) -> (AppSettings?, [ConfigDiagnostic]) {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return (AppSettings(), []) }
        let sink = DiagnosticSink()
        var settings = AppSettings()
        if let data = try? Data(contentsOf: url), let root = PluginsFile.parse(data, file: url.displayPath, sink),
            let object = root.asObject(sink)
        {
            settings.read(object, sink)
            settings.sandbox.read = settings.sandbox.read.map { absolute($0, in: folder) }
            settings.sandbox.write = settings.sandbox.write.map { absolute($0, in: folder) }
        }
        return (sink.hasErrors ? nil : settings, sink.diagnostics)
    }

    mutating func read(_ object: ConfigNode, _ sink: DiagnosticSink) {
        let known = [
            "use_ui_builder_nav_bar", "use_ui_builder_root", "status_bar_color", "device", "screen_cache_capacity",
            "default_nav_bar", "cast_devices", "scheme", "routes", "sandbox",
        ]
        for (key, value) in object.members ?? [] where !known.contains(key) {
            sink.warning(value.location, "unknown setting \"\(key)\" (known: \(known.joined(separator: ", ")))")
        }
        useUIBuilderNavBar = object.bool("use_ui_builder_nav_bar", sink) ?? useUIBuilderNavBar
        useUIBuilderRoot = object.bool("use_ui_builder_root", sink) ?? useUIBuilderRoot
        statusBarColor = object.color("status_bar_color", sink) ?? statusBarColor
        if let device = object.oneOf("device", DeviceProfile.Kind.allCases.map(\.rawValue), sink) {
            self.device = DeviceProfile.Kind(rawValue: device)!
        }
        if let capacity = object.integer("screen_cache_capacity", sink) {
            if capacity < 1 {
                sink.error(object["screen_cache_capacity"]!.location, "must be at least 1")
            } else {
                screenCacheCapacity = capacity
            }
        }
        castDevices = object.strings("cast_devices", sink) ?? castDevices
        if let scheme = object.string("scheme", sink) {
            if let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
                scheme.unicodeScalars.allSatisfy({
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
                })
            {
                self.scheme = scheme
            } else {
                sink.error(object["scheme"]!.location, "a scheme is a letter, then letters, digits, '+', '-' or '.'")
            }
        }
        for (key, value) in object.object("routes", sink)?.members ?? [] {
            guard let route = value.asObject(sink) else { continue }
            let screen = route.string("screen", required: true, sink)
            let type = route.oneOf("type", ["stack", "modal", "animation"], sink) ?? "stack"
            let transition = route.object("transition", sink).flatMap { Self.transition($0, sink) }
            if let screen { routeAliases[key] = RouteAlias(screen: screen, type: type, transition: transition) }
        }
        if let grants = object.object("sandbox", sink) { sandbox = Self.grants(grants, sink) }
        if let bar = object.object("default_nav_bar", sink) {
            defaultNavBarLibrary = bar.string("library", required: true, sink) ?? defaultNavBarLibrary
            defaultNavBarID = bar.string("id", required: true, sink) ?? defaultNavBarID
        }
    }

    /// The `sandbox` object: every key optional, limits positive.
    static func grants(_ object: ConfigNode, _ sink: DiagnosticSink) -> SandboxGrants {
        let known = ["network", "read", "write", "memory_limit_mb", "open_files", "scratch_limit_mb"]
        for (key, value) in object.members ?? [] where !known.contains(key) {
            sink.warning(value.location, "unknown sandbox grant \"\(key)\" (known: \(known.joined(separator: ", ")))")
        }
        var grants = SandboxGrants(
            network: object.bool("network", sink) ?? false, read: object.strings("read", sink) ?? [],
            write: object.strings("write", sink) ?? [])
        for (key, minimum) in [("memory_limit_mb", 64), ("open_files", 32), ("scratch_limit_mb", 1)] {
            guard let value = object.integer(key, sink) else { continue }
            guard value >= minimum else {
                sink.error(object[key]!.location, "must be at least \(minimum)")
                continue
            }
            switch key {
            case "open_files": grants.openFiles = value
            case "scratch_limit_mb": grants.scratchLimitMiB = value
            default: grants.memoryLimitMiB = value
            }
        }
        return grants
    }

    /// A path of settings.json made absolute against the app folder.
    private static func absolute(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }

    /// A route's `transition`: duration (ms, 0…10000; default 350), curve and direction (the
    /// defaults of a push when absent).
    static func transition(_ node: ConfigNode, _ sink: DiagnosticSink) -> TransitionSpec? {
        var spec = TransitionSpec.defaults(for: .push)
        if let duration = node.integer("duration", sink) {
            guard (0...Int(TransitionSpec.maximumDuration)).contains(duration) else {
                sink.error(node["duration"]!.location, "a transition lasts 0 to 10000 ms")
                return nil
            }
            spec.duration = Double(duration)
        }
        if let curve = node.oneOf("curve", TransitionSpec.Curve.allCases.map(\.rawValue), sink) {
            spec.curve = TransitionSpec.Curve(rawValue: curve)!
        }
        if let direction = node.oneOf("direction", TransitionSpec.Direction.allCases.map(\.rawValue), sink) {
            spec.direction = TransitionSpec.Direction(rawValue: direction)!
        }
        return spec
    }
}
