import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardCore
import PlugboardEngine

/// `plugboard inspect <library.so>`: what a plugin library declares, without an app.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a plugin library's descriptors and extensions, or an app's plugins, screens and navigations.",
        discussion: """
            A library is opened with dlopen like the host does it, its entry checked and each \
            plugin probed with an instance made from empty models, to list the extensions it \
            answers. An app folder is loaded like `run` loads it.

            The probe runs in a supervised engine process. A library whose probe crashes, exits \
            or hangs is named with the call in flight (exit status 3) and remembered by path, size, \
            modification time and SHA-256 in $XDG_CACHE_HOME/plugboard/bad-libraries.json (else \
            ~/.cache/…): until the file changes it is reported without being run again, unless \
            --rescan.
            """
    )

    @Argument(help: "Path of a plugin library (.so), or an app folder.")
    var library: String

    @Option(
        name: .customLong("plugin-path"),
        help: "For an app folder: a folder to search for plugin libraries (repeatable).")
    var pluginPath: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Probe a library even when an earlier probe of the same file failed (see the discussion).")
    var rescan = false

    @OptionGroup var supervision: SupervisionOptions

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        let isApp = FileManager.default.isFolder(atPath: library)
        let path = URL(fileURLWithPath: library).standardizedFileURL.path
        let cache = BadLibraryCache()
        if !isApp {
            if rescan {
                cache.forget(path)
            } else if let known = cache.entry(for: path) {
                printError(
                    "\(path): not probed: an earlier probe of this same file failed (\(known.failure)); rebuild it, or use --rescan"
                )
                throw ExitCode(PluginFailureReport.exitStatus)
            }
        }
        var launch: EngineLaunch
        if isApp {
            // "--" so a folder whose name starts with "-" is not read as an option.
            launch = try AppOptions.parse(pluginPath.flatMap { ["--plugin-path", $0] } + ["--", library]).engineLaunch
        } else {
            launch = .probe
            // Besides the system's, the probing engine reads the library's folder (its dependencies).
            launch.sandbox.read = [URL(fileURLWithPath: path).deletingLastPathComponent().path]
        }
        let engine = try CommandEngine(supervision, launch, logging)
        let reply = engine.perform(isApp ? .report(json: json) : .probe(path: path, json: json))
        if !isApp, let failure = reply.failures.first {
            cache.remember(path, failure: failure.reason + (failure.call.map { " in \($0)" } ?? ""))
        }
        print(try engine.output(of: reply))
        try engine.failures.finish()
    }
}
