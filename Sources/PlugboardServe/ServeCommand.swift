import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardCore
import PlugboardSimulator

/// `plugboard serve` (the `plugboard-serve` executable, which `plugboard serve` becomes): the app
/// in a browser page, live and clickable, reloading when a plugin is rebuilt or the app's files
/// change. Its own executable, so that `plugboard` carries no HTTP server (`Executables`).
@main
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugboard serve",
        abstract: ServeForwarding.abstract,
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

            Only the page it serves and your scripts may use it: every request must name the \
            server as Host (127.0.0.1:PORT or localhost:PORT), a request with an Origin must come \
            from the page's own origin, and every POST must carry the server's token in the header \
            X-Plugboard-Token and, with a body, Content-Type: application/json. The token is \
            printed when the server starts (serving APP at URL token: TOKEN), or chosen with \
            --token; the page carries it itself. Refused requests get 403 (415 for a body that is \
            not JSON) with {"error": …}. A connection idle for --idle-timeout seconds is closed.
            """)

    @OptionGroup var app: AppOptions

    @Option(help: "The port on 127.0.0.1 (0: a free one, printed when listening).")
    var port = 8080

    @Option(
        name: .customLong("call-timeout"),
        help: "Seconds one call into plugin code may run before the engine restarts without that plugin.")
    var callTimeout: Double = 5

    @Option(help: "The token every POST must carry in X-Plugboard-Token (default: a random one, printed at start).")
    var token: String?

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay silent before it is closed (longer than --call-timeout).")
    var idleTimeout: Double = 60

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard callTimeout > 0, callTimeout.isFinite else { throw ValidationError("--call-timeout must be positive") }
        if let token, !SimulatorAccess.isValidToken(token) {
            throw ValidationError("--token must be at least 16 letters, digits or -._~")
        }
        guard idleTimeout.isFinite, idleTimeout > callTimeout else {
            throw ValidationError("--idle-timeout must be longer than --call-timeout (a request waits for the engine)")
        }
    }

    /// The `plugboard` beside this executable: its hidden `__engine` runs the engine.
    static var engine: String { Executables.beside("plugboard") }

    static func main() async {
        // The engine's start overlaps the parsing of the command line (`EnginePrestart`).
        EnginePrestart.startIfNeeded(["serve"] + CommandLine.arguments.dropFirst(), engine: engine)
        await main(nil)
    }

    func run() async throws {
        // A folder that is not there is a typo, not an app to wait for: an existing app's files
        // that are wrong are shown on the page until they are fixed.
        if let folder = app.folder, !FileManager.default.isFolder(atPath: folder) {
            throw CommandFailure("'\(folder)' is not a folder")
        }
        _ = SimulatorServer.runsTasksOnEventLoops
        logging.bootstrap()
        var launch = app.engineLaunch
        launch.logLevel = logging.logLevel.rawValue
        let session = SimulatorSession(launch: launch, executable: Self.engine, callTimeout: callTimeout)
        session.start()
        let access = token.map { SimulatorAccess(token: $0) } ?? SimulatorAccess()
        var server = SimulatorServer(session: session, port: port, access: access)
        server.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        let name = app.folder ?? app.plugins ?? "the app"
        server.onListening = { address in
            FileHandle.standardOutput.write(Data("serving \(name) at \(address) token: \(access.token)\n".utf8))
        }
        do {
            try await server.run()
        } catch {
            throw CommandFailure("cannot serve on 127.0.0.1:\(port): \(SimulatorServer.describe(error, port: port))")
        }
    }
}
