import Foundation

@testable import PlugboardCore
@testable import PlugboardConfig
@testable import PlugboardLoader
@testable import PlugboardIsolation
@testable import PlugboardNavigation
@testable import PlugboardRender
@testable import PlugboardHarness
@testable import PlugboardEngine
@testable import PlugboardScaffold

/// Fixture files of the configuration tests.
enum Fixtures {
    static let root = URL(fileURLWithPath: PackageRoot.path + "/Tests/Fixtures")

    /// A fixture URL whose display path is `relative` (what diagnostics show).
    static func url(_ relative: String) -> URL { URL(fileURLWithPath: relative, relativeTo: root) }

    static func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    /// Reads a plugins.json fixture, returning it with every diagnostic.
    static func plugins(_ relative: String) throws -> (PluginsFile, [ConfigDiagnostic]) {
        let sink = DiagnosticSink()
        let file = PluginsFile.read(try data(relative), file: relative, sink)
        return (file, sink.diagnostics)
    }

    /// Loads an app fixture folder (relative to Tests/Fixtures) with both files.
    static func check(_ folder: String) -> (AppConfiguration?, [ConfigDiagnostic]) {
        AppConfiguration.check(pluginsURL: url(folder + "/plugins.json"), riversURL: url(folder + "/rivers.json"))
    }
}
