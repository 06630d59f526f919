import Foundation
import PlugboardIsolation

/// The engine process's side of supervision (the CLI's hidden `__engine` subcommand): loads the
/// app, then answers one JSON request per line of standard input with one JSON line, with every
/// call into plugin code recorded in the supervisor's flight recorder.
///
/// Standard output is kept for the replies alone: it is duplicated to a private descriptor and
/// descriptor 1 is pointed at standard error, so a plugin's `printf` cannot corrupt a reply.
package enum EngineChild {
    package static func main(launchJSON: String, recorderPath: String) -> Never {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)  // a crash is contained, not a core file
        let replies = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let send = { (message: EngineMessage) in
            var line = (try? JSONEncoder().encode(message)) ?? Data("{}".utf8)
            line.append(UInt8(ascii: "\n"))
            line.withUnsafeBytes { writeAll(replies, $0) }
        }
        let engine: AppEngine
        do {
            let recorder = try FlightRecorder(openingAt: recorderPath)
            recorder.observeCalls()
            let launch = try JSONDecoder().decode(EngineLaunch.self, from: Data(launchJSON.utf8))
            engine = try AppEngine(launch: launch)
        } catch {
            send(.fatal("\(error)"))
            _exit(1)
        }
        send(.ready(engine.ready))
        while let line = readLine() {
            guard let request = try? JSONDecoder().decode(EngineRequest.self, from: Data(line.utf8)) else {
                send(.reply(EngineReply(output: "the engine could not read a request", succeeded: false)))
                continue
            }
            let reply = engine.handle(request)
            send(.reply(reply))
            if reply.quit { break }
        }
        engine.shutdown()
        _exit(0)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { _exit(1) }  // the supervisor is gone
            offset += written
        }
    }
}
