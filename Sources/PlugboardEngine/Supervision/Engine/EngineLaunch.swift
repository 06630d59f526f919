import Foundation
import PlugboardConfig
import PlugboardCore
import PlugboardIsolation
import PlugboardLoader
import PlugboardNavigation
import PlugboardRender

/// Everything an engine is started with: which app (or none, for a library probe), where its
/// plugin libraries are found, and what the supervisor left out after earlier failures. The
/// supervisor hands it to the engine process as one JSON argument; in process it is used as is.
package struct EngineLaunch: Codable, Sendable, Equatable {
    /// The app folder (plugins.json, rivers.json, optional settings.json).
    package var folder: String?
    /// A plugins.json or rivers.json overriding the folder's.
    package var pluginsFile: String?
    package var riversFile: String?
    package var searchPath: LibrarySearchPath
    package var device: DeviceProfile.Kind?
    /// Plugins and libraries that failed earlier in the session.
    package var exclusions = PluginExclusions()
    /// The command URL buttons run (`--open-url-command`); nil prints the URL only.
    package var openURLCommand: String?
    /// Whether the app opens URLs itself: false in a supervised engine, whose supervisor opens
    /// them from the `open_url` events (the sandbox lets the engine run no program).
    package var opensURLs = true
    /// Grants from the command line (`--memory-limit`, a probed library's folder), over the
    /// app's `settings.json` ones.
    package var sandbox = SandboxGrants()
    /// Every reply carries the state and tap targets (`run --json`, the simulator); else only
    /// the replies to `state` do.
    package var includesState = false
    /// False for a library probe: no app is loaded.
    package var loadsApp = true
    /// The engine process's `--log-level` (its log lines go to standard error).
    package var logLevel = "warning"
    /// The terminal the text drawings fit (`--size`, or the user's tty).
    package var terminal: TerminalSize?
    /// The state URL the app starts in (`--open`, `--restore`, `render --url`, the simulator's
    /// page, a supervisor's restart): only the screens it names are made. When it cannot be
    /// reached the app starts at home and `EngineReady.startFailure` says why.
    package var startURL: String?
    /// The routes' changes to make before going to `startURL`: those an earlier engine of the
    /// session reported last (a supervisor's restart, a hot reload), at most one per route.
    package var routeChanges: [AppRoutes.Change] = []

    package init(
        folder: String?, pluginsFile: String? = nil, riversFile: String? = nil, searchPath: LibrarySearchPath,
        device: DeviceProfile.Kind? = nil
    ) {
        self.folder = folder
        self.pluginsFile = pluginsFile
        self.riversFile = riversFile
        self.searchPath = searchPath
        self.device = device
    }

    /// A launch that loads no app, for `inspect LIBRARY`.
    package static var probe: EngineLaunch {
        var launch = EngineLaunch(folder: nil, searchPath: LibrarySearchPath([]))
        launch.loadsApp = false
        return launch
    }

    /// The app's configuration and settings, read and checked: errors come back as one failure
    /// listing every diagnostic.
    package struct Loaded {
        package var configuration: AppConfiguration
        package var settings: AppSettings
    }

    /// Reads the app's files (no plugin code runs): nil for a probe.
    package func load() throws(EngineStartFailure) -> Loaded? {
        guard loadsApp else { return nil }
        if let folder, !FileManager.default.isFolder(atPath: folder) {
            throw EngineStartFailure("'\(folder)' is not a folder")
        }
        let base = folder.map { URL(fileURLWithPath: $0) }
        let files = base.map(AppConfiguration.files(in:))
        let pluginsURL = pluginsFile.map { URL(fileURLWithPath: $0) } ?? files?.plugins
        let riversURL = riversFile.map { URL(fileURLWithPath: $0) } ?? files?.rivers
        let (configuration, diagnostics) = AppConfiguration.check(pluginsURL: pluginsURL, riversURL: riversURL)
        guard let configuration else { throw EngineStartFailure(AppConfiguration.Invalid(diagnostics: diagnostics)) }
        var settings = AppSettings()
        if let base {
            do throws(AppConfiguration.Invalid) {
                settings = try AppSettings.load(folder: base)
            } catch {
                throw EngineStartFailure(error)
            }
        }
        if let device { settings.device = device }
        return Loaded(configuration: configuration, settings: settings)
    }

    /// Makes the app from what `load` read: the plugins' code runs from here on.
    package func makeApp(_ loaded: Loaded, environment: PlugboardHost) -> PlugboardApp {
        let app = PlugboardApp(
            configuration: loaded.configuration, settings: loaded.settings, searchPath: searchPath,
            environment: environment, exclusions: exclusions, startURL: startURL, routeChanges: routeChanges)
        if opensURLs {
            let command = openURLCommand
            app.urlOpener = { ExternalURL.open($0, command: command) }
        }
        return app
    }

    /// Confines this engine process to what `loaded` needs and grants: its app's files, its
    /// plugin folders and libraries named by absolute path, and writing only in `scratch` (its
    /// `TMPDIR`, named on its command line). Returns the parts the kernel could not apply
    /// (`Sandbox.confine`).
    package func confine(_ loaded: Loaded?, scratch: String?) -> [String] {
        // A plugins.json or rivers.json given alone: its folder, which its feeds are relative to.
        let files =
            [folder]
            + [pluginsFile, riversFile].map { $0.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } }
        let libraries = (loaded?.configuration.plugins.entries ?? []).compactMap { entry in
            entry.manifest.plugboard.flatMap { $0.library.hasPrefix("/") ? $0.library : nil }
        }
        let grants = (loaded?.settings.sandbox ?? SandboxGrants()).merging(sandbox)
        return Sandbox.confine(
            grants, readable: files.compactMap { $0 } + searchPath.directories + libraries, scratch: scratch)
    }
}

/// Why an engine could not start: the app's configuration is invalid, the folder is missing,
/// or (supervised) the engine kept failing with nothing left to leave out.
package struct EngineStartFailure: Error, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
    package init(_ error: some Error) { description = "\(error)" }
}
