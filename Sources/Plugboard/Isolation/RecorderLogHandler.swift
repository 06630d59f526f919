import Logging

/// Keeps the plugins' log lines (which `PlugboardHost.log` forwards to swift-log with a
/// `plugin` metadata key) in a flight recorder, so a failure report can show a plugin's last words.
public struct RecorderLogHandler: LogHandler {
    let recorder: FlightRecorder
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(recorder: FlightRecorder) { self.recorder = recorder }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        guard let plugin = event.metadata?["plugin"] else { return }
        recorder.log("\(plugin) \(event.level): \(event.message)")
    }
}
