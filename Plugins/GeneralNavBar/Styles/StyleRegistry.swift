import PlugboardSDK
import Synchronization

/// Finds a style by its UI Builder key through the type-name convention of `NavigationBarStyle`.
///
/// The styles are listed here rather than looked up by name in the Swift runtime. That lookup
/// searches the whole process: with a second copy of this library loaded (an app naming its own
/// build of the bar while the host's default bar comes from the search path, two apps in one
/// process) it answered the first copy's type, which is no style of the second copy's protocol,
/// so every bar of the second copy fell back to left. Each lookup and cast also searched every
/// loaded image's conformance records.
enum StyleRegistry {
    static let prefix = "DefaultNavigationBar"

    /// Every style of this library. A new style is a type named `prefix` + its capitalised key,
    /// in a file of its own, listed here.
    static let styles: [any NavigationBarStyle.Type] = [
        DefaultNavigationBarLeft.self, DefaultNavigationBarCenter.self, DefaultNavigationBarCompact.self,
    ]

    /// The type name a style key maps to: `center` → `DefaultNavigationBarCenter`,
    /// `title_only` → `DefaultNavigationBarTitleOnly`.
    static func typeName(for key: String) -> String {
        prefix + key.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    /// The style for `key`, or nil when no style has that type name.
    static func style(for key: String) -> (any NavigationBarStyle)? {
        // Every customisation asks; the name and the types' names are worked out once per key.
        let found = found.withLock { found in
            if let known = found[key] { return known }
            let name = typeName(for: key)
            let type = styles.first { _typeName($0, qualified: false) == name }
            found[key] = type
            return type
        }
        return found?.init()
    }

    private static let found = Mutex<[String: (any NavigationBarStyle.Type)?]>([:])
}
