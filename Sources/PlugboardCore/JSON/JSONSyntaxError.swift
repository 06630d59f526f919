/// Why a document is not valid JSON, and where.
///
/// `position` is the character where something else was expected (for a trailing comma, the
/// closing bracket after it), and `message` says what was expected and what was found, e.g.
/// `expected a value but found "]"`.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    package var position: SourcePosition
    package var message: String
    /// The offset in bytes from the start of the input (a byte-order mark included).
    package var byteOffset: Int

    package init(position: SourcePosition, message: String, byteOffset: Int) {
        self.position = position
        self.message = message
        self.byteOffset = byteOffset
    }

    /// `line:column: message`.
    package var description: String { "\(position): \(message)" }
}
