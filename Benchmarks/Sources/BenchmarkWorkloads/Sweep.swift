import Foundation
import Plugboard
import PlugboardConfig
import PlugboardLoader
import PlugboardNavigation

/// How a cost grows with the app: the time of one operation at each size, and the growth
/// exponent between the two largest sizes, log(t₂/t₁) / log(n₂/n₁) — 1 for work proportional to
/// the size, 2 for quadratic. Fixed costs only pull it below 1, so the largest sizes decide.
public struct Sweep {
    public var name: String
    public var summary: String
    public var sizes: [Int]
    /// Prepares the operation at one size (generating its app), returning it.
    public var prepare: (Int) throws -> Operation

    public static let goal = Goal.value(atMost: 1.05)

    /// The exponent between the last two of `times` measured at `sizes`.
    public static func exponent(sizes: [Int], times: [Double]) -> Double {
        guard sizes.count >= 2, times.count == sizes.count else { return .nan }
        let (n1, n2) = (Double(sizes[sizes.count - 2]), Double(sizes[sizes.count - 1]))
        let (t1, t2) = (times[times.count - 2], times[times.count - 1])
        return log(t2 / t1) / log(n2 / n1)
    }

    /// The figure for times measured at each size (nanoseconds per operation).
    public func figure(times: [Double]) -> Figure {
        let note = zip(sizes, times).map { size, time in
            let (scale, unit) = TimeUnit.fitting(time)
            return "\(size): \(Format.number(time / scale)) \(unit)"
        }.joined(separator: ", ")
        return Figure(
            name: name, summary: summary, value: Self.exponent(sizes: sizes, times: times), unit: "exponent",
            goal: Self.goal, note: note)
    }

    /// Loading and starting `app` (written once): the operation of the size sweeps.
    static func starting(_ app: SweepApp, _ context: BenchContext) throws -> Operation {
        let folder = try app.write(in: context.scratch)
        return { count in
            for _ in 0..<count { blackHole(try PlugboardApp(folder: folder, searchPath: context.searchPath)) }
        }
    }

    static func all(_ context: BenchContext, quick: Bool) -> [Sweep] {
        let screens = quick ? [10, 100, 1000] : [10, 100, 1000, 10_000]
        let plugins = quick ? [1, 10, 100] : [1, 10, 100, 1000]
        let depths = quick ? [10, 100] : [10, 100, 1000]
        return [
            Sweep(
                name: "growth-screens", summary: "load + start an app with N screens", sizes: screens,
                prepare: { size in try starting(SweepApp(screens: size, plugins: 1), context) }),
            Sweep(
                name: "growth-plugins", summary: "load + start an app with N screen plugins, one screen each",
                sizes: plugins,
                prepare: { size in try starting(SweepApp(screens: size, plugins: size), context) }),
            Sweep(
                name: "growth-stack-depth", summary: "push N screens onto the stack, then back N times", sizes: depths,
                prepare: { size in
                    let app = try stackApp(depth: size, scratch: context.scratch, searchPath: context.searchPath)
                    return { count in try stackRounds(app, depth: size, count) }
                }),
        ]
    }
}

extension Sweep {
    /// The stack-depth sweep's app: `depth` screens to push above the home screen.
    public static func stackApp(depth: Int, scratch: URL, searchPath: LibrarySearchPath) throws -> PlugboardApp {
        let folder = try SweepApp(screens: depth + 1, plugins: 1).write(in: scratch)
        return try PlugboardApp(folder: folder, searchPath: searchPath)
    }

    /// Pushes `depth` screens, then goes back as often, `rounds` times: the stack-depth sweep's
    /// operation.
    public static func stackRounds(_ app: PlugboardApp, depth: Int, _ rounds: Int) throws {
        for _ in 0..<rounds {
            for index in 1...depth {
                let request = NavigationRequest(.screen("s\(index)"), origin: .link, presentation: .push)
                guard app.open(request) else { throw BenchError("push s\(index) refused") }
            }
            for _ in 1...depth where !app.back() { throw BenchError("back refused") }
        }
    }

    /// The same, as the region callgrind counts (`plugboard-bench stack-loop`,
    /// `--toggle-collect='*measuredStackRounds*KFZ'`).
    @inline(never)
    public static func measuredStackRounds(_ app: PlugboardApp, depth: Int, _ rounds: Int) throws {
        try stackRounds(app, depth: depth, rounds)
    }
}

/// A generated app: `screens` screens of the bench plugin, served by `plugins` manifests (all
/// backed by the bench library's one descriptor, as many plugins of one library are), the first
/// the home screen; the default bar (GeneralNavBar) on each.
struct SweepApp {
    var screens: Int
    var plugins: Int

    func write(in scratch: URL) throws -> URL {
        let folder = scratch.appendingPathComponent("sweep-\(screens)-screens-\(plugins)-plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let manifests: [[String: Any]] = (0..<plugins).map { index in
            [
                "plugin": [
                    "identifier": "bench_screen_\(index)", "name": "Bench screen \(index)", "type": "general",
                    "screen": true, "api": ["class_name": "bench_screen"], "plugboard": ["library": "BenchPlugin"],
                ] as [String: Any],
                "configuration_json": NSNull(),
            ]
        }
        let rivers: [[String: Any]] = (0..<screens).map { index in
            [
                "id": "s\(index)", "name": "Screen \(index)", "type": "bench_screen_\(index % plugins)",
                "home": index == 0, "navigations": [], "styles": [:], "data": [:],
            ]
        }
        let settings: [String: Any] = ["screen_cache_capacity": 8]
        for (name, value) in [("plugins.json", manifests as Any), ("rivers.json", rivers), ("settings.json", settings)]
        {
            try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
                .write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

}
