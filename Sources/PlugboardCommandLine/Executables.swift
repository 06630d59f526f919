import Foundation

/// The command line's executables: `plugboard`, and `plugboard-serve` beside it (the simulator's
/// server, its own executable so that `plugboard` carries no HTTP server: a smaller executable
/// starts faster, and every `run`, engine and `check` process is one).
package enum Executables {
    /// This process's executable, from `/proc/self/exe` (argv[0] when that cannot be read).
    package static var current: String { resolved ?? CommandLine.arguments[0] }

    /// This process's executable as `/proc/self/exe` names it; nil when that cannot be read.
    package static var resolved: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// `name` in the folder of this process's executable.
    package static func beside(_ name: String) -> String {
        URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
