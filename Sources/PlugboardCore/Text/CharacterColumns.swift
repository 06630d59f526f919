/// How many terminal columns a character takes. Shared by the text renderer (its grid) and the
/// text measure (a wide character is a full em), so both agree on which characters are wide.
package enum CharacterColumns {
    /// 2 for East Asian wide and emoji characters, 0 for lone combining or zero-width
    /// characters, else 1.
    package static func columns(_ character: Character) -> Int {
        if let narrow = narrowWithoutLookup(character) { return narrow }
        return columnsByProperties(character)
    }

    /// 1 for a character of one scalar that is printable ASCII or box drawing or a block element
    /// (U+2500–U+259F: what a text drawing's frames are made of), whose width needs no lookup of
    /// the scalar's Unicode properties: those lookups were a fifth of a text drawing's time. Nil
    /// for every other character.
    static func narrowWithoutLookup(_ character: Character) -> Int? {
        let utf8 = character.utf8
        switch utf8.count {
        case 1:
            let byte = utf8.first!
            return byte >= 0x20 && byte < 0x7F ? 1 : nil
        case 3:
            let scalar = character.unicodeScalars.first!.value
            return (0x2500...0x259F).contains(scalar) ? 1 : nil
        default:
            return nil
        }
    }

    /// The width from the first scalar's Unicode properties.
    static func columnsByProperties(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let properties = first.properties
        if character.unicodeScalars.contains("\u{FE0F}") || properties.isEmojiPresentation { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian wide ranges and the emoji blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
