import Foundation
import PlugboardNavigation

/// `--state-file`: writes the state URL after every change (only when it changed), atomically.
final class StatePersistence {
    let path: String?
    private var last: String?

    init(path: String?) { self.path = path }

    func save(_ stateURL: String) throws {
        guard let path, !stateURL.isEmpty, stateURL != last else { return }
        do throws(StateFile.Failure) {
            try StateFile.write(stateURL, to: path)
            last = stateURL
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
