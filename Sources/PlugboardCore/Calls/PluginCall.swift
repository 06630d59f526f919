/// One call into plugin code, as the host names it when it fails: the function, the plugin
/// instance or library it runs in. What a crash report, a time-out and the supervisor's
/// "marked failed" decision are made of. SPI public because `PluginCallTracker.track`, which
/// takes one, is inlined into the layers that call plugins.
@_spi(Layers) public struct PluginCall: Sendable, Equatable, Codable {
    /// The C function, with its arguments where they help (`layout(390.0, 600.0)`).
    package var function: String
    /// The plugin's descriptor id, when the call runs on an instance or an export of one plugin.
    package var plugin: String?
    package var kind: PluginKind?
    /// The library's path, when known (entry and factory calls, instances).
    package var library: String?

    package init(_ function: String, kind: PluginKind? = nil, plugin: String? = nil, library: String? = nil) {
        self.function = function
        self.kind = kind
        self.plugin = plugin
        self.library = library
    }
}

extension PluginCall: CustomStringConvertible {
    /// `will_appear of screen "acme_screen"`, `init of library "/x/libA.so"`.
    public var description: String {
        if let plugin {
            let what = kind.map { "\($0) \"\(plugin)\"" } ?? "plugin \"\(plugin)\""
            return "\(function) of \(what)"
        }
        if let library { return "\(function) of library \"\(library)\"" }
        return function
    }
}
