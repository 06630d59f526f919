import Testing

@testable import PlugboardCore

/// The width of a character the text drawing takes without a Unicode property lookup is the one
/// the lookup gives, for every character it is taken for.
@Suite struct CharacterColumnsTests {
    @Test func theNarrowPathAgreesWithThePropertiesForEveryScalarItTakes() {
        var taken = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            guard let narrow = CharacterColumns.narrowWithoutLookup(character) else { continue }
            taken += 1
            #expect(narrow == CharacterColumns.columnsByProperties(character), "U+\(String(value, radix: 16))")
        }
        #expect(taken == 95 + 160)  // printable ASCII, U+2500–U+259F
    }

    @Test func aCharacterOfSeveralScalarsIsMeasuredByItsProperties() {
        #expect(CharacterColumns.narrowWithoutLookup("e\u{301}") == nil)
        #expect(CharacterColumns.columns("─\u{FE0F}") == 2)
        #expect(CharacterColumns.columns("│") == 1)
        #expect(CharacterColumns.columns("界") == 2)
        #expect(CharacterColumns.columns("\u{200B}") == 0)
    }
}
