import ArgumentParser
import Foundation
import Plugboard

/// `plugboard inspect <library.so>`: what a plugin library declares, without an app.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a plugin library's ABI version, plugins, descriptors and extensions.",
        discussion: """
            The library is opened with dlopen like the host does it, its entry checked and each \
            plugin probed with an instance made from empty models, to list the extensions it answers.
            """
    )

    @Argument(help: "Path of a plugin library (.so).")
    var library: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.bootstrap()
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
