import Foundation
import PlugboardCore
import PlugboardLoader
import PlugboardNavigation
import PlugboardRender

/// Answers engine requests against one running app (or, for a probe, none): the engine the
/// shell, the simulator, `render`, `call` and `inspect` drive, in this process or in an engine
/// process. Each reply says what changed since the last one.
package final class AppEngine {
    package let launch: EngineLaunch
    /// Nil for a probe launch.
    package let app: PlugboardApp?
    /// The number of the first event the next reply carries (`RecentItems` numbering).
    private var nextEvent = 0
    /// The page of the legend the text drawing shows: 1, or one more after each `more`.
    private var legendPage = 1
    /// The app's routes revision the replies last carried the changes of (the launch's were given).
    private var reportedRoutesRevision: Int
    /// The terminal the text drawing fits: the launch's, until a `terminal` request changes it.
    private lazy var terminal = launch.terminal

    package convenience init(launch: EngineLaunch, environment: PlugboardHost = PlugboardHost())
        throws(EngineStartFailure)
    {
        self.init(launch: launch, loaded: try launch.load(), environment: environment)
    }

    /// An engine for what `launch.load()` read (nil: a probe), with its plugins loaded now.
    package init(launch: EngineLaunch, loaded: EngineLaunch.Loaded?, environment: PlugboardHost = PlugboardHost()) {
        self.launch = launch
        app = loaded.map { launch.makeApp($0, environment: environment) }
        reportedRoutesRevision = app?.routesRevision ?? 0
    }

    /// An engine for an app already loaded in this process (tests, `ShellSession(app:)`).
    package init(app: PlugboardApp, launch: EngineLaunch) {
        self.launch = launch
        self.app = app
        reportedRoutesRevision = app.routesRevision
    }

    /// What loading met: plugins that failed to load, fallbacks taken.
    package var ready: EngineReady {
        let startup = (app?.events ?? []).filter { $0.name == "error" || $0.name == "fallback" }.map(\.description)
        var ready = EngineReady(startup: startup, stateURL: app?.stateURL.description ?? "")
        ready.startFailure = app?.startURLFailure.map { "\($0)" }
        ready.lastLibrary = PluginLibrary.lastMapped
        return ready
    }

    package func handle(_ request: EngineRequest, drawing: DrawingFormat? = nil) -> EngineReply {
        legendPage = request == .more ? legendPage + 1 : 1
        var reply = answer(request)
        reply.lastLibrary = PluginLibrary.lastMapped
        guard let app else { return reply }
        reply.stateURL = app.stateURL.description
        reply.drawing = drawing.map(draw)
        if launch.includesState || request == .state { reply.state = EngineState(app: app) }
        let log = app.eventLog
        let new = log.events(since: nextEvent)
        reply.events = request == .events ? log.events : new
        reply.urlsToOpen = new.filter { $0.name == "open_url" }.compactMap(\.detail)
        nextEvent = log.total
        if app.routesRevision != reportedRoutesRevision {
            reply.routeChanges = app.appliedRouteChanges
            reportedRoutesRevision = app.routesRevision
        }
        return reply
    }

    /// Destroys the app's instances (the libraries stay mapped).
    package func shutdown() { app?.shutdown() }

    private func draw(_ format: DrawingFormat) -> String {
        guard let app else { return "" }
        switch format {
        case .text: return TextRenderer.render(app, terminal: terminal, legendPage: legendPage)
        case .svg, .animatedSVG:
            return SVGRenderer.render(
                app, animate: format == .animatedSVG, folder: launch.folder.map { URL(fileURLWithPath: $0) })
        }
    }

    private func answer(_ request: EngineRequest) -> EngineReply {
        if case .probe(let path, let json) = request { return Self.probe(path, json: json) }
        guard let app else { return .failed("no app is loaded") }
        if app.isAnimating, request.isInput, let left = app.state.transition.map({ $0.duration - $0.elapsed }) {
            return .failed("a transition is running (\(Int(left.rounded(.up))) ms left): wait first")
        }
        switch request {
        case .unanimated(let request): return app.animating(false) { answer(request) }
        case .tap(let target): return tap(target, in: app)
        case .back: return changed(app.perform(.back), failure: "nothing to go back to")
        case .close: return changed(app.perform(.close), failure: "no presented screen to close")
        case .menu: return changed(app.perform(.menu), failure: "no menu button here (\(app.whyNoMenuButton))")
        case .select(let item): return changed(app.perform(.select(item: item)), failure: "no menu item '\(item)'")
        case .device(let kind): app.setDevice(kind)
        case .scroll(let offset, let relative):
            guard app.scroll(to: offset, relative: relative) else { return .failed("nothing to scroll") }
        case .swipe(let gesture):
            do throws(SwipeRefusal) {
                try app.swipe(gesture.swipe)
            } catch {
                return .failed("swipe: \(error)")
            }
        case .route(let steps): return route(steps, in: app)
        case .wait(let milliseconds): app.wait(milliseconds)
        case .clock(let mode):
            if mode == .instant { app.completeRunningTransition() }
            app.clock.mode = mode
        // The same path as the shell's `open`: one transition, refused while another runs.
        case .open(let text): return route([.open(text)], in: app)
        case .showScreen(let id):
            guard app.showScreen(id) else {
                let ids = app.configuration.rivers.screens.map(\.id)
                guard ids.contains(id) else {
                    return .failed("no screen '\(id)' in rivers.json; its screens: \(ids.joined(separator: ", "))")
                }
                return .failed("screen '\(id)' could not be shown (see the events)")
            }
        case .routes(let changes):
            guard !changes.isEmpty else {
                return EngineReply(succeeded: true, text: app.routeListing.joined(separator: "\n"))
            }
            do throws(RoutingError) {
                let repaired = try app.updateRoutes(changes)
                let lines = changes.map { "route \($0)" } + (repaired.map { ["repaired: \($0)"] } ?? [])
                return EngineReply(succeeded: true, text: lines.joined(separator: "\n"))
            } catch {
                return .failed("routes: \(error)")
            }
        case .terminal(let size): terminal = size
        case .show, .more, .state, .events: break
        case .exports:
            let lines = app.plugins.exports.catalog.flatMap { plugin, functions in
                functions.map { "\(plugin).\($0.name) \($0.signature)" }
            }
            return EngineReply(succeeded: true, text: lines.joined(separator: "\n"))
        case .call(let plugin, let name, let arguments):
            if let failure = app.plugins.failures[plugin] { return .failed("\(failure)") }
            do {
                let result = try app.plugins.exports.call(plugin: plugin, name: name, arguments: arguments)
                return EngineReply(succeeded: true, text: result.serialized())
            } catch {
                return .failed("\(error)")
            }
        case .report(let json):
            let report = AppReport(app: app)
            return EngineReply(succeeded: true, text: json ? ShellSession.json(report) : report.text)
        case .probe: fatalError("answered above")
        }
        return EngineReply(succeeded: true)
    }

    private func changed(_ done: Bool, failure: String) -> EngineReply {
        done ? EngineReply(succeeded: true) : .failed(failure)
    }

    /// Taps a numbered target, or the view with an identifier; a view the user cannot see now
    /// is refused saying what hides it (`whyNotTappable`), never by its handle.
    private func tap(_ target: TapReference, in app: PlugboardApp) -> EngineReply {
        let view: ViewHandle
        let name: String
        switch target {
        case .number(let number):
            guard let found = app.tapTargets.first(where: { $0.number == number }) else {
                return .failed("no element [\(number)] on screen")
            }
            (view, name) = (found.view, "[\(number)]")
        case .identifier(let identifier):
            guard let found = Self.find(identifier, in: app) else {
                return .failed(ViewError.unknownIdentifier(identifier).description)
            }
            (view, name) = (found, identifier)
            if let why = app.whyNotTappable(view) { return .failed("\(name) cannot be tapped: \(why)") }
        }
        do throws(ViewError) {
            try app.tap(view)
            return EngineReply(succeeded: true)
        } catch ViewError.notTappable(_, let reason) {
            return .failed("\(name) cannot be tapped: \(reason)")
        } catch {
            return .failed(error.description)
        }
    }

    /// The view named `identifier`: in the layer the user can touch, else in a layer under it
    /// (the tap then says what covers it).
    private static func find(_ identifier: String, in app: PlugboardApp) -> ViewHandle? {
        let tree = app.environment.views
        let layers = [app.topContainer.layer] + app.containers.reversed().map(\.layer)
        return layers.lazy.compactMap { tree.find(identifier: identifier, under: $0) }.first
    }

    /// Runs route changes as one transition.
    private func route(_ steps: [RouteStep], in app: PlugboardApp) -> EngineReply {
        var transition = app.transition
        for step in steps {
            switch step {
            case .open(let text):
                do throws(RouteURLError) {
                    transition = transition.open(try RouteURL.parse(text))
                } catch {
                    return .failed("\(text): \(error)")
                }
            case .push(let key, let data): transition = transition.push(key, data: data)
            case .root(let key, let data): transition = transition.root(key, data: data)
            case .present(let key): transition = transition.present(key)
            case .dismiss(let key): transition = transition.dismiss(key)
            case .pop(let count): transition = transition.pop(count)
            }
        }
        do throws(RoutingError) {
            try transition.start()
            return EngineReply(succeeded: true)
        } catch {
            return .failed(error.description)
        }
    }

    /// Opens a library as the host does and probes each plugin (`inspect LIBRARY`).
    private static func probe(_ path: String, json: Bool) -> EngineReply {
        do {
            let resolved = try LibrarySearchPath([]).resolve(URL(fileURLWithPath: path).standardizedFileURL.path)
            let library = try PluginLibrary.open(path: resolved)
            defer { library.release() }
            let report = LibraryReport(library: library)
            return EngineReply(succeeded: true, text: json ? ShellSession.json(report) : report.text)
        } catch {
            return .failed("\(error)")
        }
    }
}
