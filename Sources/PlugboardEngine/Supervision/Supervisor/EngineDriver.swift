import PlugboardIsolation

/// How a command runs its engine: in this process, or supervised in an engine process. The CLI
/// is written once against this; `--in-process` picks the first.
package protocol EngineDriver: AnyObject {
    /// Loads the app. Throws when it cannot start (an invalid configuration); plugin failures
    /// are contained and listed in the result.
    func start() throws(EngineStartFailure) -> EngineReady
    /// Answers a request, with the drawing asked for; never throws: a failure contained on the
    /// way is in `failures`.
    func perform(_ request: EngineRequest, drawing: DrawingFormat?) -> EngineReply
    /// Shuts the app down; a plugin failure contained on the way (a `destroy` that never
    /// returns) is returned.
    @discardableResult
    func stop() -> ContainedFailure?
}

extension EngineDriver {
    /// Answers a request whose reply needs no drawing.
    package func perform(_ request: EngineRequest) -> EngineReply { perform(request, drawing: nil) }
}

/// The engine in this process: nothing contains a plugin, but the crash reporter names the
/// call in flight when one crashes or exits (`--in-process`, debuggers, benchmarks).
package final class InProcessDriver: EngineDriver {
    private let launch: EngineLaunch
    private var engine: AppEngine?

    package init(launch: EngineLaunch) { self.launch = launch }

    /// Drives an engine already started (`ShellSession(app:)`).
    package init(engine: AppEngine) {
        launch = engine.launch
        self.engine = engine
    }

    package func start() throws(EngineStartFailure) -> EngineReady {
        if let engine { return engine.ready }
        CrashReporter.install()
        let engine = try AppEngine(launch: launch)
        self.engine = engine
        return engine.ready
    }

    package func perform(_ request: EngineRequest, drawing: DrawingFormat?) -> EngineReply {
        guard let engine else { return .failed("the engine is not running") }
        return engine.handle(request, drawing: drawing)
    }

    @discardableResult
    package func stop() -> ContainedFailure? {
        engine?.shutdown()
        engine = nil
        return nil
    }
}
