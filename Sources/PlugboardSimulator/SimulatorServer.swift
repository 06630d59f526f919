import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import PlugboardEngine

/// `plugboard serve`: the routes (`buildRouter`) served on 127.0.0.1 only, with the WebSocket
/// upgrade for `/live`, while a `FileWatcher` reloads the app when its files change. Only its own
/// page and this user's scripts may use it (`SimulatorAccess`), and a connection idle for
/// `idleTimeout` is closed (`IdleClosingChannel`).
package struct SimulatorServer: Sendable {
    package let session: SimulatorSession
    package let port: Int
    package let access: SimulatorAccess
    package var idleTimeout: Duration = .seconds(60)
    /// Told the address once the server listens (port 0 picks a free one).
    package var onListening: @Sendable (String) -> Void = { _ in }

    package init(session: SimulatorSession, port: Int, access: SimulatorAccess = SimulatorAccess()) {
        self.session = session
        self.port = port
        self.access = access
    }

    /// Makes NIO's event loops Swift concurrency's global executor, for the whole process; true
    /// when they are. Call it once (later calls return the first's answer), before the server
    /// runs, in a process that only serves: `plugboard serve` does, tests do not.
    ///
    /// Each request's handler is a task. On Swift's own pool, the event loop that read a request
    /// wakes a pool thread to run it, and that thread wakes the loop again to write the answer:
    /// two hand-offs between threads a request, about a tenth of a `POST /tap`. On the loops, the
    /// handler runs on the loop that read the request. A handler blocks while the engine answers
    /// (`SimulatorSession` serializes engine requests anyway), which holds a loop as it held a
    /// pool thread: both are one per core.
    package static let runsTasksOnEventLoops: Bool =
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

    package func run() async throws {
        let router = buildRouter(session: session, access: access)
        let session = session
        let access = access
        var logger = Logger(label: "plugboard.serve")
        logger.logLevel = .warning
        let onListening = onListening
        let app = Application(
            router: router, server: IdleClosingChannel.server(router: router, idleTimeout: idleTimeout),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "plugboard"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                access.listening(on: port)
                onListening("http://127.0.0.1:\(port)/")
            },
            logger: logger)
        let watcher = Task { await FileWatcher(session: session).run() }
        defer {
            watcher.cancel()
            session.stop()
        }
        try await app.runService()
    }

    /// Why the server could not run, in words: a system error's own text (NIO's `IOError`
    /// describes itself by the function it failed in, `bind(descriptor:ptr:bytes:)`), and what
    /// to do when the port is taken.
    package static func describe(_ error: any Error, port: Int) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        let why = String(cString: strerror(error.errnoCode))
        guard error.errnoCode == EADDRINUSE else { return why }
        return "\(why): another server is listening on port \(port); --port chooses another (0: any free one)"
    }
}
