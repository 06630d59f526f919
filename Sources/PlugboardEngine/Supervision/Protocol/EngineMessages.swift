import Foundation
import PlugboardCore

/// The protocol between a supervisor and its engine process: after the handshake (each side's
/// first frame is a `ProtocolHello`, the supervisor's second its `SessionKey`, with which every
/// later frame of the engine is sealed: `FrameSeal`), the supervisor sends the `EngineLaunch`
/// (the app to load), then `EngineCall`s, and the engine answers
/// each with an `EngineMessage.reply`; before the first call it says `ready` (or `fatal`).
/// Every message is one frame (`EngineFrame`).
package enum EngineProtocol {
    /// Raised whenever a message changes shape: an engine of another build is refused at the
    /// handshake instead of misreading it. 3: messages after the handshake in the wire format;
    /// 4: the launch in the handshake, not on the engine's command line; 5: the scratch folder
    /// on the engine's command line, not in the launch; 6: the `terminal` request, the scratch folder's limit.
    package static let version = 6
}

/// A message of the handshake, as JSON written and read by hand with the project's parser:
/// each side's first words, said before `Codable`'s machinery (whose first use in a process cost
/// about a millisecond) is needed for anything else.
package protocol HandshakeMessage {
    /// The message as JSON.
    var json: String { get }
    /// The message of `json`; nil when it is not one.
    init?(json: Data)
}

/// The first frame each side sends: which version of the protocol it speaks. Its shape never
/// changes, so any two builds can read each other's; a hello is read for its version alone, so a
/// build whose hello says more is still told which version this side speaks.
package struct ProtocolHello: Sendable, Equatable, HandshakeMessage {
    package var version: Int

    package init(version: Int = EngineProtocol.version) { self.version = version }

    package var json: String { "{\"version\":\(version)}" }

    package init?(json: Data) {
        guard case .number(let number)? = (try? JSONParser.parse(json))?["version"]?.value, let version = number.int
        else { return nil }
        self.version = version
    }

    /// Refuses a peer that speaks another version, naming both.
    package func check() throws(FrameError) {
        guard version == EngineProtocol.version else {
            throw .unsupportedVersion(theirs: version, ours: EngineProtocol.version)
        }
    }
}

/// One request on the wire: what to do, and the drawing the reply should carry, if any.
package struct EngineCall: Sendable, Equatable {
    package var request: EngineRequest
    package var drawing: DrawingFormat?

    package init(_ request: EngineRequest, drawing: DrawingFormat? = nil) {
        self.request = request
        self.drawing = drawing
    }
}

/// One message from an engine process to its supervisor.
package enum EngineMessage: Sendable, Equatable {
    case ready(EngineReady)
    /// The engine cannot go on (an invalid configuration, a malformed request): why, then it exits.
    case fatal(String)
    case reply(EngineReply)
}
