import Foundation
import Plugboard
import PlugboardHarness

/// `plugboard check`'s catalogue on a first-party library, each test in a child process (how
/// the harness survives hostile plugins), against the same catalogue run in process.
enum CheckHarness {
    static func make(_ context: BenchContext) throws -> Comparison {
        let library = context.build.appendingPathComponent("libSideMenu.so").path
        func catalogue(inProcess: Bool) throws -> CheckRunner {
            var options = CheckOptions()
            options.seed = 1
            options.inProcess = inProcess
            return try CheckRunner(options: options, executable: context.plugboard)
        }
        let (children, inProcess) = (try catalogue(inProcess: false), try catalogue(inProcess: true))
        let tests = children.check(libraries: [library]).results.count
        var comparison = Comparison(
            name: "check-harness", summary: "plugboard check's catalogue on libSideMenu.so, a child per test",
            subject: { count in
                for _ in 0..<count { blackHole(children.check(libraries: [library])) }
            },
            baselineName: "the same catalogue in process",
            baseline: { count in
                for _ in 0..<count { blackHole(inProcess.check(libraries: [library])) }
            })
        comparison.note = "\(tests) tests"
        return comparison
    }
}
