/// One entry of the app's event log: lifecycle events, navigation actions, fallbacks and errors,
/// in the order they happened. `plugboard run`'s `events` command prints it; tests assert it.
public struct AppEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `will_appear`, `did_appear`, `will_disappear`, `did_disappear`, `open_url`, `cast`,
    /// `special_action`, `fallback`, `error`, …
    public var name: String
    /// The screen, plugin or nav item the event is about.
    public var subject: String
    /// The rest: an error's or a fallback's reason, the URL an `open_url` opened, an `open`'s
    /// origin and presentation, a transition's operation and length; nil when there is none.
    public var detail: String?

    package init(_ name: String, _ subject: String, detail: String? = nil) {
        self.name = name
        self.subject = subject
        self.detail = detail
    }

    public var description: String { "\(name) \(subject)" + (detail.map { ": \($0)" } ?? "") }
}
