import Logging

/// Sends the plugins' log lines (which `PlugboardHost.log` forwards to swift-log) into the
/// transcript, so the parent can show a crashed plugin's last words.
struct TranscriptLogHandler: LogHandler {
    let transcript: ChildTranscript?
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let plugin = event.metadata?["plugin"].map { "\($0)" } ?? "host"
        transcript?.write("L", "\(plugin) \(event.level): \(event.message)")
    }
}
