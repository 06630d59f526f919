import Foundation
import Logging
import Synchronization
import Testing

/// Where the test process's log lines go: plugins log every lifecycle call at `info`, which
/// would bury the results of `swift test` under thousands of lines. Each test's lines go to a
/// file of its own, `.build/test-logs/<test>.log` (emptied when a run starts, kept after it, so a
/// failing test's plugin log is there to read); lines logged outside any test go to
/// `outside-tests.log`. `PLUGBOARD_TEST_LOGS=stderr` prints them on standard error instead.
package enum TestLogs {
    package static let folder = URL(fileURLWithPath: PackageRoot.path + "/.build/test-logs")

    /// The file a line logged by the current test goes to.
    package static func file(for test: Test?) -> URL {
        guard let test else { return folder.appendingPathComponent("outside-tests.log") }
        // The id is "Module.Suite/test(_:)/File.swift:line:column"; the source location is dropped.
        let id = test.id.description.split(separator: "/").filter { !$0.contains(".swift:") }.joined(separator: ".")
        let name = id.map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" }
        return folder.appendingPathComponent(String(name.prefix(200)) + ".log")
    }

    fileprivate static let handles = Mutex<[URL: FileHandle]>([:])

    fileprivate static func append(_ line: String, to url: URL) {
        handles.withLock { handles in
            if handles[url] == nil {
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                handles[url] = try? FileHandle(forWritingTo: url)
            }
            try? handles[url]?.write(contentsOf: Data(line.utf8))
        }
    }
}

/// Called once by the test binary's constructor (`TestLogStart`), before any test runs.
@_cdecl("plugboard_tests_start_logging")
public func plugboardTestsStartLogging() {
    if ProcessInfo.processInfo.environment["PLUGBOARD_TEST_LOGS"] == "stderr" { return }
    try? FileManager.default.removeItem(at: TestLogs.folder)
    try? FileManager.default.createDirectory(at: TestLogs.folder, withIntermediateDirectories: true)
    LoggingSystem.bootstrap { label in TestLogHandler(label: label) }
}

/// Writes each line to the current test's log file.
struct TestLogHandler: LogHandler {
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let line = ([event.level.rawValue, label] + fields + [event.message.description]).joined(separator: " ")
        TestLogs.append(line + "\n", to: TestLogs.file(for: Test.current))
    }
}
