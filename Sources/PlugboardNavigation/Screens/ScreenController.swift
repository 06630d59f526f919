import PlugboardCore
import PlugboardLoader

/// A screen as the container drives it, whether a plugin draws it or the host does.
package protocol ScreenController: AnyObject {
    /// The rivers.json screen id (or a synthetic id for screens opened from a URL or component).
    var screenID: String { get }
    /// The screen type: a plugin identifier or a built-in type.
    var screenType: String { get }
    /// The title the bar shows.
    var title: String { get }
    var view: ViewHandle? { get }
    var appearance: AppearanceState { get }
    func layout(width: Double, height: Double)
    func appear(observe: (LifecycleEvent) -> Void)
    func disappear(observe: (LifecycleEvent) -> Void)
    /// One lifecycle step, for interactive transitions (ignored when out of order).
    func send(_ event: LifecycleEvent, observe: (LifecycleEvent) -> Void)
    /// Where a gesture for `operation` may start (plugboard.ext.gesture-navigation).
    func gestureArea(_ operation: GestureOperation) -> GestureArea
    /// Where a gesture for `operation` goes: a rivers.json screen id, or nil (the default).
    func gestureTarget(_ operation: GestureOperation) -> String?
    /// The screen's own transition when it moves (plugboard.ext.transition), or nil: the default.
    func transitionSpec(for operation: TransitionOperation) -> TransitionSpec?
    func destroy()
    /// The screen's own bar, when it draws one (plugboard.ext.custom-bar).
    var customBar: CustomBar? { get }
    /// What the screen set on its bar (plugboard.host.screen-bar).
    var barValues: ScreenBarValues { get }
    /// Counts the changes of `barValues`: the same count, the same values.
    var barRevision: UInt64 { get }
}

extension ScreenController {
    /// Host-drawn screens use the app's bar as the model says.
    package var customBar: CustomBar? { nil }
    package var barValues: ScreenBarValues { ScreenBarValues() }
    package var barRevision: UInt64 { 0 }
    /// Host-drawn screens have only the edge back-gesture.
    package func gestureArea(_ operation: GestureOperation) -> GestureArea { .notDrivable }
    package func gestureTarget(_ operation: GestureOperation) -> String? { nil }
    package func transitionSpec(for operation: TransitionOperation) -> TransitionSpec? { nil }
}

/// A screen plugin instance behind the `ScreenController` interface.
final class PluginScreenController: ScreenController {
    let screenID: String
    let screenType: String
    let title: String
    let instance: ScreenInstance
    private var laidOut = SizeMemo()

    init(screenID: String, screenType: String, title: String, instance: ScreenInstance) {
        self.screenID = screenID
        self.screenType = screenType
        self.title = title
        self.instance = instance
    }

    var view: ViewHandle? { instance.view }
    var appearance: AppearanceState { instance.appearance }
    func layout(width: Double, height: Double) {
        if laidOut.changes(to: width, height) { instance.layout(width: width, height: height) }
    }
    func appear(observe: (LifecycleEvent) -> Void) { instance.appear(observe: observe) }
    func disappear(observe: (LifecycleEvent) -> Void) { instance.disappear(observe: observe) }
    func destroy() { instance.destroy() }
    var customBar: CustomBar? { instance.customBar }
    var barValues: ScreenBarValues { instance.host.screenBar }
    var barRevision: UInt64 { instance.host.screenBarRevision }
    func send(_ event: LifecycleEvent, observe: (LifecycleEvent) -> Void) { instance.send(event, observe: observe) }
    func gestureArea(_ operation: GestureOperation) -> GestureArea { instance.gestureArea(operation) }
    func gestureTarget(_ operation: GestureOperation) -> String? { instance.gestureTarget(operation) }
    func transitionSpec(for operation: TransitionOperation) -> TransitionSpec? {
        instance.transitionSpec(for: operation)
    }
}
