import Foundation

/// One run of a child process with a time limit: how it ended, never by ending the parent.
package struct ChildProcess {
    package enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
    }

    /// Starts `executable` with `arguments`, standard output and error into `outputPath`, and
    /// waits at most `timeout` seconds; then kills it (SIGKILL) and reports `timedOut`.
    package static func run(executable: String, arguments: [String], outputPath: String, timeout: Double) throws -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is a result: no symbolication wait
        process.environment = environment
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut
        }
        return process.terminationReason == .uncaughtSignal
            ? .signaled(process.terminationStatus) : .exited(process.terminationStatus)
    }
}
