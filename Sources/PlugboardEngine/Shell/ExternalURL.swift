import Foundation

/// How the shell hands a URL nav item's URL "to the system" (seed 000: "Opens external URL"):
/// it says so on standard error (standard output stays the drawing or the JSON states) and runs
/// the user's `--open-url-command`, if any, with the URL as its one argument (never through a
/// shell's word splitting: `sh -c 'COMMAND "$1"' sh URL`).
package enum ExternalURL {
    package static func open(_ url: String, command: String?) {
        FileHandle.standardError.write(Data("open URL \(url)\n".utf8))
        guard let command else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) \"$1\"", "sh", url]
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                FileHandle.standardError.write(
                    Data("--open-url-command exited with status \(process.terminationStatus) for \(url)\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("--open-url-command could not run: \(error)\n".utf8))
        }
    }
}
