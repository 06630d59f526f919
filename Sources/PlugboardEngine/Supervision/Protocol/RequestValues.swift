import PlugboardNavigation

/// What a tap names: a numbered tap target (`tap 3`, a click in the page), or a view by its
/// identifier (`tap nav-item:nb-epg`). Encoded as the bare number or string, as the simulator's
/// `POST /tap {"target": 3 | "nav-item:nb-epg"}` takes it.
package enum TapReference: Codable, Sendable, Hashable {
    case number(Int)
    case identifier(String)

    /// A number when the text is one, else an identifier.
    package init(_ text: String) {
        self = Int(text).map(TapReference.number) ?? .identifier(text)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .identifier(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .identifier(let identifier): try container.encode(identifier)
        }
    }
}

/// One route change (seed 004); several make one transition.
package enum RouteStep: Sendable, Equatable {
    /// A URL of the app's scheme (the text as typed: parsed when it runs, so errors name the column).
    case open(String)
    case push(key: String, data: String?)
    case root(key: String, data: String?)
    case present(String)
    case dismiss(String)
    case pop(Int)
}

/// A swipe as the shell and the page describe it (`swipe back --from 10 --progress 0.3
/// --velocity 500`, a drag from the page's left edge): the engine makes the app's `Swipe` of it.
package struct SwipeGesture: Codable, Sendable, Equatable {
    package enum Direction: String, Codable, Sendable {
        /// From the leading edge: back (a pop).
        case back
        /// From the trailing edge: forward (a push).
        case forward
    }

    package var direction: Direction
    /// The start's distance from the leading edge; nil: the edge the direction starts from.
    package var from: Double?
    /// How far it went, 0…1 of the screen's width.
    package var progress: Double
    /// Points per second in its direction when the finger lifts.
    package var velocity: Double

    package init(_ direction: Direction, from: Double? = nil, progress: Double = 1, velocity: Double = 0) {
        self.direction = direction
        self.from = from
        self.progress = progress
        self.velocity = velocity
    }

    /// The app's swipe.
    package var swipe: Swipe {
        Swipe(direction == .back ? .pop : .push, from: from, progress: progress, velocity: velocity)
    }
}

/// The form of the screen a reply carries when a request asks for one.
package enum DrawingFormat: String, Codable, Sendable, CaseIterable {
    /// Box characters fitted to the launch's terminal, with numbered tap targets.
    case text
    case svg
    /// An SVG that plays the running transition (SMIL); the plain SVG when none runs.
    case animatedSVG
}
