import Foundation
import Plugboard
import PlugboardConfig

/// Loading and validating an app's configuration (plugins.json + rivers.json: read, parsed,
/// every rule checked, the model built), against Foundation's JSONSerialization only parsing
/// the same files read from disk.
enum ConfigLoad {
    static func make(_ context: BenchContext) throws -> Comparison {
        let folder = context.showcase
        let files = AppConfiguration.files(in: folder)
        _ = try AppConfiguration.load(folder: folder)  // fails here, not in the middle of a round
        return Comparison(
            name: "config-load", summary: "load + validate the Showcase's plugins.json and rivers.json",
            subject: { count in
                for _ in 0..<count { blackHole(try AppConfiguration.load(folder: folder)) }
            },
            baselineName: "JSONSerialization parse of the same files",
            baseline: { count in
                for _ in 0..<count {
                    for url in [files.plugins, files.rivers] {
                        blackHole(try JSONSerialization.jsonObject(with: try Data(contentsOf: url)))
                    }
                }
            },
            goal: .ratio(atMost: 0.5))
    }
}
