import Foundation
import Plugboard
import PlugboardHarness

/// `plugboard check`'s catalogue, each test in a process of its own forked from the library's
/// fork server (how the harness survives hostile plugins), against the same catalogue run in
/// process: on a first-party library (the figure since the harness began, when each test was a
/// fresh process: 598×; the fork server's goal is ten times less) and on the Showcase app
/// (about 114× when #34 asked for ten times faster).
enum CheckHarness {
    static func make(_ context: BenchContext) throws -> [Comparison] {
        let library = context.build.appendingPathComponent("libSideMenu.so").path
        let app = try AppConfiguration.load(folder: context.showcase)
        func catalogue(inProcess: Bool) throws -> CheckRunner {
            var options = CheckOptions()
            options.seed = 1
            options.inProcess = inProcess
            return try CheckRunner(options: options, executable: context.plugboard)
        }
        let (children, inProcess) = (try catalogue(inProcess: false), try catalogue(inProcess: true))
        let tests = children.check(libraries: [library]).results.count
        var comparison = Comparison(
            name: "check-harness",
            summary: "plugboard check's catalogue on libSideMenu.so, a process per test forked from a server",
            subject: { count in
                for _ in 0..<count { blackHole(children.check(libraries: [library])) }
            },
            baselineName: "the same catalogue in process",
            baseline: { count in
                for _ in 0..<count { blackHole(inProcess.check(libraries: [library])) }
            },
            goal: .ratio(atMost: 60))
        comparison.note = "\(tests) tests"
        let appTests = children.check(app: app, searchPath: context.searchPath).results.count
        var showcase = Comparison(
            name: "check-harness-app",
            summary: "plugboard check of the Showcase app, a process per test forked from each library's server",
            subject: { count in
                for _ in 0..<count { blackHole(children.check(app: app, searchPath: context.searchPath)) }
            },
            baselineName: "the same checks in process",
            baseline: { count in
                for _ in 0..<count { blackHole(inProcess.check(app: app, searchPath: context.searchPath)) }
            },
            goal: .ratio(atMost: 11.4))
        showcase.note = "\(appTests) tests"
        return [comparison, showcase]
    }
}
