/// screen.h: the documented lifecycle, and the `plugboard.host.screen` calls.
enum ScreenTests {
    static let all: [ConformanceTest] = [lifecycle, taps]

    static let lifecycle = ConformanceTest(
        "screen.lifecycle",
        "init, layout, will_appear, did_appear, will_disappear, did_disappear, destroy: three cycles, view kept",
        strictness: 1, scope: .plugin([.screen])
    ) { context in
        let screen = try context.makeScreen()
        defer { screen.destroy() }
        let start = context.refusals.count
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
        "tapping each tappable view while shown is accepted; a close() through plugboard.host.screen is honoured",
        strictness: 4, scope: .plugin([.screen])
    ) { context in
        let screen = try context.makeScreen()
        defer { screen.destroy() }
        let start = context.refusals.count
        screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        screen.appear()
        guard let view = screen.view else { throw CheckFailure("expected a view to tap in") }
        for target in context.tappable(under: view) where context.tree[target] != nil && context.host.closeRequests == 0
        {
            guard context.tappable(under: view).contains(target) else { continue }
            try expect((try? context.tree.tap(target)) != nil, "expected the tap on \(target) to be delivered")
        }
        try context.expectNoRefusals(since: start, during: "while tapping")
    }
}
