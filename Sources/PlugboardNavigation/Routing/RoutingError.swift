import PlugboardCore

/// Why a URL or a transition could not be carried out; nothing changed.
public enum RoutingError: Error, Equatable, CustomStringConvertible {
    /// The URL's scheme is not the app's.
    case wrongScheme(url: String, expected: String)
    /// A key names no route of the app.
    case unknownRoute(String)
    /// A route that cannot be used that way (a screen route as a component… of the wrong kind).
    case unusable(String)
    /// `start` while another transition runs (seed 004: it fails at once; `enqueue` waits).
    case busy
    /// The URL has no components: every state has at least the root screen.
    case noRoot(String)
    case malformedURL(RouteURLError)
    /// A transition had not finished when the app shut down.
    case cancelled(String)

    public var description: String {
        switch self {
        case .wrongScheme(let url, let expected): "\(url): the app's scheme is '\(expected)'"
        case .unknownRoute(let key): "no route '\(key)' (screen ids of rivers.json, the settings' routes, menu)"
        case .unusable(let why): why
        case .busy: "a transition is running; use enqueue to wait for it"
        case .noRoot(let url): "\(url): a URL needs the root screen as its first component"
        case .malformedURL(let error): "\(error)"
        case .cancelled(let why): why
        }
    }
}
