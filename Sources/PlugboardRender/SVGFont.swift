import Foundation

/// The CSS font a view's family asks for: the family first, then a sans-serif stack; a
/// PostScript name such as `HelveticaNeue-Medium` also names its family (`Helvetica Neue`) and
/// its weight (500), which browsers would not find from the PostScript name alone.
struct SVGFont: Equatable {
    static let defaultFamily = "-apple-system, Helvetica, Arial, sans-serif"

    /// The `font-family` value.
    var family: String
    /// 400 unless the family's style says otherwise.
    var weight: Int

    init(_ family: String?) {
        let name = RenderText.singleLine(family ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            (self.family, weight) = (Self.defaultFamily, 400)
            return
        }
        var families = [name]
        var weight = 400
        // A PostScript name: "Family-Style", no spaces or commas.
        if !name.contains(","), !name.contains(" "), let dash = name.lastIndex(of: "-") {
            let base = String(name[..<dash])
            let style = name[name.index(after: dash)...].lowercased()
            if let styled = Self.weights.first(where: { style.hasPrefix($0.0) })?.1 { weight = styled }
            if !base.isEmpty { families.append(Self.spaced(base)) }
        } else if name.range(of: "bold", options: .caseInsensitive) != nil {
            weight = 700
        }
        let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
        let last = name.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if !generic.contains(last ?? "") { families.append(Self.defaultFamily) }
        self.family = families.joined(separator: ", ")
        self.weight = weight
    }

    /// Style names to CSS weights, longest first where one is a prefix of another.
    private static let weights: [(String, Int)] = [
        ("thin", 100), ("hairline", 100), ("ultralight", 200), ("extralight", 200), ("light", 300),
        ("regular", 400), ("roman", 400), ("book", 400), ("medium", 500), ("semibold", 600), ("demibold", 600),
        ("extrabold", 800), ("ultrabold", 800), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// "HelveticaNeue" → "Helvetica Neue": a space before each capital that follows a lowercase letter.
    private static func spaced(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if let previous, previous.isLowercase, character.isUppercase { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }
}
