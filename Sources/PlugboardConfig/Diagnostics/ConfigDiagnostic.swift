import PlugboardCore

/// A place in a configuration file: file, line:column and the JSON path of the value.
package struct ConfigLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var path: String

    package init(file: String, position: SourcePosition, path: JSONPath) {
        self.file = file
        self.line = position.line
        self.column = position.column
        self.path = path.description
    }

    /// `rivers.json:41:17: $[3].navigations[0].styles.state`
    package var description: String { "\(file):\(line):\(column): \(path)" }
}

/// One problem found in plugins.json or rivers.json.
///
/// The text form is what a compiler prints, so editors can jump to it:
/// `rivers.json:41:17: $[3].navigations[0].styles.state: "ontop" is not one of on_top, overlay, hidden`.
/// A problem that involves two places (a duplicate id) names both.
package struct ConfigDiagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Codable { case error, warning }

    package var severity: Severity
    package var location: ConfigLocation
    package var message: String
    /// The other place, for problems about two places.
    package var related: ConfigLocation?

    package init(_ severity: Severity, at location: ConfigLocation, _ message: String, related: ConfigLocation? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.related = related
    }

    package var description: String {
        let head = "\(location.file):\(location.line):\(location.column): "
        let kind = severity == .warning ? "warning: " : ""
        let other = related.map { " (other: \($0))" } ?? ""
        return head + kind + "\(location.path): \(message)" + other
    }
}

/// Collects the diagnostics of a load, so every problem in a file is reported, not only the first.
package final class DiagnosticSink {
    package private(set) var diagnostics: [ConfigDiagnostic] = []

    package init() {}

    package func error(_ location: ConfigLocation, _ message: String, related: ConfigLocation? = nil) {
        add(ConfigDiagnostic(.error, at: location, message, related: related))
    }

    package func warning(_ location: ConfigLocation, _ message: String) {
        add(ConfigDiagnostic(.warning, at: location, message))
    }

    /// Adds a diagnostic once: a bad manifest default read for several screens is one problem.
    package func add(_ diagnostic: ConfigDiagnostic) {
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }

    package var errors: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .error } }
    package var warnings: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
