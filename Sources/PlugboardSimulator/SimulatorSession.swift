import Foundation
import PlugboardConfig
import PlugboardEngine

/// The app behind the page: one supervised engine process (a crashing or hanging plugin is
/// contained and left out, the app comes back where it was), the snapshot the page shows, and
/// the pages listening for changes. A hot reload starts a new engine process — Swift images
/// cannot be unloaded, so a rebuilt library is only ever loaded fresh — and reopens the state URL.
///
/// Engine calls block (one request, one reply over a pipe) and are serialized by a lock; the
/// server's handlers call in from any task.
package final class SimulatorSession: @unchecked Sendable {
    private let lock = NSLock()
    private var launch: EngineLaunch
    private let executable: String
    private let callTimeout: Double
    private var driver: Supervisor?
    private var snapshot = SimulatorSnapshot()
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]

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
            snapshot.animation = nil
            let url = snapshot.url
            let supervisor = Supervisor(executable: executable, launch: launch, callTimeout: callTimeout)
            do throws(EngineStartFailure) {
                let ready = try supervisor.start()
                driver = supervisor
                snapshot.error = nil
                record(ready.failures)
                // Back where the page was (at once), then transitions play in the page.
                if !url.isEmpty, url != ready.stateURL { _ = supervisor.perform(.open(url)) }
                _ = supervisor.perform(.command("clock virtual"))
                refresh()
            } catch {
                supervisor.stop()
                snapshot.error = error.description
                snapshot.svg = ""
                snapshot.stateJSON = "null"
                publish()
            }
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

    /// What an API call answers: the state JSON, or why the request failed.
    package enum Answer: Sendable {
        case state(String)
        case failed(String)
    }

    /// Performs `request`; a request that may change the app updates the pages.
    package func perform(_ request: EngineRequest, changes: Bool = true) -> Answer {
        lock.withLock {
            guard let driver else { return .failed(snapshot.error ?? "the app is not running") }
            let reply = driver.perform(request)
            record(reply.failures)
            if changes {
                // A transition started: keep its animation, then let the virtual clock finish it.
                snapshot.animation = nil
                if let milliseconds = Self.remainingTransition(reply.state) {
                    snapshot.animation = (driver.perform(.render(svg: true, animate: true)).output, milliseconds)
                    _ = driver.perform(.command("wait \(milliseconds)"))
                }
                refresh()
            }
            guard reply.succeeded else { return .failed(reply.output) }
            return .state(reply.state ?? "null")
        }
    }

    /// The current SVG (empty when the app could not start).
    package var svg: String { lock.withLock { snapshot.svg } }

    /// The files a reload watches: the app's JSON and the libraries it names.
    package var watchedFiles: [String] {
        lock.withLock { AppFiles.watched(launch) }
    }

    /// Reads the drawing, the state and the events after a change, and tells the pages.
    private func refresh() {
        guard let driver else { return }
        let events = driver.perform(.command("events"))
        record(events.failures)
        snapshot.url = events.stateURL
        snapshot.stateJSON = events.state ?? "null"
        snapshot.log = Self.eventLines(events.state)
        snapshot.svg = driver.perform(.render(svg: true)).output
        if let device = Self.device(events.state) { launch.device = device }
        publish()
    }

    private func record(_ failures: [ContainedFailure]) {
        snapshot.failures += failures.map(\.description)
        if snapshot.failures.count > 20 { snapshot.failures.removeFirst(snapshot.failures.count - 20) }
    }

    private func publish() {
        snapshot.revision += 1
        let message = snapshot.json
        for listener in listeners.values { listener.yield(message) }
    }

    // MARK: listeners

    /// A stream of snapshot messages, starting with the current one.
    package func subscribe() -> (id: UUID, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        let id = UUID()
        lock.withLock {
            listeners[id] = continuation
            continuation.yield(snapshot.json)
        }
        return (id, stream)
    }

    package func unsubscribe(_ id: UUID) {
        _ = lock.withLock { listeners.removeValue(forKey: id) }?.finish()
    }

    // MARK: reading replies

    /// The milliseconds left of the transition the state says is running; nil when none is.
    static func remainingTransition(_ json: String?) -> Int? {
        guard let transition = (object(json)?["state"] as? [String: Any])?["transition"] as? [String: Any],
            let duration = transition["duration"] as? Double, let elapsed = transition["elapsed"] as? Double,
            duration > elapsed
        else { return nil }
        return Int((duration - elapsed).rounded(.up))
    }

    static func object(_ json: String?) -> [String: Any]? {
        json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func eventLines(_ json: String?) -> [String] {
        let events = object(json)?["events"] as? [[String: Any]] ?? []
        return events.suffix(200).map { event in
            let name = event["name"] as? String ?? "", subject = event["subject"] as? String ?? ""
            return "\(name) \(subject)" + ((event["detail"] as? String).map { ": \($0)" } ?? "")
        }
    }

    static func device(_ json: String?) -> DeviceProfile.Kind? {
        ((object(json)?["state"] as? [String: Any])?["device"] as? String).flatMap(DeviceProfile.Kind.init(rawValue:))
    }
}
