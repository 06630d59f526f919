import CSandbox
import Foundation
@_spi(Layers) import PlugboardCore

/// For `--in-process` runs, where nothing outside survives the process: when plugin code
/// crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) or calls `exit()`, one line on standard
/// error names the call in flight from the flight recorder before the process ends:
///
///     plugboard: SIGSEGV in create of screen "acme" (library /apps/x/libAcme.so)
///
/// A signal then goes on to the handler that was there before (Swift's backtracer, a debugger's)
/// or the default action. An `exit()` from plugin code ends the process with status 70
/// (EX_SOFTWARE) instead of the status the plugin chose: `exit(0)` in a plugin must not pass a
/// CI script.
package enum CrashReporter {
    /// The status a process ends with when plugin code called `exit()`.
    package static let exitStatusForPluginExit: Int32 = 70

    nonisolated(unsafe) private static var base: UnsafeMutableRawPointer?
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

    /// Records every call into plugin code in an in-process flight recorder and installs the
    /// handlers; later calls do nothing.
    package static func install() {
        guard base == nil else { return }
        let recorder = FlightRecorder()
        recorder.observeCalls()
        base = recorder.base
        let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        saved.initialize(repeating: sigaction(), count: Int(NSIG))
        previous = saved
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                CrashReporter.report(CrashReporter.name(of: signal))
                // Back to what was there before; the fault repeats (or abort raises again) into it.
                if let previous = CrashReporter.previous { sigaction(signal, previous + Int(signal), nil) }
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, saved + Int(signal))
        }
        atexit {
            guard let base = CrashReporter.base else { return }
            // Read once: the main thread may return from the call in flight while this thread
            // exits, and the line must still be written for the depth that was seen.
            let depth = Int(base.load(fromByteOffset: FlightRecorder.Offset.depth, as: UInt32.self))
            if depth > 0 {
                CrashReporter.report("exit()", depth: depth)
            } else if let library = CrashReporter.pluginCaller() {
                // Outside any call: a thread of plugin code called exit().
                FileHandle.standardError.write(Data("plugboard: exit() in code of library \(library)\n".utf8))
            } else {
                return
            }
            _exit(CrashReporter.exitStatusForPluginExit)
        }
    }

    /// The recorder a supervised engine records an `exit()` from plugin code outside any call in.
    nonisolated(unsafe) private static var exitRecorder: FlightRecorder?

    /// In a supervised engine: when plugin code calls `exit()`, the recorder names the library
    /// whose code called it as the newest call in flight — outside any call, the only one; in a
    /// call the recorder says is another library's (a name a plugin may have written there), on
    /// top of it — so the supervisor leaves out the library that called it.
    package static func recordExits(in recorder: FlightRecorder) {
        guard exitRecorder == nil else { return }
        exitRecorder = recorder
        atexit {
            guard let recorder = CrashReporter.exitRecorder, let library = CrashReporter.pluginCaller() else { return }
            let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
            if let recorded = recorder.callsInFlight.last?.library, real(recorded) == real(library) { return }
            recorder.enter(PluginCall("exit()", library: library))
        }
    }

    /// The library whose code called `exit()` on this thread (`pb_sandbox_plugin_caller`).
    private static func pluginCaller() -> String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard pb_sandbox_plugin_caller(&path, path.count) == 1 else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes the line with `write(2)` only: async-signal-safe, nothing allocated. `depth` is
    /// the recorder's depth as the caller read it (read again when not given).
    private static func report(_ what: StaticString, depth given: Int? = nil) {
        guard let base else { return }
        let depth = given ?? Int(base.load(fromByteOffset: FlightRecorder.Offset.depth, as: UInt32.self))
        guard depth > 0 else { return }
        let frame =
            base + FlightRecorder.headerSize + min(depth - 1, FlightRecorder.frameCount - 1) * FlightRecorder.frameSize
        write("plugboard: ")
        write(what)
        write(" in ")
        writeField(frame, .function)
        if frame.load(fromByteOffset: FlightRecorder.Field.plugin.offset, as: UInt8.self) != 0 {
            write(" of ")
            writeField(frame, .kind)
            write(" \"")
            writeField(frame, .plugin)
            write("\"")
        }
        if frame.load(fromByteOffset: FlightRecorder.Field.library.offset, as: UInt8.self) != 0 {
            write(" (library ")
            writeField(frame, .library)
            write(")")
        }
        write("\n")
    }

    private static func write(_ text: StaticString) {
        _ = Foundation.write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func writeField(_ frame: UnsafeMutableRawPointer, _ field: FlightRecorder.Field) {
        let start = frame + field.offset
        _ = Foundation.write(STDERR_FILENO, start, strnlen(start.assumingMemoryBound(to: CChar.self), field.size))
    }

    private static func name(of signal: Int32) -> StaticString {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGABRT: "SIGABRT"
        default: "a signal"
        }
    }
}
