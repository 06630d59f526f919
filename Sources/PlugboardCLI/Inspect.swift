import ArgumentParser
import Foundation
import Plugboard

/// `plugboard inspect <library.so>`: what a plugin library declares, without an app.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a plugin library's descriptors and extensions, or an app's plugins, screens and navigations.",
        discussion: """
            A library is opened with dlopen like the host does it, its entry checked and each \
            plugin probed with an instance made from empty models, to list the extensions it \
            answers. An app folder is loaded like `run` loads it.
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

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: library, isDirectory: &isDirectory), isDirectory.boolValue {
            // "--" so a folder whose name starts with "-" is not read as an option.
            let options = try AppOptions.parse(pluginPath.flatMap { ["--plugin-path", $0] } + ["--", library])
            let app = try options.launch(environment: PlugboardHost())
            defer { app.shutdown() }
            let report = AppReport(app: app)
            print(json ? ShellSession.json(report) : report.text)
            return
        }
        let path = URL(fileURLWithPath: library).standardizedFileURL.path
        let resolved = try LibrarySearchPath([]).resolve(path)
        let opened = try PluginLibrary.open(path: resolved)
        defer { opened.release() }
        let report = LibraryReport(library: opened)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
    }
}
