/// Plugins and libraries a supervisor has seen fail (crash, hang, exit) and that a restarted
/// engine leaves out, each with the reason shown wherever the plugin would have been (the error
/// screen, the fallback bar or menu). Decided by the supervisor; applied when plugins load.
package struct PluginExclusions: Sendable, Codable, Equatable {
    /// Resolved library path → why: no code of the library runs (its entry init failed, say).
    package var libraries: [String: String] = [:]
    /// Descriptor id → why: the library loads, this plugin is never instantiated.
    package var plugins: [String: String] = [:]

    package init(libraries: [String: String] = [:], plugins: [String: String] = [:]) {
        self.libraries = libraries
        self.plugins = plugins
    }

    package var isEmpty: Bool { libraries.isEmpty && plugins.isEmpty }

    /// Refuses a library before it is opened.
    package func check(library path: String) throws(PluginLoadError) {
        if let reason = libraries[path] { throw .leftOut(path: path, plugin: nil, reason: reason) }
    }

    /// Refuses a plugin once its descriptor is known.
    package func check(plugin id: String, library path: String) throws(PluginLoadError) {
        if let reason = plugins[id] { throw .leftOut(path: path, plugin: id, reason: reason) }
    }
}
