/// A place in source text (a JSON configuration, an XML feed), as an editor shows it.
///
/// Both numbers are 1-based. `column` counts Unicode scalars from the start of the line, so a
/// multi-byte character such as "é" advances it by one, and a tab counts as one column. Counting
/// scalars rather than bytes keeps the reported column where a person looking at the file expects it.
package struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number. Lines are ended by LF, CRLF or a lone CR.
    package var line: Int
    /// The 1-based column, counted in Unicode scalars.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form compilers and editors use.
    package var description: String { "\(line):\(column)" }

    package static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
