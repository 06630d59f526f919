import Foundation
import PlugboardConfig

/// Fixture files of the configuration tests.
package enum Fixtures {
    package static let root = URL(fileURLWithPath: PackageRoot.path + "/Tests/Fixtures")

    /// A fixture URL whose display path is `relative` (what diagnostics show).
    package static func url(_ relative: String) -> URL { URL(fileURLWithPath: relative, relativeTo: root) }

    package static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    /// Reads a plugins.json fixture, returning it with every diagnostic.
    package static func plugins(_ relative: String) throws -> (PluginsFile, [ConfigDiagnostic]) {
        let sink = DiagnosticSink()
        let file = PluginsFile.read(try data(relative), file: relative, sink)
        return (file, sink.diagnostics)
    }

    /// Loads an app fixture folder (relative to Tests/Fixtures) with both files.
    package static func check(_ folder: String) -> (AppConfiguration?, [ConfigDiagnostic]) {
        AppConfiguration.check(pluginsURL: url(folder + "/plugins.json"), riversURL: url(folder + "/rivers.json"))
    }
}
