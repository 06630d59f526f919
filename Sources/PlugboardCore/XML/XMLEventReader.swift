/// Reads an XML 1.0 document as a stream of events, refusing any document that is not
/// well-formed with the place and the reason.
///
/// Written here rather than taken from Foundation: on Linux, `XMLParser` is libxml2, which brings
/// system ICU, liblzma and zlib into every process that links the runtime, for about 0.7 ms at
/// each start whether or not the app has a feed (measured with `Benchmarks/`). Atom needs only
/// the core of XML: elements, attributes, text, CDATA sections, comments, processing
/// instructions and the predefined and character references.
///
/// What it does not do, by design: a document type declaration is skipped, so entities it
/// declares are not expanded (an undeclared-entity error names them; this is also what keeps
/// entity-expansion bombs out). Namespaces are not processed: names are reported as written,
/// `media:thumbnail` included.
package enum XMLEventReader {
    package enum Event: Equatable, Sendable {
        /// A start tag, or an empty-element tag (followed at once by its `end`).
        case start(name: String, attributes: [String: String])
        case end(name: String)
        /// Character data between two tags: references resolved, CDATA sections included, line
        /// breaks as LF. White space outside the root element is not reported.
        case text(String)
    }

    /// Why the document was not read, and where (1-based; columns in characters).
    package struct Failure: Error, Equatable, Sendable {
        package var position: SourcePosition
        package var message: String
        /// Whether the handler refused an event (the document may be well-formed).
        package var isRefusal = false
    }

    /// What a handler throws to stop reading; it is reported at the start of the event.
    package struct Refusal: Error {
        var message: String

        package init(_ message: String) { self.message = message }
    }

    /// Reads `data`, handing each event to `handle` in document order. Throws at the first
    /// error in the document or the first refusal of the handler; events before it were handled.
    package static func read(_ data: some Collection<UInt8>, _ handle: (Event) throws(Refusal) -> Void) throws(Failure)
    {
        let input: XMLInput
        do {
            input = try XMLInput(data)
        } catch {
            throw failure(error.offset, error.message, in: error.bytes)
        }
        var document = XMLDocumentScanner(input)
        do {
            try document.read(handle)
        } catch {
            var failure = failure(error.offset, error.message, in: input.bytes)
            failure.isRefusal = error.isRefusal
            throw failure
        }
    }

    private static func failure(_ offset: Int, _ message: String, in bytes: [UInt8]) -> Failure {
        let position = bytes.withUnsafeBufferPointer { SourceLineTable.position(of: min(offset, $0.count), in: $0) }
        return Failure(position: position, message: message)
    }
}
