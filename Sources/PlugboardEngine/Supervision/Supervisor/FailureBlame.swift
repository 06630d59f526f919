import Foundation
@_spi(Layers) import PlugboardCore
import PlugboardLoader

/// Who is to blame for a contained failure, from what the supervisor can trust more than the
/// flight recorder (memory plugin code can write): the engine's warden's verdict on whose code
/// faulted or called `abort()`, the library whose code called `exit()`, the app's own
/// configuration (which plugin is served from which library), and the library the engine
/// mapped last. It rewrites the failure's calls in flight; the supervisor then leaves out the
/// newest call's plugin or library.
struct FailureBlame {
    /// The `plugboard` executable: a fault in its code is the host's.
    let executable: String
    /// The folders plugin libraries are loaded from, as the loader names them.
    let directories: [String]
    /// The library each plugin of the app is served from (links resolved), as the app's
    /// configuration and the search path say: the supervisor's own reading.
    let pluginLibraries: [String: String]

    init(executable: String, launch: EngineLaunch) {
        self.executable = executable
        directories = launch.searchPath.directories
        var libraries: [String: String] = [:]
        for entry in (try? launch.load())?.configuration.plugins.entries ?? [] {
            guard let name = entry.manifest.plugboard?.library, let path = try? launch.searchPath.resolve(name)
            else { continue }
            libraries[entry.manifest.identifier] = Self.real(path)
        }
        pluginLibraries = libraries
    }

    /// Makes `failure`'s newest call the one to blame.
    func assign(_ failure: inout ContainedFailure, lastLibrary: String?) {
        blameFaultingCode(&failure)
        keepPluginBlameForItsOwnExit(&failure)
        // Replies tampered with (a frame the engine did not seal, its pipes replaced) with no call
        // in flight: plugin code did it outside any call; the library mapped last is the best
        // guess there is.
        if let tampering = failure.tampering, failure.call == nil, let lastLibrary {
            failure.calls = [PluginCall("\(tampering.rawValue) (the library mapped last)", library: lastLibrary)]
        }
        // A library-only call names its file as the engine found it (an exit()'s caller): as the loader does.
        if failure.calls.last?.plugin == nil, let named = failure.calls.last?.library,
            let library = loaderName(of: Self.real(named))
        {
            failure.calls[failure.calls.count - 1].library = library
        }
    }

    /// When the warden saw the code of a plugin library fault (or call `abort()`), that library
    /// is to blame, whatever the recorder says was in flight: the recorded call stands only when
    /// its plugin is one the app's configuration serves from that library (or, for a library's
    /// own call, it is that library). A fault in the host's code or a system library leaves the
    /// recorded call to blame.
    private func blameFaultingCode(_ failure: inout ContainedFailure) {
        guard let fault = failure.faultingLibrary.map(Self.real), fault != Self.real(executable),
            let library = loaderName(of: fault)
        else { return }
        let recorded: String? =
            if let plugin = failure.call?.plugin { pluginLibraries[plugin] } else {
                failure.call?.library.map(Self.real)
            }
        guard recorded != fault else { return }
        failure.calls = [PluginCall("its own code", library: library)]
        failure.log = []  // picked by the name the recorder gave
    }

    /// An `exit()` the engine traced to a library's code, on top of a call of a plugin the app's
    /// configuration serves from that same library: the plugin's own exit, blamed on the plugin.
    private func keepPluginBlameForItsOwnExit(_ failure: inout ContainedFailure) {
        guard failure.calls.count >= 2, let exit = failure.calls.last, exit.function == "exit()", exit.plugin == nil,
            let library = exit.library, let plugin = failure.calls[failure.calls.count - 2].plugin,
            pluginLibraries[plugin] == Self.real(library)
        else { return }
        failure.calls.removeLast()
    }

    /// The library at `real` (a path with links resolved, as the kernel names it) as the loader
    /// names it: in the search folder as given. Nil when it lies in no search folder (the host's
    /// code, a system library).
    private func loaderName(of real: String) -> String? {
        let file = URL(fileURLWithPath: real)
        let folder = file.deletingLastPathComponent().path
        guard let searched = directories.first(where: { Self.real($0) == folder }) else { return nil }
        return URL(fileURLWithPath: searched).appendingPathComponent(file.lastPathComponent).path
    }

    /// `path` with its links resolved, as the kernel's maps name a file.
    static func real(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
}
