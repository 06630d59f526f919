import Foundation

/// Child processes for the benchmarks that measure whole programs (app start, Python's calls).
enum Spawn {
    /// Runs `executable` with `arguments`, input empty and output discarded; throws unless it
    /// exits 0.
    static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try wait(for: process)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
    }

    /// Runs `executable` and returns what it printed; throws unless it exits 0.
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()  // not timed
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError("\(executable) \(arguments.first ?? "") failed (\(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `process` and returns when it ended. Not `waitUntilExit`, which polls the run loop and
    /// would add its polling interval to what is measured.
    private static func wait(for process: Process) throws {
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        finished.wait()
    }
}
