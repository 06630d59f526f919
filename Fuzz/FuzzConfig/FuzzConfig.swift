// libFuzzer target for the config readers: plugins.json, rivers.json (with the cross-file rules,
// as `AppConfiguration.check` runs them) and settings.json. Build and run with
// `Fuzz/run.sh FuzzConfig`.
//
// The input is up to three documents separated by NUL bytes: plugins.json, then rivers.json,
// then settings.json. NUL cannot occur in valid JSON, so each part is an ordinary file.
import Foundation

@testable import PlugboardConfig
import PlugboardCore
import PlugboardLoader

/// Positions of diagnostics must be inside (or just after) the file they name.
func checkLocation(_ location: ConfigLocation, _ documents: [String: Data]) {
    guard let document = documents[location.file] else {
        fatalError("diagnostic names an unknown file: \(location)")
    }
    // Line breaks as the JSON scanner counts them: LF, CR and CR LF.
    let bytes = Array(document)
    var lines = 1
    for (offset, byte) in bytes.enumerated()
    where byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A)) {
        lines += 1
    }
    guard location.line >= 1, location.line <= lines, location.column >= 1, location.column <= document.count + 1
    else {
        fatalError("diagnostic position out of range: \(location) (\(lines) lines, \(document.count) bytes)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = UnsafeBufferPointer(start: data, count: size).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false
    ).map { Data($0) }
    let names = ["plugins.json", "rivers.json", "settings.json"]
    var documents: [String: Data] = [:]
    for (name, part) in zip(names, parts) { documents[name] = part }

    let sink = DiagnosticSink()
    let plugins = PluginsFile.read(parts[0], file: names[0], sink)
    if parts.count > 1 {
        let rivers = RiversFile.read(parts[1], file: names[1], plugins: plugins, sink)
        if plugins.isReadable {
            let root = ConfigLocation(file: names[1], position: .start, path: .root)
            CrossValidation.check(plugins: plugins, rivers: rivers, riversRoot: root, sink)
        }
        // What a valid configuration promises: one home, unique screen ids.
        if !sink.hasErrors {
            guard rivers.screens.isEmpty || rivers.screens.filter(\.isHome).count == 1 else {
                fatalError("valid rivers.json without exactly one home")
            }
            guard Set(rivers.screens.map(\.id)).count == rivers.screens.count else {
                fatalError("valid rivers.json with duplicate screen ids")
            }
            for entry in plugins.entries { _ = entry.pluginModelJSON }
        }
    }
    if parts.count > 2, let root = PluginsFile.parse(parts[2], file: names[2], sink), let object = root.asObject(sink) {
        var settings = AppSettings()
        settings.read(object, sink)
    }
    for diagnostic in sink.diagnostics {
        checkLocation(diagnostic.location, documents)
        if let related = diagnostic.related { checkLocation(related, documents) }
        _ = diagnostic.description
    }
    return 0
}
