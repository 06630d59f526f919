import PlugboardABI

/// The stack changes a transition animates (seed 003).
public enum TransitionOperation: String, Sendable, Codable, CustomStringConvertible {
    case push, pop, present, dismiss
    /// The side menu opens or closes (the built-in menu's panel moves; a root plugin's menu is
    /// its own to draw, the transition's time still passes).
    case menuOpen = "menu_open", menuClose = "menu_close"

    public var description: String { rawValue }

    /// The operation as plugboard.ext.transition names it; nil for the menu (no screen moves).
    package var cValue: pb_transition_operation_t? {
        switch self {
        case .push: pb_transition_operation_t(PB_TRANSITION_PUSH)
        case .pop: pb_transition_operation_t(PB_TRANSITION_POP)
        case .present: pb_transition_operation_t(PB_TRANSITION_PRESENT)
        case .dismiss: pb_transition_operation_t(PB_TRANSITION_DISMISS)
        case .menuOpen, .menuClose: nil
        }
    }

    /// True when the moving view arrives; false: it leaves.
    package var moverArrives: Bool { self == .push || self == .present || self == .menuOpen }
}

/// A transition as data: how long, how it eases, from which edge (plugboard/ext/transition.h).
public struct TransitionSpec: Sendable, Hashable, Codable {
    /// How a transition eases over its duration (`PB_CURVE_*`): the cubic Bézier timing
    /// functions of CSS's `linear`, `ease-in`, `ease-out` and `ease-in-out`. The raw values are
    /// settings.json's (`ease_in`…).
    public enum Curve: String, Sendable, Codable, CaseIterable {
        case linear, easeIn = "ease_in", easeOut = "ease_out", easeInOut = "ease_in_out"

        /// The cubic Bézier control points (CSS's and SMIL's keySplines).
        package var controlPoints: (Double, Double, Double, Double) {
            switch self {
            case .linear: (0, 0, 1, 1)
            case .easeIn: (0.42, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            case .easeInOut: (0.42, 0, 0.58, 1)
            }
        }

        /// Progress at `fraction` of the duration (both 0…1), on the curve.
        package func value(at fraction: Double) -> Double {
            let t = min(1, max(0, fraction))
            let (x1, y1, x2, y2) = controlPoints
            // Solve x(s) = t for s by bisection (monotonic in s), then y(s).
            func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
                3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
            }
            var low = 0.0
            var high = 1.0
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if bezier(x1, x2, middle) < t { low = middle } else { high = middle }
            }
            return bezier(y1, y2, (low + high) / 2)
        }
    }

    /// The edge the moving screen is at while off screen: it slides in from there, or back out
    /// to it (`PB_FROM_*`); `fade` does not move, it fades. The raw values are settings.json's
    /// (`from_right`…).
    public enum Direction: String, Sendable, Codable, CaseIterable {
        case fromRight = "from_right", fromLeft = "from_left", fromBottom = "from_bottom", fromTop = "from_top", fade
    }

    /// Milliseconds; 0 is immediate.
    package var duration: Double
    package var curve: Curve
    package var direction: Direction

    package init(duration: Double, curve: Curve, direction: Direction) {
        self.duration = duration
        self.curve = curve
        self.direction = direction
    }

    /// The host's defaults (plugboard/ext/transition.h).
    package static func defaults(for operation: TransitionOperation) -> TransitionSpec {
        switch operation {
        case .push, .pop: TransitionSpec(duration: 350, curve: .easeInOut, direction: .fromRight)
        case .present: TransitionSpec(duration: 400, curve: .easeOut, direction: .fromBottom)
        case .dismiss: TransitionSpec(duration: 300, curve: .easeIn, direction: .fromBottom)
        case .menuOpen: TransitionSpec(duration: 250, curve: .easeOut, direction: .fromLeft)
        case .menuClose: TransitionSpec(duration: 250, curve: .easeIn, direction: .fromLeft)
        }
    }

    /// The longest transition a screen may ask for.
    package static let maximumDuration = 10_000.0
    /// No time at all: an unanimated change.
    package static let instant = TransitionSpec(duration: 0, curve: .linear, direction: .fade)

    /// A spec from the C struct, or nil when a value is out of range.
    package init?(_ c: pb_transition_t) {
        guard c.duration_ms.isFinite, (0...Self.maximumDuration).contains(c.duration_ms),
            let curve = Curve.allCases.first(where: { $0.cValue == c.curve }),
            let direction = Direction.allCases.first(where: { $0.cValue == c.direction })
        else { return nil }
        self.init(duration: c.duration_ms, curve: curve, direction: direction)
    }

    package var cValue: pb_transition_t {
        pb_transition_t(duration_ms: duration, curve: curve.cValue, direction: direction.cValue)
    }

    /// Where the moving screen is, as an offset from its place, at `progress` of the way (0…1):
    /// off at its edge when it has not arrived, in place when it has.
    package func offset(arrived progress: Double, width: Double, height: Double) -> (x: Double, y: Double) {
        // Rounded to a thousandth of a point: the curve is solved numerically.
        let away = ((1 - progress) * 1_000_000).rounded() / 1_000_000
        switch direction {
        case .fromRight: return (away * width, 0)
        case .fromLeft: return (-away * width, 0)
        case .fromBottom: return (0, away * height)
        case .fromTop: return (0, -away * height)
        case .fade: return (0, 0)
        }
    }
}

extension TransitionSpec.Curve {
    package var cValue: pb_timing_curve_t {
        switch self {
        case .linear: pb_timing_curve_t(PB_CURVE_LINEAR)
        case .easeIn: pb_timing_curve_t(PB_CURVE_EASE_IN)
        case .easeOut: pb_timing_curve_t(PB_CURVE_EASE_OUT)
        case .easeInOut: pb_timing_curve_t(PB_CURVE_EASE_IN_OUT)
        }
    }
}

extension TransitionSpec.Direction {
    package var cValue: pb_transition_direction_t {
        switch self {
        case .fromRight: pb_transition_direction_t(PB_FROM_RIGHT)
        case .fromLeft: pb_transition_direction_t(PB_FROM_LEFT)
        case .fromBottom: pb_transition_direction_t(PB_FROM_BOTTOM)
        case .fromTop: pb_transition_direction_t(PB_FROM_TOP)
        case .fade: pb_transition_direction_t(PB_FADE)
        }
    }
}
