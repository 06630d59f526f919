import PlugboardSDK
import Synchronization

/// Finds a style by its UI Builder key through the type-name convention of `NavigationBarStyle`.
enum StyleRegistry {
    static let module = "GeneralNavBar"
    static let prefix = "DefaultNavigationBar"

    /// The type name a style key maps to: `center` → `DefaultNavigationBarCenter`,
    /// `title_only` → `DefaultNavigationBarTitleOnly`.
    static func typeName(for key: String) -> String {
        prefix + key.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The style for `key`, or nil when no type of that name exists. The runtime finds a struct
    /// by its mangled name: `<length><module><length><type>V`.
    static func style(for key: String) -> (any NavigationBarStyle)? {
        // The runtime's lookup is slow and its answer never changes: once per key.
        let found = found.withLock { found in
            if let known = found[key] { return known }
            let type = lookUp(key)
            found[key] = type
            return type
        }
        return found?.init()
    }

    private static let found = Mutex<[String: (any NavigationBarStyle.Type)?]>([:])

    private static func lookUp(_ key: String) -> (any NavigationBarStyle.Type)? {
        let type = typeName(for: key)
        guard type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return _typeByName("\(module.count)\(module)\(type.count)\(type)V") as? any NavigationBarStyle.Type
    }
}
