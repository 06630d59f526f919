import PlugboardABI
import PlugboardCore
import PlugboardLoader

/// The screen extensions of every minor version (plugin/ext/*.h) and the host's navigation
/// (navigation.h): each promise of an answered extension, skipped when the screen does not answer.
enum ScreenExtensionTests {
    static let all: [ConformanceTest] = [attributes, navigation, transitions, gestureNavigation, customBar]

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

    static let navigation = ConformanceTest(
        "screen.navigation",
        "what a tap opens through plugboard.host.navigation (ABI 1.1) is a screen of the app, with a JSON object and a mode of the header; the screen disappears during the call and works when back on top",
        strictness: 2, scope: .plugin([.screen])
    ) { context in
        var opened = 0
        for model in try context.plugin.models.screensOrNone {
            guard let screen = try? context.makeScreen(model) else { continue }
            defer { screen.destroy() }
            opened += try openEverything(from: screen, context)
        }
        if opened == 0 { throw CheckSkip("no tap opened a screen through plugboard.host.navigation") }
    }

    /// Taps every tappable view of `screen` once; each tap that opens a screen makes `screen`
    /// disappear during the call, as the host does, and appear again after it, as the back button
    /// would. Returns how many screens the taps opened.
    private static func openEverything(from screen: ScreenInstance, _ context: CheckContext) throws -> Int {
        context.host.forgetOpenedScreens()
        var shown = true
        context.host.onOpen = {
            guard shown else { return }
            screen.disappear()
            shown = false
        }
        defer { context.host.onOpen = nil }
        screen.layout(width: DeviceSizes.phone.width, height: DeviceSizes.phone.height)
        screen.appear()
        guard let view = screen.view else { throw CheckFailure("expected a view to tap in") }
        let start = context.refusalCount
        for target in context.tappable(under: view) where context.tappable(under: view).contains(target) {
            let before = context.refusalCount
            try? context.tree.tap(target)
            let refused = context.environment.refusedCalls(since: before).filter { $0.call == "open_screen" }
            try expect(
                refused.isEmpty,
                "the tap on \(target) asked to open a screen the host refuses: \(refused.first?.reason ?? "")"
                    + (context.host.appScreens == nil ? "" : " (the app's screens: \(context.appScreenList))"))
            if !shown {
                screen.appear()
                shown = true
            }
        }
        screen.disappear()
        try context.expectNoRefusals(since: start, during: "while opening screens and coming back")
        return context.host.openedScreens.count
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
        "when answered (ABI 1.2), edge_insets fills finite, non-negative insets and target returns NULL or the id of a screen of the app",
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
                guard let target = String(validating: bytes, as: UTF8.self) else {
                    throw CheckFailure("target(\(operation)) returned \(bytes.count) bytes that are not UTF-8")
                }
                try expect(
                    context.host.screenExists(target),
                    "target(\(operation)) returned '\(target)', which is no screen \(context.screensName): the gesture is refused"
                )
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
}
