import Logging

/// Keeps the plugins' log lines (which `PlugboardHost.log` forwards to swift-log with a
/// `plugin` metadata key) in a flight recorder, so a failure report can show a plugin's last words.
package struct RecorderLogHandler: LogHandler {
    let recorder: FlightRecorder
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package init(recorder: FlightRecorder) { self.recorder = recorder }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        guard let plugin = event.metadata?["plugin"] else { return }
        recorder.log("\(plugin) \(event.level): \(event.message)")
    }
}
