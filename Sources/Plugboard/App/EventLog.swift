/// The app's event log: the newest `capacity` events, oldest first, in a ring, so a long session
/// (a kiosk left running, a fuzzer tapping for hours) keeps a constant amount of memory and
/// recording an event stays O(1).
///
/// The errors and fallbacks (the state's `problems`) are kept in a ring of their own, so the
/// start-up problems of a long session are not pushed out by its lifecycle events.
public struct EventLog: Sendable {
    /// The default capacity: a thousand events is far more than a session of taps shows (each
    /// screen change records four or five), enough for the shell's `events` command and the
    /// simulator's log (which shows the last 200), and a few hundred kilobytes at most.
    public static let defaultCapacity = 1000

    public let capacity: Int
    private var ring: [AppEvent] = []
    /// Where the oldest event is once the ring is full.
    private var start = 0
    private var problemRing: [AppEvent] = []
    private var problemStart = 0
    /// How many events were dropped to keep the newest `capacity`.
    public private(set) var dropped = 0

    public init(capacity: Int = Self.defaultCapacity) { self.capacity = max(1, capacity) }

    /// The kept events, oldest first.
    public var events: [AppEvent] { Array(ring[start...] + ring[..<start]) }

    /// The kept errors and fallbacks, oldest first.
    public var problems: [AppEvent] { Array(problemRing[problemStart...] + problemRing[..<problemStart]) }

    /// This log with room for `capacity` events, keeping the newest.
    public func resized(to capacity: Int) -> EventLog {
        var log = EventLog(capacity: capacity)
        log.ring = Array(events.suffix(log.capacity))
        log.problemRing = Array(problems.suffix(log.capacity))
        log.dropped = dropped + ring.count - log.ring.count
        return log
    }

    static func isProblem(_ event: AppEvent) -> Bool { event.name == "error" || event.name == "fallback" }

    public mutating func append(_ event: AppEvent) {
        Self.push(event, into: &ring, start: &start, capacity: capacity, dropped: &dropped)
        if Self.isProblem(event) {
            var ignored = 0
            Self.push(event, into: &problemRing, start: &problemStart, capacity: capacity, dropped: &ignored)
        }
    }

    private static func push(
        _ event: AppEvent, into ring: inout [AppEvent], start: inout Int, capacity: Int, dropped: inout Int
    ) {
        guard ring.count == capacity else {
            ring.append(event)
            return
        }
        ring[start] = event
        start = (start + 1) % capacity
        dropped += 1
    }
}
