/// One document's structure: a prolog (comments, processing instructions, one document type
/// declaration), exactly one root element with its content, then only comments, processing
/// instructions and white space. Hands `XMLEventReader`'s events to a handler as it goes.
package struct XMLDocumentScanner {
    package typealias Handler = (XMLEventReader.Event) throws(XMLEventReader.Refusal) -> Void

    private var scanner: XMLScanner
    /// The open elements, outermost first, with the offset of each start tag.
    private var open: [(name: String, offset: Int)] = []
    /// Character data since the last tag, and where it began.
    private var text: [UInt8] = []
    private var textOffset = 0
    private var sawRoot = false
    private var sawDocumentType = false

    package init(_ input: XMLInput) {
        scanner = XMLScanner(bytes: input.bytes, offset: input.start)
    }

    private var insideRoot: Bool { !open.isEmpty }

    package mutating func read(_ handle: Handler) throws(XMLScanner.Failure) {
        while !scanner.atEnd {
            switch scanner.current {
            case UInt8(ascii: "<"):
                try markup(handle)
            case UInt8(ascii: "&"):
                guard insideRoot else { throw outsideRoot() }
                if text.isEmpty { textOffset = scanner.offset }
                try scanner.reference(into: &text)
            default:
                try characterData()
            }
        }
        if let innermost = open.last {
            throw XMLScanner.Failure(
                offset: innermost.offset, message: "the document ends before <\(innermost.name)> is closed")
        }
        guard sawRoot else { throw XMLScanner.Failure(offset: scanner.offset, message: "no root element") }
    }

    /// Text up to the next `<` or `&`. Outside the root element only white space may be there.
    private mutating func characterData() throws(XMLScanner.Failure) {
        let start = scanner.offset
        while !scanner.atEnd, scanner.current != UInt8(ascii: "<"), scanner.current != UInt8(ascii: "&") {
            if !insideRoot, !XMLScanner.isWhitespace(scanner.current) { throw outsideRoot() }
            if scanner.looks(at: "]]>") {
                throw XMLScanner.Failure(offset: scanner.offset, message: "']]>' in text (write ']]&gt;')")
            }
            scanner.offset += 1
        }
        guard insideRoot else { return }
        if text.isEmpty { textOffset = start }
        XMLScanner.appendNormalizingLineBreaks(start..<scanner.offset, of: scanner.bytes, to: &text)
    }

    private func outsideRoot() -> XMLScanner.Failure {
        XMLScanner.Failure(
            offset: scanner.offset, message: sawRoot ? "content after the root element" : "text before the root element"
        )
    }

    private mutating func flushText(_ handle: Handler) throws(XMLScanner.Failure) {
        guard !text.isEmpty else { return }
        let event = XMLEventReader.Event.text(String(decoding: text, as: UTF8.self))
        text.removeAll(keepingCapacity: true)
        try deliver(event, at: textOffset, handle)
    }

    private func deliver(_ event: XMLEventReader.Event, at offset: Int, _ handle: Handler) throws(XMLScanner.Failure) {
        do {
            try handle(event)
        } catch {
            throw XMLScanner.Failure(offset: offset, message: error.message, isRefusal: true)
        }
    }

    /// Whatever starts with `<` at the cursor. Only a tag ends the text before it: comments and
    /// processing instructions inside text are dropped from it, CDATA sections are part of it.
    private mutating func markup(_ handle: Handler) throws(XMLScanner.Failure) {
        let start = scanner.offset
        if scanner.skip("<!--") {
            try comment(startingAt: start)
        } else if scanner.skip("<![CDATA[") {
            guard insideRoot else {
                throw XMLScanner.Failure(offset: start, message: "a CDATA section outside the root element")
            }
            guard let content = scanner.scan(upTo: "]]>") else {
                throw XMLScanner.Failure(offset: start, message: "an unfinished CDATA section")
            }
            if text.isEmpty { textOffset = start }
            XMLScanner.appendNormalizingLineBreaks(content, of: scanner.bytes, to: &text)
        } else if scanner.skip("<!DOCTYPE") {
            try documentType(startingAt: start)
        } else if scanner.skip("<?") {
            try processingInstruction(startingAt: start)
        } else if scanner.skip("</") {
            try flushText(handle)
            try endTag(startingAt: start, handle)
        } else if scanner.looks(at: "<!") {
            throw XMLScanner.Failure(
                offset: start, message: "'<!' that starts no comment, CDATA section or document type declaration")
        } else {
            try flushText(handle)
            scanner.offset += 1
            try startTag(startingAt: start, handle)
        }
    }

    private mutating func comment(startingAt start: Int) throws(XMLScanner.Failure) {
        guard scanner.scan(upTo: "--") != nil else {
            throw XMLScanner.Failure(offset: start, message: "an unfinished comment")
        }
        guard scanner.skip(">") else {
            throw XMLScanner.Failure(
                offset: scanner.offset - 2,
                message: scanner.atEnd ? "an unfinished comment" : "'--' inside a comment")
        }
    }

    private mutating func processingInstruction(startingAt start: Int) throws(XMLScanner.Failure) {
        let target = try scanner.name()
        if target.lowercased() == "xml" {
            throw XMLScanner.Failure(
                offset: start, message: "an XML declaration that is not at the start of the document")
        }
        guard scanner.scan(upTo: "?>") != nil else {
            throw XMLScanner.Failure(offset: start, message: "an unfinished processing instruction")
        }
    }

    /// `<!DOCTYPE …>` with any internal subset in brackets, skipped (quoted strings may hold
    /// brackets and `>`). Allowed once, before the root element.
    private mutating func documentType(startingAt start: Int) throws(XMLScanner.Failure) {
        guard !sawRoot, !sawDocumentType else {
            throw XMLScanner.Failure(
                offset: start,
                message: sawRoot
                    ? "a document type declaration after the root element" : "a second document type declaration")
        }
        sawDocumentType = true
        var depth = 0
        var quote: UInt8?
        while !scanner.atEnd {
            let byte = scanner.current
            scanner.offset += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return
            default: break
            }
        }
        throw XMLScanner.Failure(offset: start, message: "an unfinished document type declaration")
    }

    private mutating func startTag(startingAt start: Int, _ handle: Handler) throws(XMLScanner.Failure) {
        if sawRoot && !insideRoot { throw XMLScanner.Failure(offset: start, message: "content after the root element") }
        let name = try scanner.name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = scanner.skipWhitespace()
            guard !scanner.atEnd else {
                throw XMLScanner.Failure(offset: start, message: "the document ends inside the tag <\(name)>")
            }
            if scanner.skip("/>") {
                sawRoot = true
                try deliver(.start(name: name, attributes: attributes), at: start, handle)
                try deliver(.end(name: name), at: start, handle)
                return
            }
            if scanner.skip(">") {
                sawRoot = true
                open.append((name, start))
                try deliver(.start(name: name, attributes: attributes), at: start, handle)
                return
            }
            guard spaced else {
                throw XMLScanner.Failure(
                    offset: scanner.offset, message: "expected white space, '>' or '/>' in <\(name)>")
            }
            let attributeOffset = scanner.offset
            let attribute = try scanner.name()
            scanner.skipWhitespace()
            guard scanner.skip("=") else {
                throw XMLScanner.Failure(offset: attributeOffset, message: "attribute '\(attribute)' has no value")
            }
            scanner.skipWhitespace()
            let value = try scanner.attributeValue(of: attribute)
            guard attributes.updateValue(value, forKey: attribute) == nil else {
                throw XMLScanner.Failure(offset: attributeOffset, message: "attribute '\(attribute)' is written twice")
            }
        }
    }

    private mutating func endTag(startingAt start: Int, _ handle: Handler) throws(XMLScanner.Failure) {
        let name = try scanner.name()
        scanner.skipWhitespace()
        guard scanner.skip(">") else {
            throw XMLScanner.Failure(offset: scanner.offset, message: "expected '>' to end </\(name)>")
        }
        guard let innermost = open.last else {
            throw XMLScanner.Failure(
                offset: start, message: sawRoot ? "content after the root element" : "</\(name)> closes no element")
        }
        guard innermost.name == name else {
            throw XMLScanner.Failure(offset: start, message: "</\(name)> does not close <\(innermost.name)>")
        }
        open.removeLast()
        try deliver(.end(name: name), at: start, handle)
    }
}
