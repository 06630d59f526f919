@_spi(Layers) import PlugboardCore
import PlugboardLoader

/// The app's event log: the newest `capacity` events, oldest first (`RecentItems`), so a long
/// session keeps a constant amount of memory and recording an event stays O(1).
///
/// The errors and fallbacks (the state's `problems`) are kept in a ring of their own, so the
/// start-up problems of a long session are not pushed out by its lifecycle events.
package struct EventLog: Sendable {
    /// The default capacity: a thousand events is far more than a session of taps shows (each
    /// screen change records four or five), enough for the shell's `events` command and the
    /// simulator's log (which shows the last 200), and a few hundred kilobytes at most.
    package static let defaultCapacity = 1000

    /// An event as kept. The events of every screen change (four lifecycle events and an
    /// `open`) are kept as their parts and made into an `AppEvent` when read: recording one then
    /// copies one string and formats none (a tenth of a tap's instructions went to recording).
    enum Entry: Sendable {
        case lifecycle(LifecycleEvent, subject: String)
        /// `subject` opened from `origin` as `presentation` (their raw values).
        case open(subject: String, origin: String, presentation: String)
        case other(AppEvent)

        var event: AppEvent {
            switch self {
            case .lifecycle(let event, let subject): AppEvent(event.rawValue, subject)
            case .open(let subject, let origin, let presentation):
                AppEvent("open", subject, detail: origin + ": " + presentation)
            case .other(let event): event
            }
        }
    }

    private var all: RecentItems<Entry>
    private var problemItems: RecentItems<AppEvent>

    package init(capacity: Int = Self.defaultCapacity) {
        all = RecentItems(capacity: capacity)
        problemItems = RecentItems(capacity: capacity)
    }

    package var capacity: Int { all.capacity }

    /// How many events were dropped to keep the newest `capacity`.
    package var dropped: Int { all.dropped }

    /// How many events were ever recorded: the number the next one gets.
    package var total: Int { all.total }

    /// The kept events, oldest first.
    package var events: [AppEvent] { all.items.map(\.event) }

    /// The kept events numbered `total` or later (`RecentItems.since`).
    package func events(since total: Int) -> [AppEvent] { all.since(total).map(\.event) }

    /// The kept errors and fallbacks, oldest first.
    package var problems: [AppEvent] { problemItems.items }

    /// This log with room for `capacity` events, keeping the newest.
    package func resized(to capacity: Int) -> EventLog {
        var log = self
        log.all = all.resized(to: capacity)
        log.problemItems = problemItems.resized(to: capacity)
        return log
    }

    static func isProblem(_ event: AppEvent) -> Bool { event.name == "error" || event.name == "fallback" }

    package mutating func append(_ event: AppEvent) { append(.other(event)) }

    mutating func append(_ entry: Entry) {
        all.append(entry)
        if case .other(let event) = entry, Self.isProblem(event) { problemItems.append(event) }
    }
}
