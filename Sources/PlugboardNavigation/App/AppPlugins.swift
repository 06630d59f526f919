import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// A plugin of the app whose library loaded: its manifest entry, library and descriptor.
///
/// A class, fixed once loaded: every screen made looks its plugin up, and a struct of the
/// entry, manifest and descriptor was copied (and its dozens of references counted) at each
/// lookup (docs/performance.md, round nineteen).
package final class LoadedPlugin {
    package let entry: PluginEntry
    package let library: PluginLibrary
    package let descriptor: PluginDescriptor
    package var manifest: PluginManifest { entry.manifest }

    init(entry: PluginEntry, library: PluginLibrary, descriptor: PluginDescriptor) {
        self.entry = entry
        self.library = library
        self.descriptor = descriptor
    }
}

/// A plugin the app names whose code could not be loaded, and why.
package struct PluginFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var identifier: String
    package var error: PluginLoadError
    package var description: String { "plugin '\(identifier)': \(error)" }
}

/// The app's runnable plugins: every manifest with a `"plugboard"` library, loaded and matched to
/// its descriptor. A plugin that fails is recorded, not fatal: the host falls back (built-in side
/// menu, default bar, error screen) and says why.
package final class AppPlugins {
    package private(set) var loaded: [String: LoadedPlugin] = [:]
    package private(set) var failures: [String: PluginFailure] = [:]
    /// The dynamic exports the manifests declare, prepared at load.
    package let exports = DynamicExports()
    private var libraries: [PluginLibrary] = []
    /// What a supervisor left out after earlier failures in this session.
    let exclusions: PluginExclusions

    init(configuration: AppConfiguration, searchPath: LibrarySearchPath, exclusions: PluginExclusions = .init()) {
        self.exclusions = exclusions
        mapTogether(configuration.plugins.entries, searchPath: searchPath)
        for entry in configuration.plugins.entries {
            guard let keys = entry.manifest.plugboard, let kind = entry.manifest.runtimeKind else { continue }
            do throws(PluginLoadError) {
                loaded[entry.manifest.identifier] = try load(entry, keys: keys, kind: kind, searchPath: searchPath)
            } catch {
                failures[entry.manifest.identifier] = PluginFailure(identifier: entry.manifest.identifier, error: error)
            }
        }
    }

    /// Maps the libraries `load` will open, one after another, before the first is opened
    /// (`PluginLibrary.premap`): the libraries the app would map anyway, and no other. A library
    /// its manifests pin is hashed first; one pinned to different digests is left to `open`, as
    /// is a library that fails here, which `load` then reports.
    private func mapTogether(_ entries: [PluginEntry], searchPath: LibrarySearchPath) {
        var libraries: [(path: String, pins: [String])] = []
        for entry in entries {
            guard let keys = entry.manifest.plugboard, entry.manifest.runtimeKind != nil,
                let path = try? resolve(keys.library, in: searchPath), (try? exclusions.check(library: path)) != nil
            else { continue }
            let index = libraries.firstIndex { $0.path == path } ?? libraries.endIndex
            if index == libraries.endIndex { libraries.append((path, [])) }
            if let pin = keys.sha256, !libraries[index].pins.contains(pin) { libraries[index].pins.append(pin) }
        }
        PluginLibrary.premap(libraries.filter { $0.pins.count <= 1 }.map { ($0.path, $0.pins.first) })
    }

    private func load(
        _ entry: PluginEntry, keys: PlugboardKeys, kind: PluginKind, searchPath: LibrarySearchPath
    ) throws(PluginLoadError) -> LoadedPlugin {
        // With a pin, the file is hashed through the descriptor that is then loaded (see
        // `PluginLibrary.open`), once per file however many manifests pin it.
        let path = try resolve(keys.library, in: searchPath)
        try exclusions.check(library: path)
        let library = try PluginLibrary.open(path: path, sha256: keys.sha256)
        libraries.append(library)
        let descriptor = try library.descriptor(
            className: entry.manifest.api.className, identifier: entry.manifest.identifier, kind: kind)
        try exclusions.check(plugin: descriptor.id, library: path)
        try exports.prepare(plugin: entry.manifest.identifier, keys: keys, library: library)
        return LoadedPlugin(entry: entry, library: library, descriptor: descriptor)
    }

    /// Plugins loaded by `loadExtra`, by library name, id and kind: resolved and opened once per
    /// app, not again for every bar a presented screen gets. A list: an app has one or two (the
    /// default bar), and a table keyed by `ExtraKey` cost a search of every loaded image's
    /// conformance records for `ExtraKey: Hashable` at each start.
    private var extras:
        [(key: ExtraKey, value: Remembered<(library: PluginLibrary, descriptor: PluginDescriptor), PluginFailure>)] = []
    private struct ExtraKey: Equatable {
        var library: String
        var id: String
        var kind: PluginKind
    }

    /// Loads a plugin the configuration does not list (the default navigation bar).
    func loadExtra(library name: String, id: String, kind: PluginKind, searchPath: LibrarySearchPath)
        throws(PluginFailure) -> (library: PluginLibrary, descriptor: PluginDescriptor)
    {
        let key = ExtraKey(library: name, id: id, kind: kind)
        if let loaded = extras.first(where: { $0.key == key }) { return try loaded.value.get() }
        do throws(PluginFailure) {
            let opened = try openExtra(library: name, id: id, kind: kind, searchPath: searchPath)
            extras.append((key, .success(opened)))
            return opened
        } catch {
            extras.append((key, .failure(error)))
            throw error
        }
    }

    private func openExtra(library name: String, id: String, kind: PluginKind, searchPath: LibrarySearchPath)
        throws(PluginFailure) -> (library: PluginLibrary, descriptor: PluginDescriptor)
    {
        do throws(PluginLoadError) {
            let path = try resolve(name, in: searchPath)
            try exclusions.check(library: path)
            let library = try PluginLibrary.open(path: path)
            libraries.append(library)
            let descriptor = try library.descriptor(named: id, kind: kind)
            try exclusions.check(plugin: descriptor.id, library: path)
            return (library, descriptor)
        } catch {
            throw PluginFailure(identifier: id, error: error)
        }
    }

    /// Library names this app resolved, and where (several manifests may name one library, and
    /// the default bar's library is asked for by every bar): each is looked up once per app.
    private var resolutions: [String: Remembered<String, PluginLoadError>] = [:]
    private var resolutionsSearchPath: LibrarySearchPath?

    /// `searchPath.resolve(name)`, once per name for this app.
    func resolve(_ name: String, in searchPath: LibrarySearchPath) throws(PluginLoadError) -> String {
        if resolutionsSearchPath != searchPath {
            resolutions.removeAll()
            resolutionsSearchPath = searchPath
        }
        if let known = resolutions[name] { return try known.get() }
        lookups += 1
        do throws(PluginLoadError) {
            let path = try searchPath.resolve(name)
            resolutions[name] = .success(path)
            return path
        } catch {
            resolutions[name] = .failure(error)
            throw error
        }
    }

    /// How many times `resolve` looked a name up in the file system.
    private(set) var lookups = 0

    package func plugin(_ identifier: String) -> LoadedPlugin? { loaded[identifier] }

    /// Releases the libraries' `init`s (the libraries stay mapped: they are never dlclosed).
    func release() {
        libraries.forEach { $0.release() }
        libraries.removeAll()
        extras.removeAll()
    }
}

/// An outcome as the app's caches keep it. Not `Result`: the first time a process makes the
/// type of a `Result` (to store one, or to copy one holding references), the Swift runtime
/// searches every loaded image's conformance records for its `Failure: Error` (about 400 k
/// instructions each at the Showcase's start, measured with callgrind). This enum's type has no
/// requirement to search for, so the constraint is on `get` only.
private enum Remembered<Success, Failure> {
    case success(Success)
    case failure(Failure)
}

extension Remembered where Failure: Error {
    func get() throws(Failure) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}
