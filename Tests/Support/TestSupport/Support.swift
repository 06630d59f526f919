import Foundation
import PlugboardLoader
import Synchronization
import Testing

/// Where the package's build put the test plugin libraries: next to the test bundle.
package enum Built {
    package static let directory: String = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // swift test runs `<build>/PlugboardPackageTests.xctest`; the .so files sit beside it.
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("libTestScreenC.so").path),
            url.path != "/"
        {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    package static func library(_ name: String) -> String { directory + "/lib\(name).so" }

    package static var searchPath: LibrarySearchPath { LibrarySearchPath([directory]) }
}

/// The package's root folder, for headers and the README (this file is
/// Tests/Support/TestSupport/Support.swift).
package enum PackageRoot {
    package static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}

/// A fresh empty folder under the system temporary folder, removed when the test process exits
/// (tests need not remove it; thousands were left behind before).
package func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugboard-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    TemporaryDirectories.removeAtExit(url.path)
    return url
}

/// The folders `makeTemporaryDirectory` made, removed by an `atexit` handler.
private enum TemporaryDirectories {
    static let paths = Mutex<[String]>([])

    static func removeAtExit(_ path: String) {
        paths.withLock { paths in
            if paths.isEmpty {
                atexit {
                    TemporaryDirectories.paths.withLock { paths in
                        for path in paths { try? FileManager.default.removeItem(atPath: path) }
                    }
                }
            }
            paths.append(path)
        }
    }
}

/// Runs a program and returns its exit status and combined output. It reads nothing (its standard
/// input is /dev/null, never the terminal); `environment` adds to (or replaces in) this process's.
@discardableResult
package func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The messages plugin `id` logged, in order.
package func messages(_ host: PlugboardHost, from id: String) -> [String] {
    host.pluginLog.filter { $0.plugin == id }.map(\.message)
}
