import Foundation
import PlugboardABI

/// The models one instance was handed as JSON text, read for `plugboard.host.model`: parsed on
/// the first query, walked by path, and the C strings handed out kept until that model changes
/// (a bar's next `customize_for_screen`) or the instance goes.
final class InstanceModels {
    enum Kind: Int32, CaseIterable {
        case plugin = 0, screen = 1, navBar = 2, dataSource = 3
    }

    private var texts: [Kind: String] = [:]
    private var parsed: [Kind: JSONValue] = [:]
    /// C strings handed out, by model and request, so asking twice does not leak.
    private var strings: [Kind: [String: UnsafeMutablePointer<CChar>]] = [:]

    deinit { for kind in Kind.allCases { forget(kind) } }

    /// Sets (or, with nil, removes) a model; strings handed out from the old one are freed.
    func set(_ kind: Kind, _ text: String?) {
        guard texts[kind] != text else { return }
        forget(kind)
        texts[kind] = text
        parsed[kind] = nil
    }

    /// The value at `path` of the model, or nil when the model, the path or the value is missing.
    func value(_ kind: Kind, at path: String) -> JSONValue? {
        guard let root = model(kind), let components = ModelPath.parse(path) else { return nil }
        var value = root
        for component in components {
            switch component {
            case .key(let key):
                guard let next = value.objectValue?[key]?.value else { return nil }
                value = next
            case .index(let index):
                guard let array = value.arrayValue, array.indices.contains(index) else { return nil }
                value = array[index].value
            }
        }
        return value
    }

    /// A C string that lives until the model changes, made once per (model, request).
    func cString(_ kind: Kind, request: String, _ text: String) -> UnsafePointer<CChar> {
        if let kept = strings[kind]?[request] { return UnsafePointer(kept) }
        let made = strdup(text)!
        strings[kind, default: [:]][request] = made
        return UnsafePointer(made)
    }

    private func model(_ kind: Kind) -> JSONValue? {
        if let value = parsed[kind] { return value }
        guard let text = texts[kind], let value = try? JSONParser.parse(text).value else { return nil }
        parsed[kind] = value
        return value
    }

    private func forget(_ kind: Kind) {
        for pointer in strings[kind]?.values ?? [:].values { free(pointer) }
        strings[kind] = nil
    }
}

/// The path syntax of plugboard/model.h: `styles.title_color`, `nav_items[2].title`,
/// `styles["a.b"]`; "" is the model itself.
enum ModelPath {
    static func parse(_ path: String) -> [JSONPath.Component]? {
        var components: [JSONPath.Component] = []
        var rest = Substring(path)
        var expectsKey = true  // at the start, and after a dot
        while !rest.isEmpty {
            if rest.first == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    guard let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
                    components.append(.key(String(rest[rest.index(after: rest.startIndex)..<end])))
                    rest = rest[rest.index(after: end)...]
                } else {
                    let digits = rest.prefix { $0.isASCII && $0.isNumber }
                    guard let index = Int(digits) else { return nil }
                    components.append(.index(index))
                    rest = rest.dropFirst(digits.count)
                }
                guard rest.first == "]" else { return nil }
                rest = rest.dropFirst()
                expectsKey = false
            } else if rest.first == "." {
                guard !components.isEmpty, !expectsKey else { return nil }
                rest = rest.dropFirst()
                expectsKey = true
            } else {
                guard expectsKey else { return nil }
                let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
                expectsKey = false
            }
        }
        return expectsKey && !components.isEmpty ? nil : components
    }
}
