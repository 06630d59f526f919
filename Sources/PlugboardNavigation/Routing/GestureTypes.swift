import PlugboardABI
import PlugboardLoader

/// One swipe, as the shell (`swipe back --from 10 --progress 0.3 --velocity 500`) and the browser
/// simulator describe it: where it starts, how far it went (0…1 of the screen's width) and its
/// speed in its direction when the finger lifts (points per second; negative: backwards).
public struct Swipe: Sendable, Equatable {
    /// `pop` (from the leading edge: back) or `push` (from the trailing edge: forward).
    public var operation: GestureOperation
    /// The start's distance from the screen's leading edge; nil: at the edge the operation
    /// starts from (0 for a pop, the width for a push).
    public var from: Double?
    /// How far the finger went, 0…1 of the screen's width. Past 0.4
    /// (`PB_GESTURE_FINISH_PROGRESS`) the swipe finishes.
    public var progress: Double
    /// The speed in the swipe's direction when the finger lifts, in points per second
    /// (negative: backwards). Above 400 (`PB_GESTURE_FINISH_SPEED`) the swipe finishes whatever
    /// its progress.
    public var velocity: Double

    /// A swipe for `operation`; by default from the operation's edge, all the way across
    /// (`progress` 1) and lifted at rest (`velocity` 0): a swipe that finishes.
    public init(_ operation: GestureOperation, from: Double? = nil, progress: Double = 1, velocity: Double = 0) {
        self.operation = operation
        self.from = from
        self.progress = progress
        self.velocity = velocity
    }

    /// Seed 003 via plugboard/ext/gesture.h: the edge back-gesture's width, the speed and
    /// progress beyond which a gesture finishes.
    package static let edgeWidth = PB_EDGE_GESTURE_WIDTH
    package static let finishSpeed = PB_GESTURE_FINISH_SPEED
    package static let finishProgress = PB_GESTURE_FINISH_PROGRESS

    /// Finishes when fast enough in its direction, else when far enough; else it cancels.
    package var finishes: Bool { velocity > Self.finishSpeed || progress > Self.finishProgress }
}

/// What a swipe did.
public enum SwipeOutcome: Equatable, Sendable {
    /// The stack changed: `target` is the screen shown now.
    case finished(target: String)
    /// Nothing changed: `target` was uncovered and covered again.
    case cancelled(target: String)
}

/// Why a swipe did not start; nothing changed.
public struct SwipeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
