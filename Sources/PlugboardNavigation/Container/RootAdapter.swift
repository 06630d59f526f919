import PlugboardCore
import PlugboardLoader

/// The root as the container drives it: a root plugin instance, or the built-in side menu.
protocol RootAdapter: AnyObject {
    /// The plugin id, or `builtin.side_menu`.
    var identifier: String { get }
    var view: ViewHandle? { get }
    /// Answers `plugboard.ext.special-action`: the menu button is shown.
    var hasSpecialAction: Bool { get }
    /// Answers `plugboard.ext.placement`: the root places the bar itself.
    var placesNavigationBar: Bool { get }
    /// Is given the bar's area when it places the bar (`place_nav_bar_in`, ABI 1.3).
    var takesNavigationBarArea: Bool { get }
    func layout(width: Double, height: Double)
    func selectItem(_ navItemID: String)
    @discardableResult func performSpecialAction() -> Bool
    @discardableResult func placeNavigationBar(_ bar: ViewHandle, placement: Placement, area: NavigationBarArea) -> Bool
    func destroy()
}

extension RootInstance: RootAdapter {
    var identifier: String { descriptor.id }
}
