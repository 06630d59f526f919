// app-start's child: the smallest host there is. It starts the app in FOLDER to its first screen,
// its plugin libraries looked for in the DIRECTORYs, and exits (non-zero, with the reason, when
// that fails). The parent names the directories, so the child does no benchmark set-up of its
// own (finding the checkout and the builds was 4 % of its time). It links the runtime and nothing
// else, so the figure is the runtime's start. Run as a subcommand of `plugboard-bench`, the
// child spent ~45 % of its instructions in swift-argument-parser's reflection and more linking
// the whole benchmark package.
import BenchmarkWorkloads
import Foundation
import Logging
import Plugboard

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}
let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: plugboard-bench-start FOLDER [DIRECTORY...]\n".utf8))
    exit(2)
}
/// The started app, alive until the process exits (a global is never released).
var started: PlugboardApp?
do {
    started = try AppStart.child(folder: folder, searchDirectories: Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("plugboard-bench-start: \(error)\n".utf8))
    exit(1)
}
