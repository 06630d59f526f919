import Foundation
import Logging
import PlugboardEngine
import PlugboardHarness
import PlugboardIsolation

/// The hidden processes this executable starts of itself: `__engine` (a supervisor's engine) and
/// `__check-child` (a test of `plugboard check`, or its fork servers). Their arguments are written
/// by this executable, never typed, so they are read here before swift-argument-parser runs: its
/// reflection over the command tree was 11 ms of every engine start (about a sixth of the default
/// `plugboard run`'s start to the first screen, 2026-11-27). The sandbox's constructor reads the
/// same first argument before `main` and moves both into their namespaces (`sandbox.c`); the
/// fork servers (`__check-child --serve`) never reach `main` at all.
enum InternalProcess {
    /// What the arguments after the executable name ask for; nil when they name no internal
    /// process (then the command tree parses them).
    enum Request: Equatable {
        case engine(recorder: String, scratch: String?)
        case checkChild(job: String, transcript: String)
        case checkForkServer
        case usage(String)
    }

    static func request(_ arguments: [String]) -> Request? {
        // `plugboard run`'s engine, forked before main: its command line is the supervisor's.
        if ForkedEngine.isThisProcess {
            return .engine(recorder: "the supervisor's recorder", scratch: ForkedEngine.scratch)
        }
        switch arguments.first {
        case "__engine":
            // The warden reads them too, before main (`pb_sandbox_enter_namespaces`).
            let options = arguments.dropFirst()
            guard options.count == 2 || (options.count == 4 && value(of: "--scratch", in: options) != nil),
                let recorder = value(of: "--recorder", in: options)
            else {
                return .usage("__engine --recorder PATH [--scratch PATH]")
            }
            return .engine(recorder: recorder, scratch: value(of: "--scratch", in: options))
        case "__check-child":
            let operands = Array(arguments.dropFirst())
            if operands == ["--serve"] { return .checkForkServer }
            guard operands.count == 2, !operands.contains(where: { $0.hasPrefix("--") }) else {
                return .usage("__check-child JOB TRANSCRIPT | __check-child --serve")
            }
            return .checkChild(job: operands[0], transcript: operands[1])
        default:
            return nil
        }
    }

    private static func value(of option: String, in options: ArraySlice<String>) -> String? {
        guard let at = options.firstIndex(of: option), options.index(after: at) < options.endIndex else { return nil }
        return options[options.index(after: at)]
    }

    /// Runs the process `request` names; it never returns.
    static func run(_ request: Request) -> Never {
        switch request {
        case .engine(let recorder, let scratch):
            runEngine(recorder: recorder, scratch: scratch)
        case .checkChild(let job, let transcript):
            CheckChild.main(jobPath: job, transcriptPath: transcript)
        case .checkForkServer:
            CheckForkServer.notStarted()
        case .usage(let usage):
            FileHandle.standardError.write(Data("plugboard: internal use only; usage: plugboard \(usage)\n".utf8))
            exit(64)
        }
    }

    /// The engine, logging to standard error at its launch's level and to its flight recorder.
    private static func runEngine(recorder: String, scratch: String?) -> Never {
        // Opened once: a sandboxed engine can open it only through the descriptor its start kept.
        let flightRecorder = Result { try FlightRecorder(openingAt: recorder) }
        let recorderHandler = (try? flightRecorder.get()).map(RecorderLogHandler.init(recorder:))
        EngineChild.main(recorder: flightRecorder, scratch: scratch) { launch in
            let level = Logger.Level(rawValue: launch.logLevel) ?? .warning
            LoggingSystem.bootstrap { label in
                var standardError = StreamLogHandler.standardError(label: label)
                standardError.logLevel = level
                guard let recorderHandler else { return standardError }
                return MultiplexLogHandler([standardError, recorderHandler])
            }
        }
    }
}
