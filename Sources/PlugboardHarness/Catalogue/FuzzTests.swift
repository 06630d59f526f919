import PlugboardCore
import PlugboardLoader

/// Seeded random models and call sequences (strictness 8 and up). The child's transcript holds
/// every call, so a crash shows the sequence that led to it; `--seed` replays it exactly.
enum FuzzTests {
    static let all: [ConformanceTest] = [createModels, customizeModels, lifecycleWalk]

    /// How many random cases a fuzz test tries at `strictness`.
    static func iterations(_ context: CheckContext) -> Int {
        switch context.strictness {
        case ..<9: 25
        case 9: 100
        default: 250
        }
    }

    static let createModels = ConformanceTest(
        "fuzz.create-models", "create and init with random and mutated JSON models: an instance or NULL, never a crash",
        strictness: 8, scope: ConformanceTest.everyKind, isRandom: true
    ) { context in
        let models = try context.plugin.models
        var fuzzer = JSONFuzzer(random: context.random)
        for _ in 0..<iterations(context) {
            let fuzzed = CheckModels(
                plugin: fuzzer.model(from: models.plugin),
                screens: [.init(screen: fuzzer.model(from: models.screens.first?.screen ?? "{}"), dataSource: nil)],
                navigationBars: [fuzzer.model(from: models.navigationBars.first ?? "{}")],
                menu: fuzzer.model(from: models.menu ?? "{}"))
            context.note(
                "fuzzed models: plugin \(fuzzed.plugin.prefix(160)) screen \(fuzzed.screens[0].screen.prefix(160))")
            do {
                let instance = try context.makeInstance(models: fuzzed)
                instance.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
                instance.destroy()
            } catch is CheckFailure {
                // NULL or a failed init: the failable init? of the seed.
            }
        }
    }

    static let customizeModels = ConformanceTest(
        "fuzz.customize-models", "customize_for_screen with random and mutated screen and bar models, never a crash",
        strictness: 8, scope: .plugin([.navBar]), isRandom: true
    ) { context in
        let models = try context.plugin.models
        let bar = try context.makeBar(navBarJSON: models.navigationBars.first)
        defer { bar.destroy() }
        var fuzzer = JSONFuzzer(random: context.random)
        for _ in 0..<iterations(context) {
            bar.customize(
                screenJSON: fuzzer.model(from: models.screens.first?.screen ?? "{}"),
                navBarJSON: fuzzer.model(from: models.navigationBars.first ?? "{}"),
                dataSourceJSON: Bool.random(using: &fuzzer.random) ? nil : fuzzer.value().serialized(),
                appearance: NavigationBarAppearance())
            bar.updateTitle(fuzzer.value(depth: 0).serialized())
        }
    }

    static let lifecycleWalk = ConformanceTest(
        "fuzz.lifecycle-walk", "random walks over the legal calls of the instance's kind, never a crash",
        strictness: 8, scope: ConformanceTest.everyKind, isRandom: true
    ) { context in
        let instance = try context.makeInstance()
        defer { instance.destroy() }
        var random = context.random
        let menuItems = MenuItems.ids(in: try context.plugin.models.menu) + ["unknown-item"]
        for _ in 0..<iterations(context) * 4 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let size = DeviceSizes.all.randomElement(using: &random)!
                instance.layout(width: size.width, height: size.height)
            case 1:
                _ = instance.extension(
                    ["plugboard.ext.placement", "plugboard.ext.special-action", "x"].randomElement(using: &random)!)
            case 2:
                if let view = instance.view, let target = context.tappable(under: view).randomElement(using: &random) {
                    _ = try? context.tree.tap(target)
                }
            default:
                switch instance {
                case let screen as ScreenInstance:
                    if screen.appearance == .disappeared { screen.appear() } else { screen.disappear() }
                case let bar as NavigationBarInstance:
                    bar.setContextButton(ContextButton.allCases.randomElement(using: &random)!)
                    bar.updateTitle("walk")
                case let root as RootInstance:
                    if Bool.random(using: &random) {
                        root.selectItem(menuItems.randomElement(using: &random)!)
                    } else {
                        root.performSpecialAction()
                    }
                default: break
                }
            }
            if context.host.closeRequests > 0 { break }  // the screen asked to go: the app would destroy it
        }
    }
}
