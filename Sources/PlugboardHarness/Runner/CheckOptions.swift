import Foundation
import PlugboardCore

/// How `plugboard check` runs the catalogue.
package struct CheckOptions: Sendable {
    /// 1…10: which tests run (each has a minimum) and how hard the random ones try.
    package var strictness = 5
    /// Globs on test ids: only matching tests run (empty: all).
    package var only: [String] = []
    /// Globs on test ids: matching tests do not run.
    package var skip: [String] = []
    /// Check only this plugin (descriptor id or manifest identifier) and its library.
    package var plugin: String?
    /// The run's seed; every test's seed is derived from it.
    package var seed: UInt64 = UInt64.random(in: 0...UInt64(UInt32.max))
    package var repetitions = 1
    /// Seconds a test may take before its child is killed.
    package var timeout: Double = 20
    /// Run tests in this process (debugging the harness: a crashing plugin ends the run).
    package var inProcess = false
    /// Fork each test's process from a server that has loaded its library once
    /// (`CheckForkServer`); false (`--no-fork-server`): start a fresh process for every test.
    package var forkServer = true
    /// How many tests run at a time (`--jobs`), each in its own process: the machine's
    /// processors, at most 8.
    package var workers = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    /// The author's own screen model and data source for screen plugins (`--screen-model`,
    /// `--data-source`); with an app folder, for the `--plugin` named.
    package var authorScreen: AuthorScreenModels?

    package init() {}

    /// True when `test` is selected by `--only` and `--skip` and the strictness.
    package func selects(_ test: ConformanceTest) -> Bool {
        test.strictness <= strictness && (only.isEmpty || only.contains { Self.glob($0, test.id) })
            && !skip.contains { Self.glob($0, test.id) }
    }

    static func glob(_ pattern: String, _ text: String) -> Bool { fnmatch(pattern, text, 0) == 0 }
}

/// A screen model and a data source an author gives `check` from files, so a screen that needs
/// them is checked as it will run, without an app folder.
package struct AuthorScreenModels: Sendable {
    /// A rivers.json screen object (`id`, `type`, `styles`, `data`, …); nil: the minimal one.
    package var screen: JSONValue?
    /// The data source the screen is opened with (a feed entry, a nav item's `data`, …).
    package var dataSource: JSONValue?

    package init(screen: JSONValue?, dataSource: JSONValue?) {
        self.screen = screen
        self.dataSource = dataSource
    }
}
