import Foundation

/// How wide text is in a Helvetica/Arial-like sans-serif, so the SVG renderer can fit each
/// label and button title into its frame (whole, slightly smaller, or cut with "…") and the host
/// can size a bar's navigation buttons to their titles with the same numbers.
///
/// The widths are written by hand: the package links no font library (no CoreText, FreeType or
/// HarfBuzz on Linux, and a renderer should not depend on which fonts a machine has), and the
/// output must be the same everywhere, byte for byte, because it is compared with golden files.
/// The table holds Helvetica's advance widths (Arial and Liberation Sans share them) in
/// thousandths of an em for ASCII and common Latin-1 and typographic characters; other letters
/// take an average width, East Asian wide characters and emoji a full em or more. Kerning and
/// ligatures are left out: they change a line by a few percent at most.
package enum TextMeasure {
    /// A title fitted to a width.
    package struct Fitted: Equatable {
        /// The text to draw: the whole text, or a prefix ending in "…" (empty when not even "…" fits).
        package var text: String
        package var fontSize: Double
        /// Its measured width at `fontSize`.
        package var width: Double
        package var isTruncated: Bool

        package init(text: String, fontSize: Double, width: Double, isTruncated: Bool) {
            (self.text, self.fontSize, self.width, self.isTruncated) = (text, fontSize, width, isTruncated)
        }
    }

    /// How far below the middle of a line its baseline is, in ems: it centres capitals (half of
    /// Helvetica's cap height, 0.72 em) and is where browsers put it for `dominant-baseline:
    /// central` with Arial-like fonts.
    package static let baselineOffset = 0.35

    /// How far `fit` may shrink a title that is slightly too long before it cuts it instead
    /// (as UIKit's `minimumScaleFactor` does): a title that fits at 80 % of its size or more is
    /// drawn whole and smaller; a longer one keeps its size and ends in "…" (so the rows of a
    /// list keep one size), unless that would leave only a letter or two.
    package static let minimumScale = 0.8

    /// `text` fitted into `available` points at `fontSize`: unchanged when it fits; else smaller
    /// (in half points, down to `minimumScale`) when that makes it fit whole; else cut at a
    /// character boundary, trailing spaces dropped, with "…" (at the smallest size when the
    /// full size would keep fewer than four characters).
    package static func fit(
        _ text: String, width available: Double, fontSize: Double, weight: Int = 400,
        minimumScale: Double = TextMeasure.minimumScale
    ) -> Fitted {
        let size = max(0, fontSize)
        let full = width(text, fontSize: size, weight: weight)
        if full <= available { return Fitted(text: text, fontSize: size, width: full, isTruncated: false) }
        if full > 0, available > 0, minimumScale < 1 {
            // Half points keep the numbers short, but never below the minimum scale.
            let scaled = max(size * minimumScale, (size * available / full * 2).rounded(.down) / 2)
            if scaled > 0 {
                let shrunk = width(text, fontSize: scaled, weight: weight)
                if shrunk <= available {
                    return Fitted(text: text, fontSize: scaled, width: shrunk, isTruncated: false)
                }
            }
        }
        var cut = truncated(text, width: available, fontSize: size, weight: weight)
        // Cut down to a letter or two, it says little: the smallest size keeps more of it.
        if minimumScale < 1, cut.kept < 4 {
            let smaller = truncated(text, width: available, fontSize: size * minimumScale, weight: weight)
            if smaller.kept > cut.kept { cut = smaller }
        }
        return cut.fitted
    }

    /// `text` cut to `available` points with "…", and how many characters it keeps.
    private static func truncated(
        _ text: String, width available: Double, fontSize size: Double, weight: Int
    ) -> (fitted: Fitted, kept: Int) {
        let ellipsis = width("…", fontSize: size, weight: weight)
        guard ellipsis <= available else { return (Fitted(text: "", fontSize: size, width: 0, isTruncated: true), 0) }
        var kept: [Character] = []
        var used = 0.0
        for character in text {
            let advance = width(character, weight: weight) * size
            if used + advance + ellipsis > available { break }
            kept.append(character)
            used += advance
        }
        while let last = kept.last, last.isWhitespace {
            kept.removeLast()
            used -= width(last, weight: weight) * size
        }
        let fitted = Fitted(text: String(kept) + "…", fontSize: size, width: max(0, used) + ellipsis, isTruncated: true)
        return (fitted, kept.count)
    }

    /// The advance width of `text` at `fontSize`, in points.
    package static func width(_ text: String, fontSize: Double, weight: Int = 400) -> Double {
        text.reduce(0) { $0 + width($1, weight: weight) } * fontSize
    }

    /// The advance width of `character`, in ems.
    package static func width(_ character: Character, weight: Int = 400) -> Double {
        em(character) * weightFactor(weight)
    }

    /// Bold faces are wider than the regular one; the table is the regular face.
    package static func weightFactor(_ weight: Int) -> Double {
        switch weight {
        case ..<500: 1
        case 500..<600: 1.03
        default: 1.07
        }
    }

    private static func em(_ character: Character) -> Double {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value >= 0x20, value < 0x7F { return Double(ascii[Int(value) - 0x20]) / 1000 }
        if let width = extra[first] { return Double(width) / 1000 }
        let properties = first.properties
        if character.unicodeScalars.contains("\u{FE0F}") || properties.isEmojiPresentation { return 1.2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        case .spaceSeparator: return 0.278
        default: break
        }
        if CharacterColumns.columns(character) == 2 { return 1 }
        // A Latin letter with accents is as wide as the letter: é as e, Ç as C.
        if value < 0x250, let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first,
            base.value >= 0x20, base.value < 0x7F
        {
            return Double(ascii[Int(base.value) - 0x20]) / 1000
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return 0.68
        case .lowercaseLetter: return 0.55
        case .decimalNumber: return 0.556
        case .mathSymbol, .otherSymbol: return 0.8
        default: return 0.6
        }
    }

    /// Helvetica's widths of U+0020…U+007E, in thousandths of an em.
    private static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space…/
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0…?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @…O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P…_
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // `…o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p…~
    ]

    /// Other characters titles use, in thousandths of an em.
    private static let extra: [Unicode.Scalar: Int] = [
        "\u{A0}": 278, "¡": 333, "¢": 556, "£": 556, "¥": 556, "¦": 260, "§": 556, "©": 737, "ª": 370, "«": 556,
        "¬": 584, "®": 737, "°": 400, "±": 584, "²": 333, "³": 333, "µ": 556, "¶": 537, "·": 278, "¹": 333,
        "º": 365, "»": 556, "¼": 834, "½": 834, "¾": 834, "¿": 611, "Æ": 1000, "Ð": 722, "×": 584, "Ø": 778,
        "Þ": 667, "ß": 611, "æ": 889, "ð": 556, "÷": 584, "ø": 611, "þ": 556, "ı": 278, "Œ": 1000, "œ": 944,
        "–": 556, "—": 1000, "‘": 222, "’": 222, "‚": 222, "“": 333, "”": 333, "„": 333, "•": 350, "…": 1000,
        "‹": 333, "›": 333, "€": 556, "™": 1000, "←": 1000, "→": 1000, "↑": 1000, "↓": 1000, "✕": 830,
        "☰": 830, "●": 600, "▶": 780, "★": 800, "\u{FFFD}": 889,
    ]
}
