/// `lint`'s look at the libraries a plugins.json names, without running any of their code: each
/// is found on the search path (and safe, as the loader requires), is an ELF shared object of
/// this machine, exports `plugboard_entry`, and its ABI major is the host's — all read from the
/// file, as the loader reads it before `dlopen`.
public enum LibraryCheck {
    public static func diagnostics(_ configuration: AppConfiguration, searchPath: LibrarySearchPath)
        -> [ConfigDiagnostic]
    {
        var found: [ConfigDiagnostic] = []
        for entry in configuration.plugins.entries {
            guard let keys = entry.manifest.plugboard, let location = keys.libraryLocation else { continue }
            let problem: String?
            do throws(PluginLoadError) {
                let path = try searchPath.resolve(keys.library)
                do throws(ELFReadError) {
                    if let version = try ELFDynamicSymbols.entryVersion(path: path) {
                        problem =
                            version.isCompatibleWithHost
                            ? nil
                            : PluginLoadError.abiMajorMismatch(path: path, plugin: version, host: .host).description
                    } else {
                        problem = PluginLoadError.entrySymbolMissing(path: path, symbol: "plugboard_entry").description
                    }
                } catch {
                    problem = PluginLoadError.notLoadable(path: path, reason: error.message).description
                }
            } catch {
                problem = error.description
            }
            if let problem {
                found.append(
                    ConfigDiagnostic(.error, at: location, "plugin '\(entry.manifest.identifier)': \(problem)"))
            }
        }
        return found
    }
}
