/// The protocol between a supervisor and its engine process: after the handshake (each side's
/// first frame is a `ProtocolHello`, the supervisor's second its `SessionKey`, with which every
/// later frame of the engine is sealed (`FrameSeal`), and its third the `EngineLaunch`, the
/// app to load), the supervisor sends `EngineCall`s and the engine answers
/// each with an `EngineMessage.reply`; before the first call it says `ready` (or `fatal`).
/// Every message is one frame (`EngineFrame`).
package enum EngineProtocol {
    /// Raised whenever a message changes shape: an engine of another build is refused at the
    /// handshake instead of misreading it. 3: messages after the handshake in the wire format;
    /// 4: the launch in the handshake, not on the engine's command line.
    package static let version = 4
}

/// The first frame each side sends: which version of the protocol it speaks. Its shape never
/// changes, so any two builds can read each other's.
package struct ProtocolHello: Codable, Sendable, Equatable {
    package var version: Int

    package init(version: Int = EngineProtocol.version) { self.version = version }

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
