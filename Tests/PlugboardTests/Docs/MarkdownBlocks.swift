/// A fenced code block of a Markdown page: where it starts, its info string and its text.
struct MarkdownBlock {
    let page: String
    /// The 1-based line of the opening fence.
    let line: Int
    /// The first word after the fence (`console`, `sh`, `json`…), empty when none.
    let language: String
    let lines: [String]

    /// Every fenced block of `text`, in order. Fences are lines starting with three backquotes;
    /// an indented fence (inside a list item) counts too.
    static func all(in text: String, page: String) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var open: (line: Int, language: String, indent: Int)?
        var body: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("```") else {
                if let open { body.append(String(line.dropFirst(min(open.indent, line.prefix { $0 == " " }.count)))) }
                continue
            }
            if let current = open {
                blocks.append(MarkdownBlock(page: page, line: current.line, language: current.language, lines: body))
                open = nil
            } else {
                let language = trimmed.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
                open = (index + 1, language, line.count - trimmed.count)
                body = []
            }
        }
        return blocks
    }
}

/// One command of a `console` block: the text after `$ ` (continued over lines ending in `\`)
/// and the output shown under it, up to the next command.
struct ConsoleCommand {
    let line: Int
    let command: String
    let shownOutput: [String]

    /// The commands of a `console` block.
    static func all(in block: MarkdownBlock) -> [ConsoleCommand] {
        var commands: [ConsoleCommand] = []
        var current: (line: Int, command: String, output: [String], continued: Bool)?
        for (offset, line) in block.lines.enumerated() {
            if var command = current, command.continued {
                command.command += "\n" + line
                command.continued = line.hasSuffix("\\")
                current = command
            } else if line.hasPrefix("$ ") {
                if let done = current {
                    commands.append(ConsoleCommand(line: done.line, command: done.command, shownOutput: done.output))
                }
                current = (block.line + 1 + offset, String(line.dropFirst(2)), [], line.hasSuffix("\\"))
            } else {
                current?.output.append(line)
            }
        }
        if let done = current {
            commands.append(ConsoleCommand(line: done.line, command: done.command, shownOutput: done.output))
        }
        return commands
    }
}

/// Whether printed output is what a page shows. A shown line `...` stands for any number of
/// lines, `[..]` within a line for any text; trailing spaces do not count; a shown last line
/// `[exit N]` is the exit status expected instead of 0.
struct ShownOutput {
    let lines: [String]
    let status: Int32

    init(_ shown: [String]) {
        var lines = shown.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        if let last = lines.last, last.hasPrefix("[exit "), last.hasSuffix("]"),
            let status = Int32(last.dropFirst(6).dropLast())
        {
            self.status = status
            lines.removeLast()
        } else {
            self.status = 0
        }
        self.lines = lines
    }

    func matches(_ output: String) -> Bool {
        var printed = output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while printed.last?.isEmpty == true { printed.removeLast() }
        return Self.match(lines[...], printed[...])
    }

    private static func match(_ shown: ArraySlice<String>, _ printed: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        if first == "..." {
            let rest = shown.dropFirst()
            return printed.indices.map { printed[$0...] }.contains { match(rest, $0) }
                || match(rest, printed[printed.endIndex...])
        }
        guard let line = printed.first, lineMatches(first, line) else { return false }
        return match(shown.dropFirst(), printed.dropFirst())
    }

    /// `shown` with each `[..]` matching any text.
    static func lineMatches(_ shown: String, _ printed: String) -> Bool {
        let parts = shown.components(separatedBy: "[..]")
        guard parts.count > 1 else { return shown == printed }
        guard printed.hasPrefix(parts[0]), printed.hasSuffix(parts[parts.count - 1]),
            printed.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = printed.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
