// app-start's child: the smallest host there is. It starts the app in FOLDER to its first screen
// and exits (non-zero, with the reason, when that fails). It links the runtime and nothing
// else, so the figure is the runtime's start. Run as a subcommand of `plugboard-bench`, the
// child spent ~45 % of its instructions in swift-argument-parser's reflection and more linking
// the whole benchmark package.
import BenchmarkWorkloads
import Foundation
import Logging

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}
let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first, arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: plugboard-bench-start FOLDER\n".utf8))
    exit(2)
}
do {
    try AppStart.child(folder: folder, context: try BenchContext(sampler: .quick, scratch: false))
} catch {
    FileHandle.standardError.write(Data("plugboard-bench-start: \(error)\n".utf8))
    exit(1)
}
