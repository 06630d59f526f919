import Crypto
import Foundation
import PlugboardConfig
import PlugboardLoader
import PlugboardRender
import TestSupport
import Testing

@_spi(Layers) @testable import PlugboardCore
@testable import PlugboardEngine
@testable import PlugboardHarness
@testable import PlugboardNavigation

/// The engine protocol's values survive the wire: every request, every message and the handshake
/// come out of encode → frame → read exactly as they went in.
@Suite struct EngineProtocolTests {
    /// One request of every case (`caseName` is exhaustive, so a new case must be added here).
    static let requests: [EngineRequest] = [
        .tap(.number(3)), .tap(.identifier("nav-item:nb-epg")), .back, .close, .menu, .select("m-shows"),
        .device(.tablet), .swipe(SwipeGesture(.back, from: 10, progress: 0.3, velocity: 500)),
        .swipe(SwipeGesture(.forward)),
        .route([
            .open("app://home/shows?menu=v"), .push(key: "show-details", data: "42"), .root(key: "news", data: nil),
            .present("contact"), .dismiss("menu"), .pop(2),
        ]),
        .wait(175.5), .clock(.virtual), .open("app://home/shows"), .showScreen("shows"), .show, .more, .state, .events,
        .exports, .call(plugin: "epg", name: "epg_tune", arguments: "[5]"), .report(json: true),
        .probe(path: "/p/libA.so", json: false), .unanimated(.back),
        .unanimated(.route([.push(key: "news", data: nil)])), .routes([]), .scroll(30, relative: false),
        .scroll(-12.5, relative: true), .terminal(TerminalSize(columns: 120, rows: 40)), .terminal(nil),
        .routes([
            .init(
                key: "up", screenID: "news", kind: .stack,
                transition: .init(duration: 250, curve: .easeOut, direction: .fromTop)),
            .init(key: "news", screenID: nil),
        ]),
    ]

    static func caseName(_ request: EngineRequest) -> String {
        switch request {
        case .tap: "tap"
        case .unanimated: "unanimated"
        case .back: "back"
        case .close: "close"
        case .menu: "menu"
        case .select: "select"
        case .device: "device"
        case .swipe: "swipe"
        case .route: "route"
        case .wait: "wait"
        case .clock: "clock"
        case .open: "open"
        case .showScreen: "showScreen"
        case .show: "show"
        case .more: "more"
        case .state: "state"
        case .events: "events"
        case .exports: "exports"
        case .call: "call"
        case .report: "report"
        case .probe: "probe"
        case .routes: "routes"
        case .scroll: "scroll"
        case .terminal: "terminal"
        }
    }

    /// `value` framed, then read back from a buffer fed the frame in two pieces.
    static func roundTrip<Message: WireCodable>(_ value: Message) throws -> Message? {
        try EngineFrame.decode(Message.self, from: reassembled(EngineFrame.encode(value)))
    }

    /// A frame's payload, read from a buffer fed the frame in two pieces.
    static func reassembled(_ frame: Data) throws -> Data {
        var buffer = FrameBuffer()
        buffer.append(frame.prefix(3))
        #expect(try buffer.next() == nil)  // not whole yet
        buffer.append(frame.dropFirst(3))
        let payload = try #require(try buffer.next())
        #expect(try buffer.next() == nil)
        return payload
    }

    @Test func theExamplesCoverEveryCase() {
        #expect(Set(Self.requests.map(Self.caseName)).count == 24)
    }

    @Test(arguments: EngineProtocolTests.requests)
    func everyRequestRoundTrips(_ request: EngineRequest) throws {
        for drawing in [nil] + DrawingFormat.allCases {
            let call = EngineCall(request, drawing: drawing)
            #expect(try Self.roundTrip(call) == call)
        }
    }

    @Test func everyMessageRoundTrips() throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        let create = PluginCall("create", kind: .screen, plugin: "acme", library: "/p/libA.so")
        var failure = ContainedFailure(ending: .signal(SIGSEGV), calls: [create], log: ["acme warning: low"])
        failure.leftOut = "plugin \"acme\""
        failure.stateURL = "app://home"
        var reply = EngineReply(succeeded: true, text: "{\"channel\":5}")
        reply.drawing = "<svg/>"
        reply.stateURL = app.stateURL.description
        reply.state = EngineState(app: app)
        reply.events = app.events
        reply.failures = [
            failure, ContainedFailure(ending: .exited(0), calls: [], log: []),
            ContainedFailure(ending: .timedOut(seconds: 1.5), calls: [], log: []),
            ContainedFailure(ending: .brokeProtocol("garbage"), calls: [], log: []),
        ]
        var ready = EngineReady(startup: ["fallback builtin.side_menu: missing"], stateURL: "app://home")
        ready.failures = [failure]
        let messages: [EngineMessage] = [
            .ready(ready), .fatal("invalid rivers.json"), .reply(reply), .reply(.failed("nothing to go back to")),
        ]
        for message in messages {
            var expected = message
            if case .reply(var read) = message, let state = read.state {
                // Read from the wire, a state has its text too.
                read.stateJSON = ShellSession.json(state, pretty: false)
                expected = .reply(read)
            }
            #expect(try Self.roundTrip(message) == expected)
        }
        let hello = try Self.reassembled(EngineFrame.encodeHandshake(ProtocolHello()))
        #expect(try EngineFrame.decodeHandshake(ProtocolHello.self, from: hello) == ProtocolHello())
        let key = FrameSeal().message
        #expect(
            try EngineFrame.decodeHandshake(SessionKey.self, from: Self.reassembled(EngineFrame.encodeHandshake(key)))
                == key)
    }

    /// Each frame's seal is the standard HMAC-SHA256 of its number (8 bytes, big-endian) and its
    /// payload, under the session's key (what an engine written in another language computes):
    /// the keyed HMAC the seal copies for each frame is never changed by a frame. A frame opens
    /// only as the next one, and a changed byte or a frame from another session is refused.
    @Test func aSealIsTheHMACOfTheFramesNumberAndPayload() throws {
        let key = SymmetricKey(size: .bits256)
        let message = SessionKey(key: key.withUnsafeBytes { $0.hexDigits })
        var sealing = try #require(FrameSeal(message))
        var opening = try #require(FrameSeal(message))
        let payloads = [Data("first".utf8), Data(), Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0) })]
        var frames: [Data] = []
        for (number, payload) in payloads.enumerated() {
            let frame = sealing.seal(payload)
            let expected = HMAC<SHA256>.authenticationCode(
                for: withUnsafeBytes(of: UInt64(number).bigEndian) { Data($0) } + payload, using: key)
            #expect(frame == payload + Data(expected))
            #expect(try opening.open(frame) == payload)
            frames.append(frame)
        }
        var again = try #require(FrameSeal(message))
        #expect(throws: FrameError.self) { try again.open(frames[1]) }  // out of order
        var changed = frames[0]
        changed[0] ^= 1
        var fresh = try #require(FrameSeal(message))
        #expect(throws: FrameError.self) { try fresh.open(changed) }
        var other = FrameSeal()
        #expect(throws: FrameError.self) { try other.open(frames[0]) }
    }

    /// The launch is the supervisor's first message after the handshake, in the wire format
    /// written by hand: every field a supervisor can set arrives as it was set. The stored
    /// properties are counted, so one added to the launch or a value in it, and not to its wire
    /// form (`EngineLaunch+Wire`) and to this test, fails here.
    @Test func aLaunchCrossesTheWireWhole() throws {
        var launch = EngineLaunch(folder: "/apps/news", searchPath: LibrarySearchPath(["/a", "/b c"]))
        launch.pluginsFile = "/apps/other/plugins.json"
        launch.riversFile = "/apps/other/rivers.json"
        launch.searchPath.allowsUnsafeFiles = true
        launch.device = .tablet
        launch.exclusions.libraries = ["/plugins/libEvil.so": "SIGSEGV in entry"]
        launch.exclusions.plugins = ["evil": "exit(3) in create"]
        launch.openURLCommand = "xdg-open"
        launch.opensURLs = false
        launch.sandbox.network = true
        launch.sandbox.read = ["/data"]
        launch.sandbox.write = ["/tmp/out \"quoted\""]
        launch.sandbox.memoryLimitMiB = 512
        launch.sandbox.openFiles = 64
        launch.sandbox.scratchLimitMiB = 16
        launch.includesState = true
        launch.loadsApp = false
        launch.logLevel = "debug"
        launch.terminal = TerminalSize(columns: 80, rows: 24)
        launch.startURL = "app://home?epg=v"
        launch.routeChanges = [
            AppRoutes.Change(key: "guide", screenID: "epg", kind: .modal), AppRoutes.Change(key: "gone", screenID: nil),
        ]
        #expect(try Self.roundTrip(launch) == launch)
        launch.routeChanges = []
        launch.terminal = nil
        launch.device = nil
        #expect(try Self.roundTrip(launch) == launch)

        func storedProperties(_ value: Any) -> Int { Mirror(reflecting: value).children.count }
        #expect(storedProperties(launch) == 15)
        #expect(storedProperties(launch.searchPath) == 2)
        #expect(storedProperties(launch.exclusions) == 2)
        #expect(storedProperties(launch.sandbox) == 6)
        #expect(storedProperties(TerminalSize(columns: 80, rows: 24)) == 2)
    }

    /// The handshake's messages are JSON written and read by hand: a hello is read for its version
    /// whatever else a later build's hello says; a key is `{"key": "…"}` and nothing else.
    @Test func theHandshakeIsReadByHand() throws {
        let hello = Data(#"{"version":7,"features":["x"]}"#.utf8)
        #expect(try EngineFrame.decodeHandshake(ProtocolHello.self, from: hello) == ProtocolHello(version: 7))
        for text in [#"{"version":"4"}"#, "[4]", "", #"{"version":4.5}"#] {
            #expect(throws: FrameError.self) {
                try EngineFrame.decodeHandshake(ProtocolHello.self, from: Data(text.utf8))
            }
        }
        let key = SessionKey(key: "ab\"\\ü")
        #expect(try EngineFrame.decodeHandshake(SessionKey.self, from: Data(key.json.utf8)) == key)
        for text in [#"{"key":"ab","more":1}"#, #"{"key":1}"#, #"{"keys":"ab"}"#] {
            #expect(throws: FrameError.self) { try EngineFrame.decodeHandshake(SessionKey.self, from: Data(text.utf8)) }
        }
    }

    /// `serve` answers a state read from the wire as it came: that text must be what encoding the
    /// state as `run --json` does would give, byte for byte, in every state (here the Showcase's
    /// home, a presented Guide with its targets, the menu, another root item and the tablet).
    @Test func aStateFromTheWireIsRunJSONsLineForIt() throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        let steps: [(PlugboardApp) throws -> Void] = [
            { _ in }, { try $0.tap(identifier: "nav-item:nb-epg") }, { _ = $0.close() }, { _ = $0.menu() },
            { _ = $0.selectRootItem("m-news") }, { $0.setDevice(.tablet) },
        ]
        for step in steps {
            try step(app)
            var reply = EngineReply(succeeded: true)
            reply.state = EngineState(app: app)
            guard case .reply(let read)? = try Self.roundTrip(EngineMessage.reply(reply)) else {
                Issue.record("no reply read back")
                continue
            }
            let text = try #require(read.stateJSON)
            #expect(text == ShellSession.json(ShellState(try #require(read.state)), pretty: false))
            #expect(read.state == reply.state && !text.contains("\n"))
        }
    }

    /// The engine hosts plugins, so its state text may be forged. One a reader could take for
    /// another state than the one decoded (a second `url`, a `problems` beside the real ones)
    /// never reaches `serve`'s clients: the reply is refused as a broken message, saying why.
    @Test func aForgedStateTextIsRefused() throws {
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        var reply = EngineReply(succeeded: true)
        reply.state = EngineState(app: app)
        let honest = ShellSession.json(try #require(reply.state), pretty: false)
        let forgeries = [
            (
                honest.replacingOccurrences(of: #"{"state":{"#, with: #"{"state":{"url":"app://evil","#),
                "$.state: the key 'url' is repeated"
            ),
            ("{\"problems\":[\"forged\"]," + honest.dropFirst(), "$: the key 'problems' is not one this value has"),
        ]
        for (forged, why) in forgeries {
            #expect(try JSONSerialization.jsonObject(with: Data(forged.utf8)) is [String: Any])
            reply.stateJSON = forged
            #expect {
                _ = try Self.roundTrip(EngineMessage.reply(reply))
            } throws: { error in
                "\(error)".contains("EngineState as JSON (\(why))")
            }
        }
    }

    @Test func aTapTargetIsTheBareNumberOrIdentifier() throws {
        let encoded = try JSONEncoder().encode([TapReference.number(3), .identifier("nav-item:nb-epg")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"[3,"nav-item:nb-epg"]"#)
        #expect(TapReference("12") == .number(12))
        #expect(TapReference("two words") == .identifier("two words"))
    }

    @Test func anotherProtocolVersionIsRefusedNamingBoth() {
        #expect(throws: Never.self) { try ProtocolHello().check() }
        let theirs = EngineProtocol.version + 98
        #expect(throws: FrameError.unsupportedVersion(theirs: theirs, ours: EngineProtocol.version)) {
            try ProtocolHello(version: theirs).check()
        }
        let message = FrameError.unsupportedVersion(theirs: theirs, ours: EngineProtocol.version).description
        #expect(message.contains("version \(theirs)") && message.contains("version \(EngineProtocol.version)"))
    }
}
