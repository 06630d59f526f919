import CBaselines
import Foundation
import Plugboard
import PlugboardLoader

/// Loading the Showcase's plugin libraries the way the host does — resolve the name in the search
/// path, open (dlopen, entry, ABI check, init, descriptors), release — against a C loop doing
/// dlopen + dlsym + init + factories + deinit on the same files. Both warm: a library stays
/// mapped once loaded (nothing with Swift code is ever dlclosed), so this is the per-app cost
/// of finding and initialising libraries, which app start repeats for every plugin.
enum PluginLoad {
    static func make(_ context: BenchContext) throws -> Comparison {
        let paths = try AppStart.loadedLibraries(context)
        let names = paths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        let searchPath = context.searchPath
        for path in paths where !cb_load_library(path) { throw BenchError("\(path) did not load from C") }
        return Comparison(
            name: "plugin-load", summary: "find and load the Showcase's \(paths.count) libraries (warm)",
            subject: { count in
                for _ in 0..<count {
                    for name in names {
                        let library = try PluginLibrary.open(path: try searchPath.resolve(name))
                        blackHole(library.descriptors)
                        library.release()
                    }
                }
            },
            baselineName: "C: dlopen + dlsym + init of the same files",
            baseline: { count in
                for _ in 0..<count {
                    for path in paths { blackHole(cb_load_library(path)) }
                }
            })
    }
}
