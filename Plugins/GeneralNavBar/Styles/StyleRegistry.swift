import PlugboardSDK

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
        let type = typeName(for: key)
        guard type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            let found = _typeByName("\(module.count)\(module)\(type.count)\(type)V") as? any NavigationBarStyle.Type
        else { return nil }
        return found.init()
    }
}
