/// Every change to the app's stacks and menu, as a value (#32).
///
/// The entry points build one and hand it to `PlugboardApp.perform`. These are taps on bar
/// buttons and cells, the root's menu, plugins through `plugboard.host.navigation`, edge
/// gestures, each step of a URL's diff, composed transitions, the shell, the simulator and a
/// restore.
///
/// `perform` is the one door to the stacks. Each change inside it runs through `transition`:
/// lifecycle events in the documented order, bars customised, the root told its selection, the
/// invariants checked. The named methods (`back()`, `close()`, `menu()`, `selectRootItem(_:)`,
/// `open(_:)`) are the door's handles for Swift callers; they build the request and perform it.
package enum AppRequest {
    /// Open a screen as the request's origin says (seed 002): push, present, drawer, root.
    case open(NavigationRequest)
    /// Pop the visible container's top screen.
    case back
    /// Dismiss the top presented container.
    case close
    /// Dismiss a presented container wherever it is (a URL's hidden route).
    case dismiss(StackContainer)
    /// Pop the root stack until the screen at the index is on top.
    case popRoot(toIndex: Int)
    /// The menu button: open or close the side menu.
    case menu
    /// Select the root menu's item with this id.
    case select(item: String)
}

extension PlugboardApp {
    /// Carries out `request`; false when it changed nothing (nothing to pop or close, no menu
    /// button, an unknown screen or item). Unless `animated`, on the virtual clock too it takes
    /// no time: the lifecycle runs whole before this returns.
    @discardableResult
    package func perform(_ request: AppRequest, animated: Bool = true) -> Bool {
        animating(animated) { performNow(request) }
    }

    private func performNow(_ request: AppRequest) -> Bool {
        switch request {
        case .open(let request): return openScreen(request)
        case .back: return popVisible()
        case .close: return dismissTop()
        case .dismiss(let container): return dismissContainer(container)
        case .popRoot(let index): return popRootStack(toIndex: index)
        case .select(let item): return selectItem(item)
        case .menu:
            // Not a stack change, so no transition ends it: the invariants are checked here.
            let changed = toggleMenu()
            requestEnded()
            return changed
        }
    }
}
