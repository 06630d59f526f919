import PlugboardConfig
import PlugboardCore

/// Everything that changes what the user sees is a navigation request: a bar button, a menu
/// selection, a cell, a plugin asking through `plugboard.host.navigation`, the shell. Entry
/// points only build requests; `PlugboardApp.open(_:)` decides what happens (DESIGN.md, "one
/// navigation engine").
package struct NavigationRequest {
    /// What to show.
    package enum Target {
        /// A rivers.json screen, by id.
        case screen(String)
        /// The component screen a nav item opens (live drawer, crossmates, feed).
        case component(NavItem)
        /// Settings or EPG opened by its nav item when rivers.json lists no such screen.
        case whiteLabel(BuiltInScreenType, itemID: String)
        /// The host's cast picker (a chromecast nav item).
        case castPicker(itemID: String)
    }

    /// Where the request comes from: it decides push or present (seed 002).
    package enum Origin: String, Sendable, Codable {
        /// The root's menu: the screen becomes the root's content (the menu button stays).
        case menu
        /// A navigation button of a bar: the screen is presented, with its own bar and a close button.
        case navigationBar = "nav_bar"
        /// A cell of a content screen: the target's `styles.presentation` (push by default).
        case cell
        /// A plugin through `plugboard.host.navigation`, a deep link or the shell: the
        /// presentation asked for, else the target's `styles.presentation`.
        case link
    }

    package var target: Target
    package var origin: Origin
    /// The data source the screen is created with (`data_source_json`); part of its cache key.
    package var dataSource: JSONValue?
    /// The presentation asked for explicitly (links and plugins only).
    package var presentation: ScreenPresentation?
    /// The container the request comes from (a bar's, the visible one for cells); nil: the
    /// visible container.
    var from: StackContainer?
    /// A route's `replace`: the screen becomes the root stack's only one, whatever is presented
    /// above it (the menu's rule dismisses what is presented first).
    var replacesRoot = false
    /// An animation route's `show`: the screen slides in as a drawer over the current one.
    var asDrawer = false
    /// What a route hands the screen before it appears (`plugboard.ext.attributes`).
    package var attributes: Attributes?

    /// A route component's data string and the JSON object passed with it (seed 004's
    /// `updateWithAttributes:`).
    package struct Attributes: Sendable {
        package var data: String?
        package var object: JSONValue?
        package init(data: String?, object: JSONValue?) {
            self.data = data
            self.object = object
        }
    }

    package init(
        _ target: Target, origin: Origin, dataSource: JSONValue? = nil, presentation: ScreenPresentation? = nil
    ) {
        self.target = target
        self.origin = origin
        self.dataSource = dataSource
        self.presentation = presentation
    }
}
