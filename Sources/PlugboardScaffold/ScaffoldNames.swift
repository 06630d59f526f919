/// The names a new plugin is known by, derived from the one the author types (`weather`,
/// `my-bar`, `Side_Menu2`): the plugin identifier and C/Rust symbol names in snake case, Swift
/// types in Pascal case, and a display name.
package struct ScaffoldNames: Sendable, Equatable {
    /// What the author typed.
    package var name: String
    /// The plugin identifier (manifest `identifier`, descriptor `id`): `my_bar`.
    package var pluginID: String
    /// C and Rust names, and the library of a C or Rust plugin: `my_bar`.
    package var snake: String
    /// Swift type, package and library names: `MyBar`.
    package var pascal: String
    /// For people: `My Bar`.
    package var display: String

    /// Letters, digits, `-` and `_`, starting with a letter, at most 48 characters.
    package init(_ name: String) throws(ScaffoldError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
        }
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic, allowed,
            name.count <= 48
        else {
            throw .badName(name)
        }
        let words = Self.words(name)
        self.name = name
        snake = words.map { $0.lowercased() }.joined(separator: "_")
        pluginID = snake
        pascal = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        display = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// `my-bar` → [my, bar]; `SideMenu2` → [Side, Menu2]; `HTTPServer` → [HTTP, Server].
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "-" || character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (previous?.isLowercase == true || previous?.isNumber == true || next?.isLowercase == true)
            if startsWord {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
