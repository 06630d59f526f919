/// A screen as the container drives it, whether a plugin draws it or the host does.
public protocol ScreenController: AnyObject {
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
    func destroy()
}

/// A screen plugin instance behind the `ScreenController` interface.
final class PluginScreenController: ScreenController {
    let screenID: String
    let screenType: String
    let title: String
    let instance: ScreenInstance

    init(screenID: String, screenType: String, title: String, instance: ScreenInstance) {
        self.screenID = screenID
        self.screenType = screenType
        self.title = title
        self.instance = instance
    }

    var view: ViewHandle? { instance.view }
    var appearance: AppearanceState { instance.appearance }
    func layout(width: Double, height: Double) { instance.layout(width: width, height: height) }
    func appear(observe: (LifecycleEvent) -> Void) { instance.appear(observe: observe) }
    func disappear(observe: (LifecycleEvent) -> Void) { instance.disappear(observe: observe) }
    func destroy() { instance.destroy() }
}
