import ArgumentParser
import Foundation
import PlugboardSimulator

/// `plugboard serve`: the app in a browser page, live and clickable, reloading when a plugin is
/// rebuilt or the app's files change.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the app in a browser page: live, clickable, reloading when a plugin is rebuilt.",
        discussion: """
            Serves one page on 127.0.0.1: the device drawn from the view tree (click to tap; drag \
            from the left edge for the back gesture), the state URL in the address field, back, \
            close and menu, phone or tablet, and the event log. Every change is pushed over a \
            WebSocket. When a plugin library, a manifest or the app's JSON changes on disk, the \
            engine restarts in a new process and comes back to the same state URL; a \
            configuration error is shown on the page instead of the device.

            The same HTTP API serves scripts: GET /state, POST /tap {"target": N|ID}, POST /open \
            {"url": URL}, POST /back, /close and /menu, POST /device {"device": "phone"|"tablet"}, \
            POST /swipe {"direction": "back"|"forward", "progress": P, "velocity": V}, \
            POST /command {"command": LINE} (any shell command), GET /render.svg.
            """)

    @OptionGroup var app: AppOptions

    @Option(help: "The port on 127.0.0.1 (0: a free one, printed when listening).")
    var port = 8080

    @Option(
        name: .customLong("call-timeout"),
        help: "Seconds one call into plugin code may run before the engine restarts without that plugin.")
    var callTimeout: Double = 5

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard callTimeout > 0, callTimeout.isFinite else { throw ValidationError("--call-timeout must be positive") }
    }

    func run() async throws {
        logging.bootstrap()
        var launch = app.engineLaunch
        launch.logLevel = logging.logLevel.rawValue
        let session = SimulatorSession(launch: launch, executable: Check.executable, callTimeout: callTimeout)
        session.start()
        var server = SimulatorServer(session: session, port: port)
        let name = app.folder ?? app.plugins ?? "the app"
        server.onListening = { address in
            FileHandle.standardOutput.write(Data("serving \(name) at \(address)\n".utf8))
        }
        do {
            try await server.run()
        } catch {
            throw CommandFailure("cannot serve on 127.0.0.1:\(port): \(error)")
        }
    }
}
