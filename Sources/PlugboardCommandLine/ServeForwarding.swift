import Foundation

/// `plugboard serve` is the `plugboard-serve` executable beside `plugboard` (`Executables`):
/// `plugboard` becomes it, arguments and all, before it parses anything.
package enum ServeForwarding {
    /// What `plugboard --help` and `plugboard serve --help` say of it.
    package static let abstract = "Show the app in a browser page: live, clickable, reloading when a plugin is rebuilt."

    /// The `plugboard-serve` that `plugboard serve` runs.
    package static var executable: String { Executables.beside("plugboard-serve") }

    /// The arguments after `plugboard serve` when `arguments` (after the executable's name) ask
    /// for it: `serve …`, or `help serve`, which is `serve --help`.
    package static func serveArguments(_ arguments: [String]) -> [String]? {
        if arguments.first == "serve" { return Array(arguments.dropFirst()) }
        if arguments == ["help", "serve"] { return ["--help"] }
        return nil
    }

    /// Becomes `plugboard-serve` with `arguments`; when it cannot, says why and ends with status 1.
    package static func exec(_ arguments: [String]) -> Never {
        let path = executable
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let why = String(cString: strerror(errno))
        printError(
            "Error: plugboard serve runs \(path), which cannot be started (\(why)); build it with `swift build --product plugboard-serve`"
        )
        exit(1)
    }
}
