import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Turns Atom XML into an `AtomFeed` with Foundation's streaming `XMLParser`.
///
/// Names are matched without their prefix (namespace processing is off), so a feed that writes
/// `media:thumbnail` without declaring `xmlns:media`, as hand-written feeds often do, still reads.
/// One reader reads one document.
final class AtomFeedReader: NSObject, XMLParserDelegate {
    struct Failure: Error {
        var position: SourcePosition?
        var message: String
    }

    private var feed = AtomFeed(title: nil, entries: [])
    private var entry: AtomFeed.Entry?
    /// The local names of the open elements, outermost first.
    private var path: [String] = []
    /// The text being collected and the depth of the element it belongs to.
    private var text: (depth: Int, value: String)?
    /// An entry's `<content>`, used as its summary when it has no `<summary>`.
    private var content: String?
    private var failure: Failure?
    /// Whether the root element was seen: some platforms parse an empty document without error.
    private var sawRoot = false

    func read(_ data: Data) -> Result<AtomFeed, Failure> {
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        let parsed = parser.parse()
        if let failure { return .failure(failure) }
        guard parsed else {
            return .failure(Failure(position: Self.position(of: parser), message: "malformed XML"))
        }
        guard sawRoot else {
            return .failure(Failure(position: Self.position(of: parser), message: "malformed XML: no root element"))
        }
        return .success(feed)
    }

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private static func position(of parser: XMLParser) -> SourcePosition {
        SourcePosition(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard failure == nil else { return }
        failure = Failure(position: Self.position(of: parser), message: message)
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        if path.isEmpty {
            sawRoot = true
            guard name == "feed" else { return fail(parser, "not an Atom feed: the root element is <\(elementName)>") }
        }
        path.append(name)
        if path == ["feed", "entry"] {
            entry = AtomFeed.Entry()
            content = nil
        } else if path == ["feed", "title"] {
            text = (path.count, "")
        }
        // Only an entry's own children are its fields; a <source><title> inside it is not.
        guard entry != nil else { return }
        if path.count == 3, ["id", "title", "summary", "content"].contains(name) { text = (path.count, "") }
        if path.count == 3, name == "link" { read(link: attributes) }
        if name == "thumbnail", entry?.image == nil, let url = attributes["url"], !url.isEmpty {
            entry?.image = url
        }
    }

    /// An entry's `<link>`: an image enclosure, or the entry's page.
    private func read(link attributes: [String: String]) {
        guard let href = attributes["href"], !href.isEmpty else { return }
        let rel = attributes["rel"] ?? "alternate"
        if rel == "enclosure", attributes["type"]?.lowercased().hasPrefix("image/") == true {
            if entry?.image == nil { entry?.image = href }
        } else if rel == "alternate", entry?.link == nil {
            entry?.link = href
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text?.value += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text?.value += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let collected = text, collected.depth == path.count {
            let value = collected.value.trimmingWhitespacesAndNewlines()
            store(value.isEmpty ? nil : value, for: path.last ?? "")
            text = nil
        }
        if path == ["feed", "entry"], var finished = entry {
            if finished.summary == nil { finished.summary = content }
            feed.entries.append(finished)
            entry = nil
        }
        path.removeLast()
    }

    private func store(_ value: String?, for name: String) {
        guard entry != nil else {
            feed.title = value
            return
        }
        switch name {
        case "id": entry?.id = value
        case "title": entry?.title = value
        case "summary": entry?.summary = value
        default: content = value
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        failure = Failure(position: Self.position(of: parser), message: Self.message(for: parseError))
    }

    /// A readable reason for the parser's error code, which is libxml2's (`xmlParserErrors`) on
    /// every platform; the error's own description is a bare number.
    static func message(for error: any Error) -> String {
        let code = (error as NSError).code
        let reasons = [
            4: "the document is empty", 5: "the document ends too early", 9: "an invalid character",
            26: "an undeclared entity", 38: "'<' in an attribute value", 39: "a malformed attribute",
            40: "an unfinished attribute value", 41: "an attribute without a value", 42: "an attribute written twice",
            68: "expected a name", 72: "expected '<'", 73: "expected '>'",
            76: "a closing tag does not match the open element", 77: "an unclosed element",
            85: "the elements are not well balanced", 86: "content after the root element",
        ]
        return "malformed XML: " + (reasons[code] ?? "XMLParser error \(code)")
    }
}
