import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import PlugboardEngine

/// `plugboard serve`: the routes (`buildRouter`) served on 127.0.0.1 only, with the WebSocket
/// upgrade for `/live`, while a `FileWatcher` reloads the app when its files change.
package struct SimulatorServer: Sendable {
    package let session: SimulatorSession
    package let port: Int
    /// Told the address once the server listens (port 0 picks a free one).
    package var onListening: @Sendable (String) -> Void = { _ in }

    package init(session: SimulatorSession, port: Int) {
        self.session = session
        self.port = port
    }

    package func run() async throws {
        let router = buildRouter(session: session)
        let session = session
        var logger = Logger(label: "plugboard.serve")
        logger.logLevel = .warning
        let onListening = onListening
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "plugboard"),
            onServerRunning: { channel in
                onListening("http://127.0.0.1:\(channel.localAddress?.port ?? 0)/")
            },
            logger: logger)
        let watcher = Task { await FileWatcher(session: session).run() }
        defer {
            watcher.cancel()
            session.stop()
        }
        try await app.runService()
    }
}
