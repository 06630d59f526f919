import PlugboardConfig
import PlugboardNavigation
import PlugboardRender

/// What the part of a command the user talks to asks the engine that runs the app: one case per
/// user action or question, never shell text. The shell (`ShellCommand`, the one translation of
/// what a person types), the simulator's routes and the one-shot commands make them; the same
/// values go to an engine in this process (`--in-process`) or, framed (`EngineFrame`), to an
/// engine process under a supervisor.
package enum EngineRequest: Sendable, Equatable {
    // MARK: a user's actions

    /// Tap a numbered tap target, or the view with an identifier.
    case tap(TapReference)
    /// An action that takes no time, on the virtual clock too (`--unanimated`): every change it
    /// makes runs its whole lifecycle at once.
    indirect case unanimated(EngineRequest)
    /// Go back (pop the visible stack).
    case back
    /// Close the presented screen.
    case close
    /// Press the menu (special) button.
    case menu
    /// Select a root menu item by id.
    case select(String)
    /// Switch the device profile.
    case device(DeviceProfile.Kind)
    /// Scroll the visible screen's content to an offset in points, or (`relative`) by one: a
    /// large title collapses into the bar as it goes (seed 003).
    case scroll(Double, relative: Bool)
    /// A gesture (seed 003).
    case swipe(SwipeGesture)
    /// Route changes composed into one transition (seed 004): `push shows + present contact`.
    case route([RouteStep])
    /// Advance the virtual clock by milliseconds.
    case wait(Double)
    /// Switch the transitions' clock.
    case clock(TransitionClock.Mode)
    /// Go to the state a URL of the app's scheme names, as the shell's `open` does (`--open`, `--restore`,
    /// `render --url`, the page's address field, a restarted engine).
    case open(String)
    /// Show a rivers.json screen, pushed from the root as a menu item would (`render --screen`).
    case showScreen(String)
    /// Change the routes (seed 004's `updateRoutes:`), all or none; the reply's text says what
    /// the app had to leave to keep its state URL valid. With no changes, a question: the
    /// reply's text lists the routes, one per line.
    case routes([AppRoutes.Change])

    /// Fit the text drawing to a terminal of this size from now on (nil: not fitted): the
    /// user's window changed size.
    case terminal(TerminalSize?)

    // MARK: questions

    /// Nothing changes: the reply carries the drawing asked for (and the state, if the launch
    /// asks for it).
    case show
    /// Nothing changes: the reply's text drawing shows the next page of its legend (the legend
    /// too long for the terminal beside or below the drawing); any other request starts again
    /// at the first page.
    case more
    /// The reply carries the state, whatever the launch asks for.
    case state
    /// The reply carries the whole event log, not only the events since the last reply.
    case events
    /// The dynamic exports of the app's plugins, one `plugin.name signature` per line.
    case exports
    /// Call a dynamic export with a JSON array of arguments.
    case call(plugin: String, name: String, arguments: String)
    /// `inspect APP`: the app's report, as text or JSON.
    case report(json: Bool)
    /// `inspect LIBRARY`: open the library and probe its plugins, as text or JSON.
    case probe(path: String, json: Bool)

    /// What a supervisor answers when the engine failed while answering this request, once a new
    /// engine is back at the last state URL without the plugin that failed.
    package enum Recovery: Sendable, Equatable {
        /// Asked again: a question, or going to a state (it may fail again only while each
        /// failure leaves out one more plugin, so this ends).
        case repeated
        /// Not repeated: the user's action changed the app, and they are brought back to where
        /// they were instead (the reply is `show`'s).
        case shown
        /// Not repeated: a call into one export or a probe would only fail again, now because
        /// the plugin is left out; the reply is the failure.
        case failed
    }

    package var recovery: Recovery {
        switch self {
        case .unanimated(let request): request.recovery
        // A change of routes is asked again too: the failed engine's changes were not reported,
        // so the new one has the routes as they were before it.
        case .open, .showScreen, .show, .more, .state, .events, .exports, .report, .routes, .terminal: .repeated
        case .tap, .back, .close, .menu, .select, .device, .swipe, .route, .wait, .clock, .scroll: .shown
        case .call, .probe: .failed
        }
    }

    /// A change of route: the shell's `open`, `push`, `present`… (a transition).
    package var isRoute: Bool {
        switch self {
        case .route, .open: true
        default: false
        }
    }

    /// A user's input that changes the app as a touch does: refused while a transition runs
    /// (the router's `start` rule; route changes are refused by the router itself).
    package var isInput: Bool {
        switch self {
        case .unanimated(let request): request.isInput
        case .tap, .back, .close, .menu, .select, .swipe: true
        default: false
        }
    }
}
