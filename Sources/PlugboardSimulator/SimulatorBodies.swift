import PlugboardConfig
import PlugboardEngine

/// The JSON bodies of the simulator's HTTP API. Each request body names what a missing or
/// malformed one should have been, for the 400 that answers it.
protocol SimulatorRequestBody: Decodable {
    /// `give {"url": "app://…"}`.
    static var expected: String { get }
    /// What no body at all means, when it means something (nil: the body is required).
    static var empty: Self? { get }
}

extension SimulatorRequestBody {
    static var empty: Self? { nil }
}

/// `POST /back`, `/close`, `/menu`: nothing to say, so no body or a JSON object (`{}`, what the
/// page sends); anything else (`[]`, text cut short) is a mistake worth a 400, not ignored.
struct NoBody: Decodable, SimulatorRequestBody {
    static let expected = "give no body or {}"
    static let empty: NoBody? = NoBody()

    init() {}

    /// An object, whatever is in it: a struct without properties would otherwise decode from
    /// any JSON value at all.
    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: AnyKey.self)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// `POST /tap`: a tap target's number or a view's identifier.
struct TapBody: Codable, SimulatorRequestBody {
    var target: TapReference
    static let expected = #"give {"target": a tap number or a view identifier}"#
}

/// `POST /open`: a URL of the app's scheme.
struct OpenBody: Codable, SimulatorRequestBody {
    var url: String
    static let expected = #"give {"url": "app://…"}"#
}

/// `POST /command`: one line of the shell, as a person would type it.
struct CommandBody: Codable, SimulatorRequestBody {
    var command: String
    static let expected = #"give {"command": a shell command line}"#
}

/// `POST /device`: the device profile.
struct DeviceBody: Codable, SimulatorRequestBody {
    var device: DeviceProfile.Kind
    static let expected = #"give {"device": "phone" | "tablet"}"#
}

/// `POST /swipe`: a gesture, as the page measures a drag.
extension SwipeGesture: SimulatorRequestBody {
    static let expected = #"give {"direction": "back" | "forward", "progress": 0…1, "velocity": points per second}"#
}

/// What a request that fails answers: status 400, or 403/415 for one `SimulatorGate` refuses.
struct ErrorBody: Codable, Equatable {
    var error: String
}
