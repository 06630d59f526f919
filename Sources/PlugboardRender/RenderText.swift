import PlugboardCore

/// Text helpers the renderers share: one-line text, image names and terminal widths.
enum RenderText {
    /// `text` on one line: line breaks and tabs become spaces, other control characters (which
    /// could move a terminal's cursor or break an XML document) become U+FFFD.
    static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": result.append(" ")
            case _ where scalar.properties.generalCategory == .control: result.append("\u{FFFD}")
            case _ where isBidiControl(scalar): result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Bidirectional overrides and isolates: they would reorder the drawing around them.
    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The last path component of a URL, without its query or fragment (the whole URL when it
    /// has none).
    static func imageName(_ url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        while path.hasSuffix("/") { path = path.dropLast() }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return singleLine(name.isEmpty ? url : name)
    }

    /// How many terminal columns `character` takes: 2 for East Asian wide and emoji
    /// characters, 0 for lone combining or zero-width characters, else 1.
    static func columns(_ character: Character) -> Int { CharacterColumns.columns(character) }

    /// How many terminal columns `characters` take.
    static func columns<C: Collection<Character>>(of characters: C) -> Int {
        characters.reduce(0) { $0 + columns($1) }
    }

    /// `text` in lines of at most `width` columns, at most `maxLines` of them: broken after a
    /// space, hyphen, slash or closing bracket when one fits, the last line ending with "…" when
    /// text is left over. The first `keep` characters (a tap number) are never cut for the "…".
    static func lines(_ text: String, keep: Int = 0, width: Int, maxLines: Int) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var rest = Array(text)
        var kept = keep
        var lines: [String] = []
        while !rest.isEmpty, lines.count < maxLines {
            if columns(of: rest) <= width || lines.count == maxLines - 1 {
                lines.append(truncated(rest, keep: kept, width: width))
                break
            }
            let fit = prefix(rest, width: width)
            guard fit > 0 else {  // a character wider than the line: skip it
                rest.removeFirst()
                continue
            }
            var cut = fit
            if fit > 1, let breakAt = rest[1..<fit].lastIndex(where: { " -/)]".contains($0) }) { cut = breakAt + 1 }
            var line = Array(rest[..<cut])
            while line.last == " " { line.removeLast() }
            lines.append(String(line))
            rest.removeFirst(cut)
            while rest.first == " " { rest.removeFirst() }
            kept = max(0, kept - cut)
        }
        return lines
    }

    /// `characters` cut to `width` columns with "…", keeping the first `keep` whole if they fit.
    private static func truncated(_ characters: [Character], keep: Int, width: Int) -> String {
        guard columns(of: characters) > width else { return String(characters) }
        let kept = Array(characters.prefix(keep))
        if columns(of: kept) >= width || width == 1 {
            return String(characters.prefix(prefix(characters, width: width)))
        }
        return String(characters.prefix(prefix(characters, width: width - 1))) + "…"
    }

    /// How many leading characters of `characters` fit in `width` columns.
    private static func prefix(_ characters: [Character], width: Int) -> Int {
        var used = 0
        for (index, character) in characters.enumerated() {
            used += columns(character)
            if used > width { return index }
        }
        return characters.count
    }
}
