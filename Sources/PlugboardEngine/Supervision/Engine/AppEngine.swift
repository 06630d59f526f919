import Foundation
import PlugboardLoader
import PlugboardNavigation
import PlugboardRender

/// Answers engine requests against one running app (or, for a probe, none): the engine the
/// shell, `render`, `call` and `inspect` drive, in this process or in an engine process.
package final class AppEngine {
    package let launch: EngineLaunch
    /// Nil for a probe launch.
    package let app: PlugboardApp?
    private let session: ShellSession?

    package init(launch: EngineLaunch, environment: PlugboardHost = PlugboardHost()) throws(EngineStartFailure) {
        self.launch = launch
        app = launch.loadsApp ? try launch.makeApp(environment: environment) : nil
        session = app.map(ShellSession.init(app:))
        session?.terminal = launch.terminal
    }

    /// What loading met: plugins that failed to load, fallbacks taken.
    package var ready: EngineReady {
        let startup = (app?.events ?? []).filter { $0.name == "error" || $0.name == "fallback" }.map(\.description)
        return EngineReady(startup: startup, stateURL: app?.stateURL.description ?? "")
    }

    package func handle(_ request: EngineRequest) -> EngineReply {
        var reply = answer(request)
        if let app {
            reply.stateURL = app.stateURL.description
            if launch.includesState {
                var state = ShellState(app: app)
                if case .command(let text, let line) = request {
                    state.command = text.trimmingCharacters(in: .whitespaces)
                    state.line = line
                    switch try? ShellCommand.parse(text) {
                    case .events: state.events = app.events
                    case .help: state.help = ShellCommand.usage.map { "\($0.0): \($0.1)" }
                    default: break
                    }
                }
                reply.state = ShellSession.json(state, pretty: false)
            }
        }
        return reply
    }

    /// Destroys the app's instances (the libraries stay mapped).
    package func shutdown() { app?.shutdown() }

    private func answer(_ request: EngineRequest) -> EngineReply {
        if case .probe(let path, let json) = request { return Self.probe(path, json: json) }
        guard let app, let session else { return EngineReply(output: "no app is loaded", succeeded: false) }
        switch request {
        case .command(let line, _):
            let outcome = session.run(line: line)
            var reply = EngineReply(output: outcome.output, succeeded: outcome.succeeded)
            reply.quit = outcome.quit
            return reply
        case .open(let text):
            do throws(RoutingError) {
                try app.open(urlText: text)
                return EngineReply(output: session.drawing, succeeded: true)
            } catch {
                return EngineReply(output: "\(error)", succeeded: false)
            }
        case .showScreen(let id):
            guard app.showScreen(id) else {
                return EngineReply(output: "no screen '\(id)' in rivers.json", succeeded: false)
            }
            return EngineReply(output: session.drawing, succeeded: true)
        case .render(let svg, let animate):
            let drawing =
                svg
                ? SVGRenderer.render(app, animate: animate, folder: launch.folder.map { URL(fileURLWithPath: $0) })
                : TextRenderer.render(app, terminal: launch.terminal)
            return EngineReply(output: drawing, succeeded: true)
        case .exports:
            let lines = app.plugins.exports.catalog.flatMap { plugin, functions in
                functions.map { "\(plugin).\($0.name) \($0.signature)" }
            }
            return EngineReply(output: lines.joined(separator: "\n"), succeeded: true)
        case .call(let plugin, let name, let arguments):
            if let failure = app.plugins.failures[plugin] { return EngineReply(output: "\(failure)", succeeded: false) }
            do {
                let result = try app.plugins.exports.call(plugin: plugin, name: name, arguments: arguments)
                return EngineReply(output: result.serialized(), succeeded: true)
            } catch {
                return EngineReply(output: "\(error)", succeeded: false)
            }
        case .report(let json):
            let report = AppReport(app: app)
            return EngineReply(output: json ? ShellSession.json(report) : report.text, succeeded: true)
        case .probe: fatalError("answered above")
        }
    }

    /// Opens a library as the host does and probes each plugin (`inspect LIBRARY`).
    private static func probe(_ path: String, json: Bool) -> EngineReply {
        do {
            let resolved = try LibrarySearchPath([]).resolve(URL(fileURLWithPath: path).standardizedFileURL.path)
            let library = try PluginLibrary.open(path: resolved)
            defer { library.release() }
            let report = LibraryReport(library: library)
            return EngineReply(output: json ? ShellSession.json(report) : report.text, succeeded: true)
        } catch {
            return EngineReply(output: "\(error)", succeeded: false)
        }
    }
}
