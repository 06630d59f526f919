import Foundation
@_spi(Layers) import PlugboardCore

/// The child's side of the transcript file the parent reads after the child is gone: every call
/// into plugin code as it starts and returns, every plugin log line, and finally the outcome.
///
/// Each record is one line written with a single `write(2)` to a file opened `O_APPEND`, so it
/// is in the kernel before plugin code runs, and survives a crash, an `exit()` or a `SIGKILL`.
///
///     > will_appear of screen "acme"     a call into plugin code starts
///     <                                  the innermost call returned
///     L acme warning: text               a plugin log line
///     = SEAL {"status":"passed"}         the outcome, sealed (`OutcomeSeal`)
final class ChildTranscript: @unchecked Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CheckFailure("cannot open the transcript \(path): errno \(errno)") }
    }

    /// The transcript the parent opened (`O_APPEND`) and handed a fork server's test process.
    init(descriptor: Int32) { self.descriptor = descriptor }

    func write(_ tag: Character, _ text: String = "") {
        // Each newline of `text` written as `\n` and each backslash as `\\`, so that reading it
        // gives back the same text (an outcome's JSON writes a newline as `\n` itself, and its
        // seal is over that text), byte by byte: Foundation's `replacingOccurrences` cost a test
        // process more than the plugin calls it recorded.
        var bytes = Array(String(tag).utf8)
        bytes.reserveCapacity(text.utf8.count + 3)
        bytes.append(UInt8(ascii: " "))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
        bytes.removeAll()
    }

    /// Tracks every call into plugin code from now on.
    func observeCalls() {
        PluginCallTracker.observer = { [self] event in
            switch event {
            case .entered(let call): write(">", call.description)
            case .returned: write("<")
            }
        }
    }
}

/// The parent's reading of a transcript.
struct ParsedTranscript {
    /// Calls that started and did not return, outermost first: the last is the call in flight.
    var openCalls: [String] = []
    /// The last `keptCalls` calls that started, in order (a failure shows at most that many).
    var calls: [String] = []
    static let keptCalls = 20
    var log: [String] = []
    var outcome: ChildOutcome?
    /// Outcome lines whose seal did not verify: written by something other than the child's
    /// own code (a plugin).
    var forgedOutcomes = 0

    /// Reads `text`; an outcome counts only when `seal` verifies it. Split as bytes: a
    /// transcript holds a line for every plugin call, and splitting into characters cost the
    /// parent more than the rest of its work for a test.
    init(_ text: String, seal: OutcomeSeal) {
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let body = Self.unescaped(Substring(line.dropFirst(2)))
            switch line.first {
            case UInt8(ascii: ">"):
                openCalls.append(body)
                if calls.count == Self.keptCalls { calls.removeFirst() }
                calls.append(body)
            case UInt8(ascii: "<"): _ = openCalls.popLast()
            case UInt8(ascii: "L"): log.append(body)
            case UInt8(ascii: "="):
                let parts = body.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2, seal.verifies(parts[1], seal: parts[0]),
                    let sealed = try? JSONDecoder().decode(ChildOutcome.self, from: Data(parts[1].utf8))
                else {
                    forgedOutcomes += 1
                    continue
                }
                outcome = sealed
            default: continue
            }
        }
    }

    /// A line's text as it was written: each `\n` a newline again, each `\\` a backslash.
    private static func unescaped(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var escaping = false
        for byte in text.utf8 {
            if escaping {
                bytes.append(byte == UInt8(ascii: "n") ? UInt8(ascii: "\n") : byte)
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                bytes.append(byte)
            }
        }
        if escaping { bytes.append(UInt8(ascii: "\\")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
