import PlugboardABI
import PlugboardCore
import PlugboardLoader

/// screen.h: the documented lifecycle, and the `plugboard.host.screen` calls.
enum ScreenTests {
    static let all: [ConformanceTest] = [lifecycle, taps, attributes, transitions, gestureNavigation, customBar]

    /// A screen of the plugin that answers the extension `id`; the test is skipped (the screen
    /// destroyed) when it does not.
    private static func screen(answering id: String, _ context: CheckContext) throws -> ScreenInstance {
        let screen = try context.makeScreen()
        guard screen.extension(id) != nil else {
            screen.destroy()
            throw CheckSkip("the screen does not answer \(id)")
        }
        return screen
    }

    static let transitions = ConformanceTest(
        "screen.transitions",
        "when answered (ABI 1.2), transition_for fills 0…10000 ms, a curve and a direction of the header for every operation",
        strictness: 2, scope: .plugin([.screen])
    ) { context in
        let screen = try screen(answering: PB_EXT_TRANSITION, context)
        defer { screen.destroy() }
        for operation in [TransitionOperation.push, .pop, .present, .dismiss] {
            guard let value = screen.answeredTransition(for: operation) else { continue }
            let duration = value.duration_ms
            try expect(
                duration.isFinite && (0...TransitionSpec.maximumDuration).contains(duration),
                "transition_for(\(operation)) filled a duration of \(duration) ms; expected 0…10000")
            try expect(
                TransitionSpec.Curve.allCases.contains { $0.cValue == value.curve },
                "transition_for(\(operation)) filled curve \(value.curve), which is no pb_timing_curve_t")
            try expect(
                TransitionSpec.Direction.allCases.contains { $0.cValue == value.direction },
                "transition_for(\(operation)) filled direction \(value.direction), which is no pb_transition_direction_t"
            )
        }
    }

    static let gestureNavigation = ConformanceTest(
        "screen.gesture-navigation",
        "when answered (ABI 1.2), edge_insets fills finite, non-negative insets and target returns NULL or a UTF-8 id",
        strictness: 2, scope: .plugin([.screen])
    ) { context in
        let screen = try screen(answering: PB_EXT_GESTURE_NAVIGATION, context)
        defer { screen.destroy() }
        for operation in [GestureOperation.pop, .push] {
            if let insets = screen.answeredGestureInsets(operation) {
                for (side, value) in [("leading", insets.leading), ("trailing", insets.trailing)] {
                    try expect(
                        value.isFinite && value >= 0,
                        "edge_insets(\(operation)) filled \(side) \(value); expected a finite number of points, 0 or more"
                    )
                }
            }
            if let bytes = screen.answeredGestureTarget(operation) {
                try expect(
                    String(validating: bytes, as: UTF8.self) != nil,
                    "target(\(operation)) returned \(bytes.count) bytes that are not UTF-8")
            }
        }
    }

    static let customBar = ConformanceTest(
        "screen.custom-bar",
        "when answered (ABI 1.2), bar_view is PB_VIEW_NONE or a live view the screen owns, the same while it lives",
        strictness: 2, scope: .plugin([.screen])
    ) { context in
        let screen = try screen(answering: PB_EXT_CUSTOM_BAR, context)
        defer { screen.destroy() }
        screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        guard let bar = screen.customBar?.view else {
            context.note("bar_view answered PB_VIEW_NONE: the plugin's bar is shown")
            return
        }
        guard let view = context.tree[bar] else {
            throw CheckFailure("bar_view returned \(bar), which is not a live view")
        }
        try expect(
            view.owner == screen.host.owner,
            "expected the bar view to be owned by the screen; \(bar) belongs to \(view.owner)")
        for cycle in 1...2 {
            screen.appear()
            screen.disappear()
            let again = screen.customBar?.view
            try expect(
                again == bar,
                "expected bar_view to return \(bar) while the screen lives; got \(again.map(\.description) ?? "PB_VIEW_NONE") after cycle \(cycle)"
            )
        }
    }

    static let attributes = ConformanceTest(
        "screen.attributes",
        "when answered, update_with_attributes takes data and objects (or NULLs) before will_appear, view calls accepted",
        strictness: 2, scope: .plugin([.screen])
    ) { context in
        let screen = try context.makeScreen()
        defer { screen.destroy() }
        let start = context.refusalCount
        let cases: [(String?, String?)] = [
            ("42", #"{"title":"Check","id":"42"}"#), (nil, nil), ("", "{}"), ("x y/z::ü", #"{"data":"x y/z::ü"}"#),
        ]
        for (data, object) in cases {
            guard screen.updateAttributes(data: data, objectJSON: object) else {
                throw CheckSkip("the screen does not answer plugboard.ext.attributes")
            }
            screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
            screen.appear()
            screen.disappear()
        }
        try context.expectNoRefusals(since: start, during: "with attributes")
    }

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
        let models = try context.plugin.models.screens
        for model in models.isEmpty ? [nil] : models.map(Optional.some) {
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
