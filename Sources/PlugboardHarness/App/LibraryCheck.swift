import Foundation
import PlugboardConfig
import PlugboardLoader

/// `lint`'s look at the libraries a plugins.json names: each is found on the search path (and
/// safe, as the loader requires), is an ELF shared object of this machine, exports
/// `plugboard_entry`, and its ABI major is the host's — all read from the file, as the loader
/// reads it before `dlopen`. Then, when a lister is given (it runs the library in a child, never
/// in this process), each manifest must find its plugin of its kind among the library's
/// descriptors, by `api.class_name` or `identifier`, as the loader looks it up.
package enum LibraryCheck {
    /// Lists a library's plugins, or says why it could not.
    package typealias Lister = (_ path: String) -> Result<[DiscoveredPlugin], CheckRunner.DiscoveryFailure>

    package static func diagnostics(
        _ configuration: AppConfiguration, searchPath: LibrarySearchPath, listing lister: Lister? = nil
    ) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        var sound: [(entry: PluginEntry, path: String, location: ConfigLocation)] = []
        for entry in configuration.plugins.entries {
            guard let keys = entry.manifest.plugboard, let location = keys.libraryLocation else { continue }
            switch fileCheck(keys.library, searchPath) {
            case .sound(let path): sound.append((entry, path, location))
            case .problem(let problem):
                found.append(
                    ConfigDiagnostic(.error, at: location, "plugin '\(entry.manifest.identifier)': \(problem)"))
            }
        }
        guard let lister else { return found }
        var listed: [String: Result<[DiscoveredPlugin], CheckRunner.DiscoveryFailure>] = [:]
        for (entry, path, location) in sound {
            guard let kind = entry.manifest.runtimeKind else { continue }  // configuration only
            let plugins = listed[path] ?? lister(path)
            listed[path] = plugins
            let identifier = entry.manifest.identifier
            let name = URL(fileURLWithPath: path).lastPathComponent
            switch plugins {
            case .failure(let failure):
                found.append(ConfigDiagnostic(.error, at: location, "plugin '\(identifier)': \(name): \(failure)"))
            case .success(let plugins):
                let manifest = AppFacts.ManifestPlugin(
                    identifier: identifier, className: entry.manifest.api.className, kind: kind,
                    isScreen: entry.manifest.isScreen)
                guard manifest.descriptorID(among: plugins) == nil else { continue }
                let has = plugins.isEmpty ? "none" : plugins.map { "\($0.id) (\($0.kind))" }.joined(separator: ", ")
                let wanted = [manifest.className, identifier].compactMap { $0 }.uniqued().map { "'\($0)'" }
                found.append(
                    ConfigDiagnostic(
                        .error, at: location,
                        "plugin '\(identifier)': \(name) has no \(kind) plugin \(wanted.joined(separator: " or ")) (it has: \(has))"
                    ))
            }
        }
        return found
    }

    private enum FileCheck {
        /// Loadable as far as its bytes tell: its path.
        case sound(String)
        case problem(String)
    }

    private static func fileCheck(_ library: String, _ searchPath: LibrarySearchPath) -> FileCheck {
        do throws(PluginLoadError) {
            let path = try searchPath.resolve(library)
            do throws(ELFReadError) {
                guard let version = try ELFDynamicSymbols.entryVersion(path: path) else {
                    return .problem(
                        PluginLoadError.entrySymbolMissing(path: path, symbol: "plugboard_entry").description)
                }
                guard version.isCompatibleWithHost else {
                    return .problem(
                        PluginLoadError.abiMajorMismatch(path: path, plugin: version, host: .host).description)
                }
                return .sound(path)
            } catch {
                return .problem(PluginLoadError.notLoadable(path: path, reason: error.message).description)
            }
        } catch {
            return .problem(error.description)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
