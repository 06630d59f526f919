import Foundation
import Plugboard
@_spi(Layers) import PlugboardCore
import PlugboardEngine

/// What supervision costs (the engine in a child process, the parent never running plugin
/// code), against the same work in process: start-up to the first screen, and a shell command
/// that changes the screen (push, back).
enum Supervision {
    static func make(_ context: BenchContext) throws -> [Comparison] {
        let launch = EngineLaunch(folder: context.showcase.path, searchPath: context.searchPath)
        let plugboard = context.plugboard
        func supervised() -> Supervisor { Supervisor(executable: plugboard, launch: launch, callTimeout: 5) }
        func startAndStop(_ driver: any EngineDriver) throws {
            _ = try driver.start()
            _ = driver.perform(.show, drawing: .text)
            driver.stop()
        }
        let start = Comparison(
            name: "supervised-start", summary: "start-up to the first screen with the engine in a child process",
            subject: { count in
                for _ in 0..<count { try startAndStop(supervised()) }
            },
            baselineName: "the same in process",
            baseline: { count in
                defer { PluginCallTracker.observer = nil }
                for _ in 0..<count { try startAndStop(InProcessDriver(launch: launch)) }
            })
        let inProcess = InProcessDriver(launch: launch)
        let child = supervised()
        for driver in [inProcess, child] as [any EngineDriver] {
            _ = try driver.start()
            // At home, Shows is not on the stack: the push pushes it and the back pops it. (From
            // Shows itself, where this ran until #36, the push changed nothing since #32 and the
            // back found nothing to pop: two failed requests were measured.)
            let pushed = driver.perform(.route([.push(key: "shows", data: nil)]))
            let back = driver.perform(.back)
            guard pushed.succeeded, back.succeeded, back.stateURL == "app://home" else {
                throw BenchError("push shows and back at home: \(pushed.text) \(back.text)")
            }
        }
        // The in-process engine observes every plugin call from now on (its crash reporter): on
        // only while its own work runs, so no other benchmark pays for it.
        let inProcessObserver = PluginCallTracker.observer
        PluginCallTracker.observer = nil
        func pushAndBack(_ driver: any EngineDriver, _ count: Int) {
            for _ in 0..<count {
                // As the shell runs `push shows` and `back`: each answered with the drawing.
                _ = driver.perform(.route([.push(key: "shows", data: nil)]), drawing: .text)
                _ = driver.perform(.back, drawing: .text)
            }
        }
        let command = Comparison(
            name: "supervised-command",
            summary: "a shell command pair that changes the screen (push, back), supervised",
            subject: { count in pushAndBack(child, count) },
            baselineName: "the same in process",
            baseline: { count in
                PluginCallTracker.observer = inProcessObserver
                defer { PluginCallTracker.observer = nil }
                pushAndBack(inProcess, count)
            },
            goal: .ratio(atMost: 1.1))
        return [start, command]
    }
}
