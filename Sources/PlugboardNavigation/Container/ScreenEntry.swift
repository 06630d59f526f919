import PlugboardConfig
import PlugboardCore
import PlugboardLoader
import Synchronization

/// One screen in a stack: its controller, its cache key and what the bar needs to know about it.
///
/// Nothing holds a weak reference to an entry: a weak reference gives its object a side table
/// for good, and every retain and release of that object then takes the runtime's slow path
/// (a fifth of a tap's instructions, with the app's). Whoever needs to name an entry without
/// owning it keeps its `serial`.
package final class ScreenEntry {
    /// Unique among every entry this process makes: an entry's name that outlives it.
    let serial = ScreenEntry.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)

    package let controller: any ScreenController
    /// The rivers.json screen, or nil for screens opened from a component item.
    let screen: Screen?
    /// Built-in Settings / EPG, or a plugin marked `white_label`: its bar is forced on_top.
    let isWhiteLabel: Bool
    /// The screen id and data source it was opened with.
    let key: ScreenCache.Key
    /// How many stacks hold this screen now (kept by `ScreenStack`): in use while above zero.
    /// The cache holding the screen hears when it goes on its first stack or off its last one.
    var stacksHolding = 0 {
        didSet {
            guard (oldValue > 0) != (stacksHolding > 0) else { return }
            cache?.screenOnStacksChanged(by: stacksHolding > 0 ? 1 : -1)
        }
    }
    /// The cache this screen is in, if any. Set and cleared by `ScreenCache` as the screen comes
    /// and goes, and by its `deinit`: never a cache that is gone, so unowned and unchecked (not
    /// weak, which would give the cache a side table; see above).
    unowned(unsafe) var cache: ScreenCache?
    /// The container this screen was last presented in, kept out of sight with its bar and views
    /// since it was dismissed, for the screen's next presentation (`PlugboardApp.release`).
    var keptContainer: StackContainer?
    /// Its state URL component's data when opened after the screen `after`
    /// (`PlugboardApp.routeData(of:after:)`).
    var routeData: (after: String?, data: String?)?
    /// How far the screen's content is scrolled, in points (`PlugboardApp.scroll`): a large
    /// title's row shrinks by as much, down to nothing (seed 003). Kept while the screen lives.
    var scrollOffset = 0.0
    /// What the screen set on its own bar (seed 003): applied whenever it is on top.
    var bar: ScreenBarValues {
        var values = controller.barValues
        if values.prefersLargeTitle == nil, screen?.styles.prefersLargeTitle == true { values.prefersLargeTitle = true }
        return values
    }

    init(controller: any ScreenController, screen: Screen?, isWhiteLabel: Bool, key: ScreenCache.Key) {
        self.controller = controller
        self.screen = screen
        self.isWhiteLabel = isWhiteLabel
        self.key = key
    }

    /// `styles.force_nav_bar_hidden`: no bar for this screen.
    var forcesBarHidden: Bool { screen?.styles.forceNavBarHidden ?? false }

    /// `styles.content_under_nav_bar`: the screen asks to start under an overlay bar.
    var asksToGoUnderBar: Bool { screen?.styles.contentUnderNavBar ?? false }
}

/// The root state's stack, or one presented container: a stack of screens with its own bar and
/// its own layer of host views.
package final class StackContainer {
    /// The root state's stack; a container presented from a bar (its own bar, a close button);
    /// a drawer over the current screen (a live drawer).
    package enum Kind: String { case root, presented, drawer }

    package let kind: Kind
    let stack = ScreenStack()
    /// The screen a presented container (or drawer) was made for, by its `serial`: it keeps the
    /// container once dismissed, while it stays cached. Not a reference: the screen owns its kept
    /// container, not the reverse (and see `ScreenEntry`).
    var madeFor: (key: ScreenCache.Key, serial: UInt64)?
    /// This container's bar instance (the root state's, or the presented container's own).
    /// Read-only outside: the storage stays internal so its accesses need no run-time
    /// exclusivity checks (see `PlugboardApp.settings`).
    package var bar: NavigationBarInstance? { barInstance }
    var barInstance: NavigationBarInstance?
    /// The bar's model as last applied, for the state snapshot.
    var appearance = NavigationBarAppearance()
    var contextButton = ContextButton.none
    /// What the bar was last customised for (`NavigationBarManager.customizeIfChanged`).
    var customizedFor: NavigationBarManager.CustomizationKey?
    /// The top screen's own bar, when it draws one (asked at every customisation).
    var customBar: CustomBar?
    package let layer: ViewHandle
    /// Seed 001's status-bar container: shown only without the UI Builder bar.
    package let statusBar: ViewHandle
    /// The bar's area. An image view: with the UI Builder bar it also covers the status-bar
    /// space and paints it with the bar's background, which may be an image.
    package let barSlot: ViewHandle
    package let content: ViewHandle

    init(kind: Kind, tree: ViewTree) {
        self.kind = kind
        layer = tree.create(.container, owner: .host)
        statusBar = tree.create(.container, owner: .host)
        barSlot = tree.create(.image, owner: .host)
        content = tree.create(.container, owner: .host)
        for (view, name) in [
            (layer, "layer"), (statusBar, "status-bar"), (barSlot, "navigation-bar"), (content, "content"),
        ] {
            try? tree.setIdentifier(view, kind.rawValue + ":" + name, by: .host)  // no reflection
        }
        try? tree.addChild(content, to: layer, by: .host)
        try? tree.addChild(barSlot, to: layer, by: .host)
        try? tree.addChild(statusBar, to: layer, by: .host)
    }

    package var top: ScreenEntry? { stack.last }

    /// The placement in effect for the visible screen: a translucent bar (the screen's value or
    /// its own bar's) lets the content run under it, as overlay does.
    var placement: Placement {
        if (bar == nil && customBar == nil) || top?.forcesBarHidden == true { return .hidden }
        if appearance.placement == .onTop && (appearance.isTranslucent || customBar?.isTranslucent == true) {
            return .overlay
        }
        return appearance.placement
    }

    /// True when the visible screen's content runs under an overlay bar rather than starting
    /// below it: the screen asks so (`content_under_nav_bar`), or makes its bar translucent
    /// (seed 003; screen_bar.h: "the content runs under it").
    var contentGoesUnderBar: Bool { top?.asksToGoUnderBar == true || runsUnderTranslucentBar }

    /// The bar is translucent (the screen's value or its own bar's): every screen runs under it.
    var runsUnderTranslucentBar: Bool { appearance.isTranslucent || customBar?.isTranslucent == true }

    /// True when the bar area is the large-title height.
    var prefersLargeTitle: Bool { customBar?.prefersLargeTitles ?? appearance.prefersLargeTitle }
}
