import PlugboardCore
import PlugboardLoader

/// screen.h: the documented lifecycle, and the `plugboard.host.screen` calls. The screen
/// extensions are `ScreenExtensionTests`.
enum ScreenTests {
    static let all: [ConformanceTest] = [lifecycle, taps]

    static let lifecycle = ConformanceTest(
        "screen.lifecycle",
        "init, layout, will_appear, did_appear, will_disappear, did_disappear, destroy: three cycles, view kept",
        strictness: 1, scope: .plugin([.screen])
    ) { context in
        let screen = try context.makeScreen()
        defer { screen.destroy() }
        let start = context.refusalCount
        let view = screen.view
        for cycle in 1...3 {
            screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
            screen.appear()
            screen.disappear()
            try expect(
                screen.view == view && view.flatMap { context.tree[$0] } != nil,
                "expected the screen's view to stay \(view.map(\.description) ?? "none") and live after cycle \(cycle)")
        }
        try context.expectNoRefusals(since: start, during: "in the lifecycle")
    }

    static let taps = ConformanceTest(
        "screen.taps",
        "tapping each tappable view while shown is accepted; a close() through plugboard.host.screen destroys it safely",
        strictness: 4, scope: .plugin([.screen])
    ) { context in
        // Each model the screen accepts: an app may give it a close button on one screen only
        // (force_nav_bar_hidden), and that is where close() is called.
        for model in try context.plugin.models.screensOrNone {
            guard let screen = try? context.makeScreen(model) else { continue }
            defer { screen.destroy() }
            try tapEverything(in: screen, context)
        }
    }

    private static func tapEverything(in screen: ScreenInstance, _ context: CheckContext) throws {
        let closes = context.host.closeRequests
        context.host.forgetOpenedScreens()
        context.host.onClose = { screen.destroy() }
        defer { context.host.onClose = nil }
        let start = context.refusalCount
        screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        screen.appear()
        guard let view = screen.view else { throw CheckFailure("expected a view to tap in") }
        for target in context.tappable(under: view) {
            // A tap may close (and destroy) the screen or change what can be tapped.
            if context.host.closeRequests > closes { break }
            guard context.tappable(under: view).contains(target) else { continue }
            try expect((try? context.tree.tap(target)) != nil, "expected the tap on \(target) to be delivered")
        }
        if context.host.closeRequests > closes {
            context.note("the screen asked to close; it was destroyed during close(), as screen.h allows")
        }
        if let (screen, dataSource) = context.host.openedScreens.first {
            context.note(
                "the screen opened \(context.host.openedScreens.count) screens through plugboard.host.navigation, "
                    + "first '\(screen)' with \(dataSource?.serialized() ?? "no data source")")
        }
        try context.expectNoRefusals(since: start, during: "while tapping")
    }
}
