import ArgumentParser
import PlugboardCommandLine
import PlugboardEngine

/// The engine of a one-shot command (render, call, inspect): started at once, every request's
/// contained failures told as they happen (`PluginFailureReport`), stopped at the end.
final class CommandEngine {
    let failures = PluginFailureReport(json: false, scripted: true)
    private let engine: any EngineDriver

    /// Starts the engine; a configuration that cannot load is the command's one error, and so
    /// is a `launch.startURL` the app cannot reach.
    init(_ supervision: SupervisionOptions, _ launch: EngineLaunch, _ logging: LoggingOptions) throws {
        engine = supervision.driver(launch, logLevel: logging.logLevel.rawValue)
        let ready: EngineReady
        do throws(EngineStartFailure) {
            ready = try engine.start()
        } catch {
            engine.stop()
            throw CommandFailure(error.description)
        }
        failures.report(ready.failures)
        if let why = ready.startFailure, let url = launch.startURL {
            engine.stop()
            throw CommandFailure("\(url): \(why)")
        }
    }

    deinit { engine.stop() }

    func perform(_ request: EngineRequest, drawing: DrawingFormat? = nil) -> EngineReply {
        let reply = engine.perform(request, drawing: drawing)
        failures.report(reply.failures)
        return reply
    }

    /// The reply's drawing (else its text) when it succeeded; else the command ends: exit status
    /// 3 when a plugin failure was contained (it says it all), else the reply as the one error.
    func output(of reply: EngineReply) throws -> String {
        guard reply.succeeded else {
            try failures.finish()
            throw CommandFailure(reply.text)
        }
        return reply.drawing ?? reply.text
    }
}
