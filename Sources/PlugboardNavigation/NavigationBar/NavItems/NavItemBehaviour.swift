import PlugboardConfig
import PlugboardCore

/// What a nav item does when pressed, by type. Seed 000 gives each navigation button type its
/// own class "so the logic of each can be different"; here each type is one file with one
/// behaviour, found by type the way bar styles are. Adding a type is adding one file and its
/// name to `NavItemBehaviours.all`.
protocol NavItemBehaviour {
    /// The nav-item types this behaviour serves.
    static var types: [NavItemType] { get }
    /// Carries out `item`. False when it does nothing (the caller records `whyIgnored`).
    static func perform(_ item: NavItem, _ context: NavItemContext) -> Bool
    /// Why `perform` did nothing, for the `ignored` event.
    static func whyIgnored(_ item: NavItem) -> String
}

extension NavItemBehaviour {
    static func whyIgnored(_ item: NavItem) -> String { "no target and no URL" }
}

/// Where a nav item was pressed, and the engine to hand requests to.
struct NavItemContext {
    let app: PlugboardApp
    let origin: NavigationRequest.Origin
    /// The bar's container, or the root's for menu items.
    let container: StackContainer

    /// Hands a request for `target` to the engine, from where the item was pressed.
    func open(_ target: NavigationRequest.Target, dataSource: JSONValue?) -> Bool {
        var request = NavigationRequest(target, origin: origin, dataSource: dataSource)
        request.from = container
        return app.open(request)
    }
}

enum NavItemBehaviours {
    static var all: [any NavItemBehaviour.Type] {
        [
            ScreenButton.self, LiveDrawerButton.self, CrossmatesButton.self, FeedButton.self, ChromecastButton.self,
            WhiteLabelButton.self,
            PluginCallButton.self,
        ]
    }

    static func behaviour(for type: NavItemType) -> (any NavItemBehaviour.Type)? {
        all.first { $0.types.contains(type) }
    }
}
