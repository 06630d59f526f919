/// Everything that can go wrong between a library name and a running plugin instance.
///
/// Each message names the library path, the symbol or plugin id involved and, for version
/// problems, both versions, so a plugin author can act on it without a debugger.
package enum PluginLoadError: Error, Equatable, CustomStringConvertible {
    /// No file of that name in any directory of the search path.
    case libraryNotFound(name: String, searched: [String])
    /// The file could not be read as an ELF shared object of this machine before `dlopen` (not
    /// ELF, truncated, another architecture, no `plugboard_entry` bytes), or `dlopen` refused it
    /// (missing dependencies, …).
    case notLoadable(path: String, reason: String)
    /// The library has no `plugboard_entry` symbol.
    case entrySymbolMissing(path: String, symbol: String)
    /// The entry's ABI major, read from the file, differs from the host's; the library was not
    /// `dlopen`ed, so nothing in it ran.
    case abiMajorMismatch(path: String, plugin: ABIVersion, host: ABIVersion)
    /// The entry struct has a NULL function pointer the ABI requires.
    case incompleteEntry(path: String, function: String)
    /// `plugboard_entry.init` returned false.
    case initFailed(path: String)
    /// The library offers no factory with this id.
    case factoryMissing(path: String, factory: String)
    /// The library's path is one another user could have swapped (writable by others, a link
    /// out of the search folders, a name leaving them).
    case unsafePath(path: String, reason: String)
    /// A descriptor is unusable (NULL id, wrong major, …).
    case invalidDescriptor(path: String, factory: String, index: Int, reason: String)
    /// A factory's `count` is larger than any library plausibly holds; no descriptor was read.
    case implausibleCount(path: String, factory: String, count: UInt32, maximum: UInt32)
    /// No descriptor matches the manifest's `api.class_name` / `identifier`.
    case unknownClassName(path: String, name: String, available: [String])
    /// Two libraries (or one library twice) describe the same plugin id.
    case duplicateIdentifier(id: String, firstPath: String, secondPath: String)
    /// The factory's `create` returned NULL (the failable `init?`).
    case createReturnedNull(path: String, plugin: String)
    /// The instance's `init` returned false.
    case instanceInitFailed(path: String, plugin: String)
    /// The instance struct is missing a function the ABI requires.
    case incompleteInstance(path: String, plugin: String, function: String)
    /// A dynamic export the manifest declares is not in the library.
    case exportMissing(path: String, plugin: String, symbol: String)
    /// libffi could not prepare a call interface for an export.
    case exportUnpreparable(path: String, plugin: String, symbol: String, status: Int)
    /// The library file does not match the manifest's `sha256` pin.
    case pinMismatch(path: String, expected: String, actual: String)
    /// The library file could not be opened or read (missing, no permission, not a regular file):
    /// nothing was hashed or loaded. `reason` is the system's (`strerror`).
    case unreadable(path: String, reason: String)
    /// The plugin (or, with `plugin` nil, the whole library) failed in this session (crashed, hung
    /// or exited in a supervised engine, at start-up too) and is left out until the session ends.
    case leftOut(path: String, plugin: String?, reason: String)

    package var description: String {
        switch self {
        case .libraryNotFound(let name, let searched):
            let places =
                searched.isEmpty ? "no directories on the plugin search path" : searched.joined(separator: ", ")
            return "plugin library '\(name)' not found; searched: \(places)"
        case .notLoadable(let path, let reason):
            return "\(path): not a loadable shared object: \(reason)"
        case .entrySymbolMissing(let path, let symbol):
            return "\(path): entry symbol '\(symbol)' missing; a plugin library must export it (see plugboard/entry.h)"
        case .abiMajorMismatch(let path, let plugin, let host):
            return
                "\(path): plugin ABI \(plugin) is incompatible with host ABI \(host) (major \(plugin.major) ≠ \(host.major)); rebuild the plugin against plugboard.h \(host.major).x"
        case .incompleteEntry(let path, let function):
            return "\(path): plugboard_entry.\(function) is NULL"
        case .initFailed(let path):
            return "\(path): plugboard_entry.init returned false"
        case .factoryMissing(let path, let factory):
            return "\(path): get_factory(\"\(factory)\") returned NULL; the library has no plugin of that kind"
        case .invalidDescriptor(let path, let factory, let index, let reason):
            return "\(path): \(factory) descriptor #\(index): \(reason)"
        case .unsafePath(let path, let reason):
            return "\(path): refused: \(reason)"
        case .implausibleCount(let path, let factory, let count, let maximum):
            return "\(path): \(factory) count() is \(count), more than the \(maximum) plugins a library may hold"
        case .unknownClassName(let path, let name, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "\(path): no plugin named '\(name)' (api.class_name / identifier); the library has: \(list)"
        case .duplicateIdentifier(let id, let firstPath, let secondPath):
            return "plugin id '\(id)' is described by two libraries: \(firstPath) and \(secondPath)"
        case .createReturnedNull(let path, let plugin):
            return "\(path): create(\"\(plugin)\") returned NULL"
        case .instanceInitFailed(let path, let plugin):
            return "\(path): init of plugin '\(plugin)' returned false"
        case .incompleteInstance(let path, let plugin, let function):
            return "\(path): plugin '\(plugin)' instance has no '\(function)' function"
        case .exportMissing(let path, let plugin, let symbol):
            return "\(path): plugin '\(plugin)' declares the export '\(symbol)', but the library has no such symbol"
        case .exportUnpreparable(let path, let plugin, let symbol, let status):
            return "\(path): plugin '\(plugin)': ffi_prep_cif failed for '\(symbol)' (status \(status))"
        case .pinMismatch(let path, let expected, let actual):
            return "\(path): sha256 \(actual) does not match the manifest's pin \(expected); the library was not loaded"
        case .unreadable(let path, let reason):
            return "\(path): cannot read the library file: \(reason); the library was not loaded"
        case .leftOut(let path, let plugin, let reason):
            let what = plugin.map { "plugin '\($0)'" } ?? "the library"
            return "\(path): \(what) is left out for this session: it failed (\(reason))"
        }
    }
}
