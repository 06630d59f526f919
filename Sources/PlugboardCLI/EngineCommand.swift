import ArgumentParser
import Foundation
import Logging
import PlugboardEngine
import PlugboardIsolation

/// The hidden `plugboard __engine`: the engine process a supervisor starts (see `EngineChild`).
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "__engine", abstract: "Internal: the supervised engine process.", shouldDisplay: false)

    @Option(help: "The engine launch, as JSON.")
    var launch: String

    @Option(help: "The flight recorder file the supervisor created.")
    var recorder: String

    func run() throws {
        let level = (try? JSONDecoder().decode(EngineLaunch.self, from: Data(launch.utf8))).flatMap {
            Logger.Level(rawValue: $0.logLevel)
        }
        // Opened once: a sandboxed engine can open it only through the descriptor its start kept.
        let flightRecorder = Result { try FlightRecorder(openingAt: recorder) }
        let recorderHandler = (try? flightRecorder.get()).map(RecorderLogHandler.init(recorder:))
        LoggingSystem.bootstrap { label in
            var standardError = StreamLogHandler.standardError(label: label)
            standardError.logLevel = level ?? .warning
            guard let recorderHandler else { return standardError }
            return MultiplexLogHandler([standardError, recorderHandler])
        }
        EngineChild.main(launchJSON: launch, recorder: flightRecorder)
    }
}
