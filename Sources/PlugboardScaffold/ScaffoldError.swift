/// Why `plugboard new` made nothing.
package enum ScaffoldError: Error, Equatable, CustomStringConvertible {
    case badName(String)
    case notEmpty(String)
    case noTemplates(String)
    case cannotWrite(String, String)

    package var description: String {
        switch self {
        case .badName(let name):
            "\"\(name)\" is not a plugin name: use letters, digits, '-' and '_', starting with a letter (at most 48)"
        case .notEmpty(let folder):
            "\(folder) already exists and is not empty: nothing was written (choose another folder)"
        case .noTemplates(let root):
            "no Plugboard checkout at \(root) (its Templates/plugin, the header and the SDK are needed): give --plugboard-root"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}
