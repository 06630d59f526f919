import Foundation

/// Signal names for messages: `SIGSEGV` reads better than 11.
package enum SignalName {
    package static func of(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP", SIGTERM: "SIGTERM", SIGPIPE: "SIGPIPE", SIGSYS: "SIGSYS",
            SIGXFSZ: "SIGXFSZ", SIGXCPU: "SIGXCPU",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}
