import PlugboardCore

/// Why a dynamic call was refused or failed. Never a crash: every mismatch between the JSON
/// arguments and the signature is found before `ffi_call`.
package enum CallError: Error, Equatable, CustomStringConvertible {
    case unknownPlugin(String, available: [String])
    case unknownExport(plugin: String, export: String, available: [String])
    case invalidArguments(String)
    case wrongCount(function: String, expected: Int, got: Int)
    case badArgument(function: String, index: Int, type: ValueType, message: String)
    case badResult(function: String, message: String)

    package var description: String {
        switch self {
        case .unknownPlugin(let plugin, let available):
            let list =
                available.isEmpty
                ? "no plugin declares exports" : "plugins with exports: " + available.joined(separator: ", ")
            return "no plugin '\(plugin)' with dynamic exports; \(list)"
        case .unknownExport(let plugin, let export, let available):
            return "plugin '\(plugin)' declares no export '\(export)'; it has: \(available.joined(separator: ", "))"
        case .invalidArguments(let message):
            return "arguments must be a JSON array: \(message)"
        case .wrongCount(let function, let expected, let got):
            return "\(function) takes \(expected) argument\(expected == 1 ? "" : "s"), got \(got)"
        case .badArgument(let function, let index, let type, let message):
            return "\(function): argument \(index + 1) (\(type)): \(message)"
        case .badResult(let function, let message):
            return "\(function): result: \(message)"
        }
    }
}
