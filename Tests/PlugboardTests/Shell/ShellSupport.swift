import Foundation
import Testing

@testable import PlugboardCore
@testable import PlugboardConfig
@testable import PlugboardLoader
@testable import PlugboardIsolation
@testable import PlugboardNavigation
@testable import PlugboardRender
@testable import PlugboardHarness
@testable import PlugboardEngine
@testable import PlugboardScaffold

/// What a run of the built `plugboard` executable printed, each stream on its own.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The non-empty lines of standard error.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Neither stream shows a crash.
    var hasNoBacktrace: Bool {
        let all = stdout + stderr
        return !all.contains("Fatal error") && !all.contains("Backtrace") && !all.contains("Current stack trace")
    }
}

/// Runs the built `plugboard` with `arguments` in the package's root folder (so
/// `Examples/Showcase` is a relative path), `input` as its standard input (never the terminal,
/// so `run` does not start its line editor), standard output and error kept apart in files.
/// `environment` adds to (or replaces in) the test process's environment.
func runPlugboard(
    _ arguments: [String], input: String = "", in directory: String = PackageRoot.path,
    environment: [String: String] = [:]
) throws -> CommandResult {
    let folder = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputURL = folder.appendingPathComponent("stdin")
    let outputURL = folder.appendingPathComponent("stdout")
    let errorURL = folder.appendingPathComponent("stderr")
    try Data(input.utf8).write(to: inputURL)
    for url in [outputURL, errorURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdin = try FileHandle(forReadingFrom: inputURL)
    let stdout = try FileHandle(forWritingTo: outputURL)
    let stderr = try FileHandle(forWritingTo: errorURL)
    defer { [stdin, stdout, stderr].forEach { try? $0.close() } }
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// Writes `text` as a script file in a fresh temporary folder and returns its path; `removeScript`
/// deletes the folder.
func writeScript(_ text: String, name: String = "script.txt") throws -> String {
    let url = try makeTemporaryDirectory().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// Writes `lines` as a script file, one command a line.
func writeScript(_ lines: [String]) throws -> String {
    try writeScript(lines.joined(separator: "\n") + "\n")
}

/// Deletes the folder `writeScript` made for `path`.
func removeScript(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// One line of `plugboard run --json`: the state and the numbered tap targets.
struct ShellStateLine: Decodable {
    var state: AppState
    var targets: [TapTarget]

    /// Decodes every non-empty line of `output`.
    static func decodeAll(_ output: String) throws -> [ShellStateLine] {
        try output.split(separator: "\n").map { try JSONDecoder().decode(ShellStateLine.self, from: Data($0.utf8)) }
    }
}

/// The Showcase app, as the shell tests name it.
enum Showcase {
    static let folder = "Examples/Showcase"
    static var url: URL { URL(fileURLWithPath: PackageRoot.path + "/" + folder) }
}
