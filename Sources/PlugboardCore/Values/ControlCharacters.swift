extension String {
    /// The text with every control character (C0, DEL, C1) written as `\u{1B}`, for text that
    /// came from a plugin or a file and is printed: it cannot move the cursor, clear the screen
    /// or set the terminal's title. Text without one is returned as it is.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            if Self.isControl(scalar) {
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
