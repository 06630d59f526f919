import Foundation
import PlugboardConfig
import PlugboardEngine
import PlugboardNavigation

/// The app behind the page: one supervised engine process (a crashing or hanging plugin is
/// contained and left out, the app comes back where it was), the snapshot the page shows, and
/// the pages listening for changes. A hot reload starts a new engine process — Swift images
/// cannot be unloaded, so a rebuilt library is only ever loaded fresh — and reopens the state URL.
///
/// Every user action is one typed request whose reply carries the new state, the events since
/// the last reply and the SVG; a change that starts a transition costs one more (the virtual
/// clock is advanced to its end, after the page was given the SVG that plays it). Engine calls
/// block (one request, one reply over a pipe) and are serialized by a lock; the server's
/// handlers call in from any task.
package final class SimulatorSession: @unchecked Sendable {
    private let lock = NSLock()
    private var launch: EngineLaunch
    private let executable: String
    private let callTimeout: Double
    private var driver: Supervisor?
    private var snapshot = SimulatorSnapshot()
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]

    /// At most this many movements are played for one change; the rest stay for the next
    /// change to finish (a plugin queueing transitions forever cannot hold the server).
    static let animationsPerChange = 64

    package init(launch: EngineLaunch, executable: String, callTimeout: Double) {
        var launch = launch
        launch.includesState = true
        self.launch = launch
        self.executable = executable
        self.callTimeout = callTimeout
    }

    // MARK: engine

    /// Starts the engine (again, for a reload), back at the last state URL, and tells the pages.
    package func start() {
        lock.withLock {
            driver?.stop()
            driver = nil
            snapshot.engine += 1
            snapshot.animations = []
            isDrawingStale = false  // drawn below
            snapshot.log = []
            // Back where the page was: the engine starts there (at once), then transitions play in the page.
            var launch = launch
            launch.startURL = snapshot.url.isEmpty ? nil : snapshot.url
            let supervisor = Supervisor(executable: executable, launch: launch, callTimeout: callTimeout)
            do throws(EngineStartFailure) {
                let ready = try supervisor.start()
                driver = supervisor
                snapshot.error = nil
                record(ready.failures)
                if let why = ready.startFailure, let url = launch.startURL {
                    snapshot.log.append("cannot reopen \(url): \(why); starting at \(ready.stateURL)")
                }
                absorb(supervisor.perform(.clock(.virtual)))
                absorb(supervisor.perform(.show, drawing: .svg))
            } catch {
                supervisor.stop()
                snapshot.error = error.description
                snapshot.svg = ""
                snapshot.state = nil
            }
            publish()
        }
    }

    package func stop() {
        lock.withLock {
            driver?.stop()
            driver = nil
            for listener in listeners.values { listener.finish() }
            listeners.removeAll()
        }
    }

    /// What an API call answers: the state (with its JSON as the engine sent it, when that is
    /// the answer as it is: `EngineReply.stateJSON`), or why the request failed.
    package enum Answer: Sendable, Equatable {
        case state(ShellState, json: String?)
        case failed(String)
    }

    /// Performs `request`; one that may change the app (`changes`) updates the pages. With no
    /// page listening (a script driving the API, a test in CI) the change is made at once,
    /// unanimated, since no page would play its transition: one engine request, nothing drawn.
    /// The SVG is drawn when next asked for (`svg`, a page connecting).
    package func perform(_ request: EngineRequest, changes: Bool = true) -> Answer {
        lock.withLock {
            guard let driver else { return .failed(snapshot.error ?? "the app is not running") }
            guard changes else { return answer(absorb(driver.perform(request))) }
            snapshot.animations = []
            guard !listeners.isEmpty else {
                let reply = absorb(driver.perform(.unanimated(request)))
                isDrawingStale = true
                publish()
                return answer(reply)
            }
            let reply = absorb(driver.perform(request, drawing: .animatedSVG))
            isDrawingStale = false
            // A transition started: the page plays it, then the virtual clock finishes it. One
            // that ends may start the next step of a composed transition: that plays after it.
            // (An animated drawing of a still state is the still drawing.)
            var moving = reply
            while let transition = moving.state?.state.transition, transition.duration > transition.elapsed,
                snapshot.animations.count < Self.animationsPerChange
            {
                let milliseconds = Int((transition.duration - transition.elapsed).rounded(.up))
                if let svg = moving.drawing {
                    snapshot.animations.append(SimulatorSnapshot.Animation(svg: svg, milliseconds: milliseconds))
                }
                moving = absorb(driver.perform(.wait(Double(milliseconds)), drawing: .animatedSVG))
            }
            publish()
            return answer(reply)
        }
    }

    /// The current SVG (empty when the app could not start).
    package var svg: String {
        lock.withLock {
            drawIfStale()
            return snapshot.svg
        }
    }

    /// True when the app changed since the snapshot's SVG was drawn (changes made with no page
    /// listening are not drawn).
    private var isDrawingStale = false

    /// Draws the app as it is now when the snapshot's SVG is older. Called under the lock.
    private func drawIfStale() {
        guard isDrawingStale, let driver else { return }
        isDrawingStale = false
        absorb(driver.perform(.show, drawing: .svg))
    }

    /// The files a reload watches: the app's JSON and the libraries it names.
    package var watchedFiles: [String] {
        lock.withLock { AppFiles.watched(launch) }
    }

    private func answer(_ reply: EngineReply) -> Answer {
        guard reply.succeeded else { return .failed(reply.text) }
        return reply.state.map { .state(ShellState($0), json: reply.stateJSON) } ?? .failed("the app is not running")
    }

    /// Takes what a reply says changed into the snapshot (the pages are told by `publish`).
    @discardableResult
    private func absorb(_ reply: EngineReply) -> EngineReply {
        record(reply.failures)
        if !reply.stateURL.isEmpty { snapshot.url = reply.stateURL }
        if let state = reply.state {
            snapshot.state = ShellState(state)
            launch.device = state.state.device
        }
        if let drawing = reply.drawing { snapshot.svg = drawing }
        // Routes changed from the page or by plugins outlive a reload, as the state URL does.
        if let changes = reply.routeChanges { launch.routeChanges = changes }
        snapshot.log += reply.events.map(\.description)
        snapshot.log.removeFirst(max(0, snapshot.log.count - SimulatorSnapshot.logLength))
        return reply
    }

    private func record(_ failures: [ContainedFailure]) {
        snapshot.failures += failures.map(\.description)
        snapshot.failures.removeFirst(max(0, snapshot.failures.count - SimulatorSnapshot.failureCount))
    }

    /// Tells the pages; the message is made only when one listens.
    private func publish() {
        snapshot.revision += 1
        guard !listeners.isEmpty else { return }
        let message = snapshot.json
        for listener in listeners.values { listener.yield(message) }
    }

    // MARK: listeners

    /// A stream of snapshot messages, starting with the current one.
    package func subscribe() -> (id: UUID, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let id = UUID()
        lock.withLock {
            drawIfStale()
            listeners[id] = continuation
            continuation.yield(snapshot.json)
        }
        return (id, stream)
    }

    package func unsubscribe(_ id: UUID) {
        _ = lock.withLock { listeners.removeValue(forKey: id) }?.finish()
    }
}
