import Foundation
import Plugboard
import PlugboardConfig
@_spi(Layers) import PlugboardCore
import PlugboardLoader
import PlugboardNavigation

/// A tap on a bar button until the screen is shown — the Showcase's Guide button presents the TV
/// guide — then close. With the screen cache hitting (the guide made once), and missing (a cache
/// of one screen: the guide is made again each time). The baseline is what the tap's plugin calls
/// themselves cost: as many direct C calls as the tap makes into plugin code (counted).
public enum Tap {
    /// The button tapped: the Showcase bar's Guide item.
    static let button = "nav-item:nb-epg"

    public static func launch(_ folder: URL, searchPath: LibrarySearchPath, miss: Bool) throws -> PlugboardApp {
        var settings = try AppSettings.load(folder: folder)
        if miss { settings.screenCacheCapacity = 1 }  // home stays (on the stack); each guide is made again
        let app = try PlugboardApp(folder: folder, searchPath: searchPath, settings: settings)
        try tapAndClose(app)  // warm: the guide is made once, cached from now on unless missing
        return app
    }

    static func tapAndClose(_ app: PlugboardApp) throws {
        try app.tap(identifier: button)
        guard app.close() else { throw BenchError("the tap on \(button) presented nothing to close") }
    }

    /// The region callgrind counts (`--toggle-collect='*measuredTaps*'`).
    @inline(never)
    public static func measuredTaps(_ app: PlugboardApp, _ count: Int) throws {
        for _ in 0..<count { try tapAndClose(app) }
    }

    static func make(_ context: BenchContext, miss: Bool) throws -> Comparison {
        let app = try launch(context.showcase, searchPath: context.searchPath, miss: miss)
        let calls = try pluginCalls(app)
        let library = try PluginLibrary.open(path: context.benchPlugin)
        let direct = try DirectScreen(library)
        let (layout, instance) = (direct.layout, direct.instance)
        var comparison = Comparison(
            name: miss ? "tap-miss" : "tap-hit",
            summary: "tap a bar button → screen shown → close, screen cache \(miss ? "missing" : "hitting")",
            subject: { count in try measuredTaps(app, count) },
            baselineName: "its \(calls) plugin calls as direct C calls",
            baseline: { count in
                for index in 0..<count * calls { layout(instance, Double(index), 1) }
            })
        comparison.note = "instructions per tap: plugboard-bench instructions (callgrind)"
        return comparison
    }

    /// How many calls into plugin code one tap and close make.
    static func pluginCalls(_ app: PlugboardApp) throws -> Int {
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        PluginCallTracker.observer = { event in
            if case .entered = event { counter.calls += 1 }
        }
        defer { PluginCallTracker.observer = nil }
        try tapAndClose(app)
        return counter.calls
    }
}
