import PlugboardABI

/// The two gesture operations of seed 003.
public enum GestureOperation: String, Sendable, CustomStringConvertible {
    /// A swipe from the leading edge: back (pop, or pop to any screen below).
    case pop
    /// A swipe from the trailing edge: forward (push the screen the top screen names).
    case push

    public var description: String { rawValue }

    var cValue: pb_navigation_operation_t {
        pb_navigation_operation_t(self == .pop ? PB_NAVIGATION_POP : PB_NAVIGATION_PUSH)
    }
}

/// Where a screen lets a gesture start.
package enum GestureArea: Equatable, Sendable {
    /// No extension: only the edge back-gesture of a pushed screen.
    case notDrivable
    /// Anywhere on the screen (`edge_insets` answered none).
    case wholeScreen
    /// Within `leading` points of the leading edge (pops), `trailing` of the trailing edge (pushes).
    case edges(leading: Double, trailing: Double)
}
