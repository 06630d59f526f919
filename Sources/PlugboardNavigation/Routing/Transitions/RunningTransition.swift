import PlugboardCore
import PlugboardLoader

/// The runtime's clock for transitions (seed 003). `instant`: every transition's time passes at
/// once, as a script expects; `virtual`: time passes only when told (`wait`), so a transition can
/// be watched, drawn halfway and tested without depending on timing.
package final class TransitionClock {
    package enum Mode: String, Sendable, Codable { case instant, virtual }

    // Unchecked: plain values only ever assigned whole, so no access can overlap another, and
    // the run-time exclusivity check on every read of the clock was pure cost.
    @exclusivity(unchecked) package var mode = Mode.instant
    /// Milliseconds since the app started, on this clock.
    @exclusivity(unchecked) package internal(set) var now = 0.0

    package init() {}
}

/// A transition under way on the virtual clock: what moves, how, and the did_* events its end
/// sends.
package final class RunningTransition {
    package let operation: TransitionOperation
    package let spec: TransitionSpec
    let start: Double
    let container: StackContainer
    /// The screen that moves: the pushed or presented one, or the popped one; nil for the menu.
    let mover: ScreenEntry?
    /// The screen it moves over or uncovers, kept in sight until the end.
    let other: ScreenEntry?
    let finish: () -> Void
    /// Seed 003: the bar as it looked for the outgoing screen (a still copy, `ViewTree.snapshot`),
    /// travelling with the outgoing screen while the bar itself travels with the incoming one;
    /// push and pop only (a presented container's layer moves with its own bar).
    var barSnapshot: ViewHandle?
    /// Where the bar rests, read once the transition's first frame is laid out.
    var barResting: Rect?
    /// XZNavigationController's shadow on the moving screen's leading edge.
    var shadow: ViewHandle?

    init(
        operation: TransitionOperation, spec: TransitionSpec, start: Double, container: StackContainer,
        mover: ScreenEntry?, other: ScreenEntry?, finish: @escaping () -> Void
    ) {
        self.operation = operation
        self.spec = spec
        self.start = start
        self.container = container
        self.mover = mover
        self.other = other
        self.finish = finish
    }

    package var end: Double { start + spec.duration }

    /// How far the mover has arrived at `now` (0…1, on the curve): a leaving mover goes from 1 to 0.
    package func arrival(at now: Double) -> Double {
        let fraction = spec.duration > 0 ? (now - start) / spec.duration : 1
        let eased = spec.curve.value(at: fraction)
        return operation.moverArrives ? eased : 1 - eased
    }
}

/// What `state` shows of a running transition.
public struct TransitionState: Sendable, Hashable, Codable {
    /// The change being animated: push, pop, present, dismiss, or the side menu opening or
    /// closing.
    public var operation: TransitionOperation
    /// The id of the screen that moves (the pushed or presented one, the popped or dismissed
    /// one); `menu` for the side menu.
    public var screen: String
    /// The transition's length, in milliseconds.
    public var duration: Double
    /// How it eases.
    public var curve: TransitionSpec.Curve
    /// The edge the moving screen comes from or leaves to, or `fade`.
    public var direction: TransitionSpec.Direction
    /// Milliseconds since it started, on the app's transition clock (which moves only when told
    /// to in virtual mode).
    public var elapsed: Double
    /// Which bar travels with the moving screen, the same way (seed 003): `incoming` (a push:
    /// the bar, already the pushed screen's, slides in over the outgoing screen's, which stays),
    /// `outgoing` (a pop: the popped screen's bar leaves with it), `own` (a presented container's
    /// bar, in its layer); nil when no bar moves (the side menu, a screen without a bar).
    public var bar: BarTravel?

    /// Which bar moves with the screen: see `bar`.
    public enum BarTravel: String, Sendable, Hashable, Codable { case incoming, outgoing, own }
}
