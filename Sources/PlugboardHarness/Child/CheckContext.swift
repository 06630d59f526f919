import Foundation
import Logging
import PlugboardCore
import PlugboardLoader

/// Everything a test of the catalogue works with, in the child: the subject, a seeded random
/// generator, the real host environment (view tree, host tables) and a recording host.
package final class CheckContext {
    package let job: CheckJob
    var random: SeededRandom
    let environment: PlugboardHost
    let host: RecordingHost
    private(set) var warnings: [String] = []

    init(job: CheckJob, transcript: ChildTranscript?) {
        self.job = job
        random = SeededRandom(seed: job.seed)
        environment = PlugboardHost(
            logger: Logger(label: "plugboard.check") { _ in TranscriptLogHandler(transcript: transcript) })
        host = RecordingHost(environment: environment)
        host.appScreens = job.subject.plugin?.models.appScreens.map(Set.init)
        InstanceModels.poisonsForgottenStrings = true
    }

    var subject: CheckSubject { job.subject }
    var strictness: Int { job.strictness }
    var tree: ViewTree { environment.views }

    /// Adds a warning: the test passes with a warning unless it also fails.
    func warn(_ message: String) { warnings.append(message) }

    /// Writes a line of the harness's own into the log a crash report shows (e.g. the input a
    /// fuzz test is about to try).
    func note(_ message: String) { environment.log(plugin: "plugboard.check", severity: .debug, message) }

    /// The plugin under test (plugin tests only).
    var plugin: PluginUnderTest {
        get throws(CheckSkip) {
            guard let plugin = subject.plugin else { throw CheckSkip("a plugin test needs a plugin") }
            return plugin
        }
    }

    /// The library as the host opens it. A library the host refuses cannot have instances: the
    /// library and descriptor tests say why.
    func library() throws(CheckSkip) -> PluginLibrary {
        do throws(PluginLoadError) {
            return try PluginLibrary.open(path: subject.library)
        } catch {
            throw CheckSkip("the host refuses the library (see the library and descriptor tests): \(error)")
        }
    }

    // MARK: instances

    /// A screen, bar or root of the plugin under test, made with the models of the subject.
    func makeInstance(models: CheckModels? = nil) throws -> PluginInstance {
        let plugin = try plugin
        let models = models ?? plugin.models
        switch plugin.kind {
        case .screen: return try makeScreen(among: models.screens, pluginJSON: models.plugin)
        case .navBar: return try makeBar(navBarJSON: models.navigationBars.first, pluginJSON: models.plugin)
        case .root: return try makeRoot(menuJSON: models.menu, pluginJSON: models.plugin)
        }
    }

    /// A screen from the first of `models` it accepts (a failable screen may refuse some, as
    /// Web refuses a model without a URL); the first refusal when it accepts none.
    func makeScreen(among models: [CheckModels.ScreenModel]? = nil, pluginJSON: String? = nil) throws -> ScreenInstance
    {
        let models = try models ?? plugin.models.screens
        var firstFailure: (any Error)?
        var declinedAll = true
        for model in models.isEmpty ? [nil] : models.map(Optional.some) {
            do {
                return try makeScreen(model, pluginJSON: pluginJSON)
            } catch let failure as CheckFailure {
                firstFailure = firstFailure ?? failure
                declinedAll = declinedAll && failure.declined
            }
        }
        if declinedAll, try plugin.models.minimal { throw CheckSkip(Self.declinedMinimalModels) }
        throw firstFailure ?? CheckFailure("no screen model to create the screen with")
    }

    func makeScreen(_ model: CheckModels.ScreenModel?, pluginJSON: String? = nil) throws -> ScreenInstance {
        let plugin = try plugin
        let library = try library()
        return try created { () throws(PluginLoadError) in
            try ScreenInstance(
                library: library, pluginID: plugin.id, environment: environment,
                pluginJSON: pluginJSON ?? plugin.models.plugin, screenJSON: model?.screen ?? "{}",
                dataSourceJSON: model?.dataSource, delegate: host, navigation: host)
        }
    }

    func makeBar(
        navBarJSON: String?, pluginJSON: String? = nil, appearance: NavigationBarAppearance = .init()
    ) throws -> NavigationBarInstance {
        let plugin = try plugin
        let library = try library()
        return try created { () throws(PluginLoadError) in
            try NavigationBarInstance(
                library: library, pluginID: plugin.id, environment: environment,
                pluginJSON: pluginJSON ?? plugin.models.plugin, navBarJSON: navBarJSON ?? "{}", delegate: host,
                appearance: appearance)
        }
    }

    func makeRoot(menuJSON: String?, pluginJSON: String? = nil) throws -> RootInstance {
        let plugin = try plugin
        let library = try library()
        return try created { () throws(PluginLoadError) in
            try RootInstance(
                library: library, pluginID: plugin.id, environment: environment,
                pluginJSON: pluginJSON ?? plugin.models.plugin, dataSourceJSON: menuJSON ?? "{}", delegate: host,
                navigation: host)
        }
    }

    /// Runs a constructor; a NULL `create` or a failed `init` with the subject's models fails the
    /// test, saying which.
    private func created<Instance>(_ make: () throws(PluginLoadError) -> Instance) throws(CheckFailure) -> Instance {
        do throws(PluginLoadError) {
            return try make()
        } catch {
            let declined = if case .createReturnedNull = error { true } else { false }
            throw CheckFailure("expected an instance from the \(modelsName) models; \(error)", declined: declined)
        }
    }

    /// Why a test that needs a screen does not run when the screen declined every minimal model:
    /// said once by `instance.create-models`, which tells the author how to give it its own.
    static let declinedMinimalModels =
        "the screen declined the minimal models, without and with a data source (see instance.create-models)"

    /// "app's" or "minimal", for messages.
    var modelsName: String { subject.app == nil ? "minimal" : "app's" }

    /// Where the screens a plugin names must be, for messages.
    var screensName: String { host.appScreens == nil ? "(an empty id)" : "of the app" }

    /// The app's screen ids, for messages: sorted, at most eight.
    var appScreenList: String {
        let ids = (host.appScreens ?? []).sorted()
        return ids.prefix(8).joined(separator: ", ") + (ids.count > 8 ? ", …" : "")
    }

    // MARK: the view tree

    /// `root` and every view below it.
    func subtree(_ root: ViewHandle) -> [HostView] {
        guard let view = tree[root] else { return [] }
        return [view] + view.children.flatMap { subtree($0) }
    }

    /// The views under `root` a user could tap now: visible, enabled, with a tap action.
    func tappable(under root: ViewHandle) -> [ViewHandle] {
        subtree(root).filter { $0.tapAction != nil && $0.isEnabled && tree.isVisible($0.handle) }.map(\.handle)
    }

    /// How many calls the host refused so far: a point to check from (`expectNoRefusals(since:)`).
    var refusalCount: Int { environment.refusalCount }

    /// Fails listing every refused call since `start` (a `refusalCount` read before).
    func expectNoRefusals(since start: Int = 0, during what: String) throws(CheckFailure) {
        let refused = environment.refusedCalls(since: start)
        try expect(
            refused.isEmpty,
            "expected every view-API call \(what) to be accepted; \(refused.count) refused: "
                + refused.prefix(5).map(\.description).joined(separator: "; "))
    }

    /// A whole session of the instance's kind, the way the app drives it: layouts, appearances,
    /// customisations, selections. Used by the tests that watch every host call.
    func exercise(_ instance: PluginInstance) {
        for size in DeviceSizes.all { instance.layout(width: size.width, height: size.height) }
        switch instance {
        case let screen as ScreenInstance:
            for _ in 0..<2 {
                screen.appear()
                screen.disappear()
            }
        case let bar as NavigationBarInstance:
            let models = (try? plugin.models) ?? CheckModels(plugin: "{}")
            for button in ContextButton.allCases {
                bar.customize(
                    screenJSON: models.screens.first?.screen ?? "{}", navBarJSON: models.navigationBars.first ?? "{}",
                    dataSourceJSON: nil, appearance: NavigationBarAppearance())
                bar.updateTitle("Check")
                bar.setContextButton(button)
                bar.layout(width: 390, height: 44)
            }
        case let root as RootInstance:
            for item in MenuItems.ids(in: (try? plugin.models.menu) ?? nil) { root.selectItem(item) }
            if root.hasSpecialAction {
                root.performSpecialAction()
                root.performSpecialAction()
            }
        default: break
        }
    }
}

/// The sizes every instance is laid out at: phone, tablet, nothing.
enum DeviceSizes {
    static let phone = (width: 390.0, height: 844.0)
    static let tablet = (width: 1024.0, height: 1366.0)
    static let zero = (width: 0.0, height: 0.0)
    static let all = [phone, tablet, zero]
}

/// The top-level nav item ids of a `menu` or `nav_bar` model.
enum MenuItems {
    static func ids(in model: String?) -> [String] {
        guard let model, let parsed = try? JSONParser.parse(model) else { return [] }
        return parsed["nav_items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }
}
