import Foundation
import PlugboardIsolation

/// The engine process's side of supervision (the CLI's hidden `__engine` subcommand): says which
/// protocol version it speaks and checks the supervisor's, reads its session key and its launch,
/// loads the app, then answers one framed `EngineCall` at a time on standard input with one framed
/// `EngineMessage`, with every call into plugin code recorded in the supervisor's flight recorder.
///
/// The launch comes through the pipe, not the command line, so a supervisor may start its engine
/// before it knows the launch (`EngineProcess.prestart`): the engine's own start then overlaps
/// the supervisor's. A supervisor that ends before its hello never needed the engine, which
/// ends without a word.
///
/// Standard output is kept for the replies alone: it is duplicated to a private descriptor and
/// descriptor 1 is pointed at standard error, so a plugin's `printf` cannot corrupt a reply.
/// A malformed request (garbage, a truncated or oversized frame, another protocol version) ends
/// the engine: it says why (a `fatal` message and a line on standard error) and exits with
/// `protocolFailureStatus`, rather than guess.
package enum EngineChild {
    /// The exit status of an engine that could not read its supervisor.
    package static let protocolFailureStatus: Int32 = 2
    /// The exit status of an engine whose reply or request pipe was replaced under it (plugin
    /// code closed it or put another file over its descriptor): it cannot answer, and says so.
    package static let pipeReplacedStatus: Int32 = 4

    /// `scratch` is the folder its supervisor made for it (`--scratch`, `EngineScratch`): its
    /// `TMPDIR`, the one folder it may write. `startLogging` is given the launch as soon as it
    /// is read, before anything logs.
    package static func main(
        recorder: Result<FlightRecorder, any Error>, scratch: String?, startLogging: (EngineLaunch) -> Void
    ) -> Never {
        let replies = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let pipes = PipeIdentity(replies: replies, requests: STDIN_FILENO)
        // Every frame after the hello is sealed with the supervisor's key (`FrameSeal`).
        var seal: FrameSeal?
        func send(_ message: EngineMessage) {
            pipes.check()
            if !EngineFrame.write(message, to: replies, seal: &seal) { _exit(1) }  // the supervisor is gone
        }
        let requests = FrameReader(descriptor: STDIN_FILENO)
        EngineFrame.writeHandshake(ProtocolHello(), to: replies)
        let engine: AppEngine
        var gaps: [String] = []
        do {
            guard let hello = try requests.nextHandshake(ProtocolHello.self) else { end(removing: scratch) }
            try hello.check()
            guard let key = try requests.nextHandshake(SessionKey.self).flatMap(FrameSeal.init) else {
                throw FrameError.undecodable("no session key after the handshake")
            }
            seal = key
            guard let launch = try requests.next(EngineLaunch.self) else {
                throw FrameError.undecodable("no launch after the session key")
            }
            startLogging(launch)
            let recorder = try recorder.get()
            let loaded = try launch.load()
            if let scratch { setenv("TMPDIR", scratch, 1) }
            // Confined after reading its own files and before any plugin code is loaded.
            gaps = launch.confine(loaded, scratch: scratch)
            recorder.observeCalls()
            CrashReporter.recordExits(in: recorder)
            engine = AppEngine(launch: launch, loaded: loaded)
        } catch let error as FrameError {
            fail(error) { send($0) }
        } catch {
            send(EngineMessage.fatal("\(error)"))
            _exit(1)
        }
        var ready = engine.ready
        ready.sandboxGaps = gaps
        send(EngineMessage.ready(ready))
        while true {
            let call: EngineCall
            do throws(FrameError) {
                guard let next = try requests.next(EngineCall.self) else { break }
                call = next
            } catch {
                fail(error) { send($0) }
            }
            send(EngineMessage.reply(engine.handle(call.request, drawing: call.drawing)))
        }
        pipes.check()  // the end of the requests is the supervisor's, not a plugin's close
        engine.shutdown()
        end(removing: scratch, closing: replies)
    }

    /// Ends the engine when its requests have ended, removing its scratch folder first: the
    /// folder itself is the warden's to remove when sandboxed (the engine may not change the
    /// folder it lies in), but unsandboxed no warden does, and a supervisor killed with SIGKILL,
    /// or one that never needed its prestarted engine, ends the requests too. Then `replies` is
    /// closed: the supervisor reads its end as the end of the shutdown, and need not wait while
    /// the kernel takes the process apart (its memory, every library mapped: milliseconds).
    private static func end(removing scratch: String?, closing replies: Int32? = nil) -> Never {
        if let scratch { EngineScratch.remove(scratch) }
        if let replies { close(replies) }
        _exit(0)
    }

    /// Ends the engine on a request it cannot read, saying why.
    private static func fail(_ error: FrameError, send: (EngineMessage) -> Void) -> Never {
        let why = "the engine cannot read its supervisor: \(error)"
        FileHandle.standardError.write(Data("plugboard __engine: \(why)\n".utf8))
        send(.fatal(why))
        _exit(protocolFailureStatus)
    }
}

/// The files behind the engine's reply and request pipes, as they were when it started: plugin
/// code shares the descriptor table and could close them or put another file over them — to
/// silence the engine, or make it write where a plugin reads. Checked before every reply.
private struct PipeIdentity {
    let replies: Int32
    let requests: Int32
    private let files: [FileID]

    private struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    init(replies: Int32, requests: Int32) {
        self.replies = replies
        self.requests = requests
        files = [replies, requests].map(Self.file)
    }

    private static func file(_ descriptor: Int32) -> FileID {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return FileID(device: 0, inode: 0) }
        return FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Ends the engine, saying why, when either pipe is not the file it was.
    func check() {
        guard [replies, requests].map(Self.file) != files else { return }
        FileHandle.standardError.write(
            Data("plugboard __engine: its reply or request pipe was replaced by plugin code; it cannot answer\n".utf8))
        _exit(EngineChild.pipeReplacedStatus)
    }
}
