import Foundation

@testable import PlugboardNavigation
@testable import PlugboardRender

/// One line of `plugboard run --json`: the state and the numbered tap targets.
struct ShellStateLine: Decodable {
    var state: AppState
    var targets: [TapTarget]
    /// What a question answered in words (`routes`).
    var output: [String]?

    /// Decodes every non-empty line of `output`.
    static func decodeAll(_ output: String) throws -> [ShellStateLine] {
        try output.split(separator: "\n").map { try JSONDecoder().decode(ShellStateLine.self, from: Data($0.utf8)) }
    }
}
