import PlugboardCore
import PlugboardLoader

/// What every screen the host draws itself shares (built-in, content, cast picker): a view
/// owner of its own, a root container, the appearance state — the events are only observed,
/// there is no plugin to tell — and releasing every view at destroy.
class HostDrawnScreen: ScreenController {
    let screenID: String
    let screenType: String
    let title: String
    let tree: ViewTree
    let owner: ViewOwner
    /// The root container subclasses add their views to.
    let rootView: ViewHandle
    /// The root view while the screen lives; nil once destroyed.
    private(set) var root: ViewHandle?
    private(set) var appearance = AppearanceState.disappeared

    init(screenID: String, screenType: String, title: String, background: ARGBColor, environment: PlugboardHost) {
        self.screenID = screenID
        self.screenType = screenType
        self.title = title
        tree = environment.views
        owner = environment.makeOwner()
        let root = tree.create(.container, owner: owner)
        try? tree.setIdentifier(root, "screen:\(screenID)", by: owner)
        try? tree.setBackgroundColor(root, background, by: owner)
        rootView = root
        self.root = root
    }

    var view: ViewHandle? { root }

    /// Subclasses frame their views.
    func layout(width: Double, height: Double) {}

    /// Called just before the screen appears (the cast picker shows the connection of now).
    func willAppear() {}

    func appear(observe: (LifecycleEvent) -> Void) {
        guard appearance == .disappeared else { return }
        send(.willAppear, observe: observe)
        send(.didAppear, observe: observe)
    }

    func disappear(observe: (LifecycleEvent) -> Void) {
        guard appearance == .appeared else { return }
        send(.willDisappear, observe: observe)
        send(.didDisappear, observe: observe)
    }

    func send(_ event: LifecycleEvent, observe: (LifecycleEvent) -> Void) {
        guard root != nil, let next = appearance.after(event) else { return }
        if event == .willAppear { willAppear() }
        appearance = next
        observe(event)
    }

    func destroy() {
        guard root != nil else { return }
        disappear { _ in }
        tree.releaseAll(ownedBy: owner)
        root = nil
    }
}
