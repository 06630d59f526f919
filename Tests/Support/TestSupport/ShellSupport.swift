import Foundation
import Testing

/// What a run of the built `plugboard` executable printed, each stream on its own.
package struct CommandResult {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    /// The non-empty lines of standard error.
    package var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Neither stream shows a crash.
    package var hasNoBacktrace: Bool {
        let all = stdout + stderr
        return !all.contains("Fatal error") && !all.contains("Backtrace") && !all.contains("Current stack trace")
    }
}

/// Runs the built `plugboard` with `arguments` in the package's root folder (so
/// `Examples/Showcase` is a relative path), `input` as its standard input (never the terminal,
/// so `run` does not start its line editor), standard output and error kept apart in files.
/// `environment` adds to (or replaces in) the test process's environment. With `sharingOneFile`,
/// both streams go to one file, as `2>&1` sends them, and `stdout` is what it holds.
package func runPlugboard(
    _ arguments: [String], input: String = "", in directory: String = PackageRoot.path,
    environment: [String: String] = [:], sharingOneFile: Bool = false
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
    process.standardError = sharingOneFile ? stdout : stderr
    try process.run()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// Writes `text` as a script file in a fresh temporary folder and returns its path; `removeScript`
/// deletes the folder.
package func writeScript(_ text: String, name: String = "script.txt") throws -> String {
    let url = try makeTemporaryDirectory().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// Writes `lines` as a script file, one command a line.
package func writeScript(_ lines: [String]) throws -> String {
    try writeScript(lines.joined(separator: "\n") + "\n")
}

/// Deletes the folder `writeScript` made for `path`.
package func removeScript(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// The Showcase app, as the shell tests name it.
package enum Showcase {
    package static let folder = "Examples/Showcase"
    package static var url: URL { URL(fileURLWithPath: PackageRoot.path + "/" + folder) }
}

/// The children of `pid`, whichever of its threads started them (`/proc/PID/task/*/children`).
package func childProcesses(of pid: Int32) -> [Int32] {
    let tasks = "/proc/\(pid)/task"
    return ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { task in
        ((try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ")
            .compactMap { Int32($0) }
    }
}

/// The built `plugboard`, started and left running (in the package's root folder): the test
/// writes to `input`, reads `output`, and looks at the process while it runs.
package struct RunningPlugboard {
    package let process: Process
    package let input = Pipe()
    package let output = Pipe()
    /// Its standard error, when the caller asked for it (else it goes to /dev/null).
    package let errors: Pipe?

    /// Starts `plugboard ARGUMENTS` with `environment` added to this process's.
    package init(_ arguments: [String], environment: [String: String] = [:], keepingErrors: Bool = false) throws {
        process = Process()
        errors = keepingErrors ? Pipe() : nil
        process.executableURL = URL(fileURLWithPath: Built.directory + "/plugboard")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: PackageRoot.path)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
    }

    package var pid: Int32 { process.processIdentifier }
}
