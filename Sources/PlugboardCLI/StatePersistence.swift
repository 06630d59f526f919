import Foundation
import Plugboard

/// `--state-file`: writes the state URL after every change (only when it changed), atomically.
struct StatePersistence {
    let app: PlugboardApp
    let path: String?
    private final class Last { var text: String? }
    private let last = Last()

    init(app: PlugboardApp, path: String?) {
        self.app = app
        self.path = path
    }

    func save() throws {
        guard let path else { return }
        let text = app.stateURL.description
        guard text != last.text else { return }
        do throws(StateFile.Failure) {
            try StateFile.write(text, to: path)
            last.text = text
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
