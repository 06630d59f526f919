import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import PlugboardCore

/// The runtime's own XML reader: the events of a document, its encodings, its errors with their
/// place, hostile documents, and agreement with libxml2 (Foundation's `XMLParser`, linked by the
/// tests only) on every feed in the repository and on documents chosen to be awkward.
@Suite struct XMLEventReaderTests {
    typealias Event = XMLEventReader.Event

    static func events(_ bytes: some Collection<UInt8>) throws(XMLEventReader.Failure) -> [Event] {
        var events: [Event] = []
        try XMLEventReader.read(bytes) { events.append($0) }
        return events
    }

    static func failure(_ xml: String) -> XMLEventReader.Failure? {
        do {
            _ = try events(Array(xml.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aDocumentIsItsTagsAttributesAndTextInOrder() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment --><?app ignored?>
            <feed xmlns:media="urn:m" a = 'x &amp; y'>
              <t>Fish &lt;&amp;&gt; chips &#233;&#xE9; &quot;&apos;</t><![CDATA[<b>raw</b> &amp;]]><e/>
            </feed>

            """
        #expect(
            try Self.events(Array(xml.utf8)) == [
                .start(name: "feed", attributes: ["xmlns:media": "urn:m", "a": "x & y"]),
                .text("\n  "),
                .start(name: "t", attributes: [:]),
                .text("Fish <&> chips éé \"'"),
                .end(name: "t"),
                .text("<b>raw</b> &amp;"),
                .start(name: "e", attributes: [:]),
                .end(name: "e"),
                .text("\n"),
                .end(name: "feed"),
            ])
    }

    @Test func lineBreaksInTextAreLFAndWhiteSpaceInAttributesIsASpace() throws {
        let xml = "<r a=\"1\r\n2\t3\n4\">one\r\ntwo\rthree<![CDATA[\r\n]]></r>"
        #expect(
            try Self.events(Array(xml.utf8)) == [
                .start(name: "r", attributes: ["a": "1 2 3 4"]), .text("one\ntwo\nthree\n"), .end(name: "r"),
            ])
    }

    @Test func aDocumentTypeDeclarationIsSkippedAndItsEntitiesAreNotExpanded() throws {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
              <!ATTLIST feed x CDATA "]>">
            ]>
            <feed>&lol3;</feed>
            """
        let failure = try #require(Self.failure(bomb))
        #expect(failure.position == SourcePosition(line: 8, column: 7))
        #expect(failure.message.hasPrefix("an undeclared entity '&lol3;'"))
        #expect(try Self.events(Array("<!DOCTYPE feed SYSTEM \"a>b.dtd\"><feed/>".utf8)).count == 2)
    }

    @Test(arguments: [
        // What, where (line, column), and the message.
        ("<feed><entry><title>x</entry></feed>", 1, 22, "</entry> does not close <title>"),
        ("<feed>\n  <entry>\n", 2, 3, "the document ends before <entry> is closed"),
        ("<feed a='1' a='2'/>", 1, 13, "attribute 'a' is written twice"),
        ("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", 3, 1, "no root element"),
        ("", 1, 1, "no root element"),
        ("<feed/><feed/>", 1, 8, "content after the root element"),
        ("<feed/>x", 1, 8, "content after the root element"),
        ("x<feed/>", 1, 1, "text before the root element"),
        (
            "<feed>&nbsp;</feed>", 1, 7,
            "an undeclared entity '&nbsp;' (only &amp; &lt; &gt; &quot; &apos; and character references are read)"
        ),
        ("<feed>a & b</feed>", 1, 9, "an '&' that starts no reference (write '&amp;' for the character)"),
        ("<feed>&#0;</feed>", 1, 7, "an invalid character reference '&#0;'"),
        ("<feed>&#x110000;</feed>", 1, 7, "an invalid character reference '&#x110000;'"),
        ("<feed>&#-1;</feed>", 1, 7, "an invalid character reference '&#-1;'"),
        ("<feed a=b/>", 1, 9, "the value of attribute 'a' is not quoted"),
        ("<feed a/>", 1, 7, "attribute 'a' has no value"),
        ("<feed a='<'/>", 1, 10, "'<' in the value of attribute 'a' (write '&lt;')"),
        ("<feed a='x", 1, 9, "an unfinished value of attribute 'a'"),
        ("<feed a='1'b='2'/>", 1, 12, "expected white space, '>' or '/>' in <feed>"),
        ("<feed", 1, 1, "the document ends inside the tag <feed>"),
        ("<1feed/>", 1, 2, "expected a name"),
        ("<feed></ feed>", 1, 9, "expected a name"),
        ("<feed></feed x>", 1, 14, "expected '>' to end </feed>"),
        ("</feed>", 1, 1, "</feed> closes no element"),
        ("<feed><!-- a -- b --></feed>", 1, 14, "'--' inside a comment"),
        ("<feed><!-- a", 1, 7, "an unfinished comment"),
        ("<feed><![CDATA[x</feed>", 1, 7, "an unfinished CDATA section"),
        ("<![CDATA[x]]><feed/>", 1, 1, "a CDATA section outside the root element"),
        ("<feed>]]></feed>", 1, 7, "']]>' in text (write ']]&gt;')"),
        ("<feed/><!DOCTYPE feed>", 1, 8, "a document type declaration after the root element"),
        ("<!DOCTYPE a><!DOCTYPE b><feed/>", 1, 13, "a second document type declaration"),
        ("<!DOCTYPE feed [ <!ENTITY x 'y'> <feed/>", 1, 1, "an unfinished document type declaration"),
        ("<!ELEMENT feed ANY><feed/>", 1, 1, "'<!' that starts no comment, CDATA section or document type declaration"),
        ("<feed/>\n<?xml version=\"1.0\"?>", 2, 1, "an XML declaration that is not at the start of the document"),
        ("<feed><?pi never ends</feed>", 1, 7, "an unfinished processing instruction"),
        ("<?xml version=\"1.0\"", 1, 1, "an unfinished XML declaration"),
        ("<feed>\u{1}</feed>", 1, 7, "the character U+0001 is not allowed in XML"),
        ("<feed>\u{FFFE}</feed>", 1, 7, "the character U+FFFE is not allowed in XML"),
        (
            "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><feed/>", 1, 31,
            "the encoding 'Shift_JIS' is not supported (feeds are read as UTF-8, UTF-16 or ISO-8859-1)"
        ),
    ])
    func brokenDocumentsSayWhatAndWhere(xml: String, line: Int, column: Int, message: String) throws {
        let failure = try #require(Self.failure(xml), "\(xml) was read")
        #expect(failure.message == message, "\(xml)")
        #expect(failure.position == SourcePosition(line: line, column: column), "\(xml): \(failure.message)")
        #expect(!failure.isRefusal)
    }

    @Test func anInvalidUTF8ByteIsNamedAtItsPlace() throws {
        let bytes = Array("<feed>\n  é".utf8) + [0xFF] + Array("</feed>".utf8)
        let failure = try #require(throws: XMLEventReader.Failure.self) { try Self.events(bytes) }
        #expect(failure.position == SourcePosition(line: 2, column: 4))
        #expect(failure.message == "an invalid UTF-8 byte 0xFF (declare the encoding if the feed is not UTF-8)")
    }

    @Test func utf16WithAByteOrderMarkAndDeclaredLatin1AreRead() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><feed a=\"ß\">Ünïcödé 😀</feed>"
        let expected: [Event] = [.start(name: "feed", attributes: ["a": "ß"]), .text("Ünïcödé 😀"), .end(name: "feed")]
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try Self.events(bigEndian) == expected)
        #expect(try Self.events(littleEndian) == expected)
        #expect(try Self.events([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == expected)

        let latin1 =
            Array("<?xml version='1.0' encoding='ISO-8859-1'?>\n<feed>caf".utf8) + [0xE9] + Array("</feed>".utf8)
        #expect(try Self.events(latin1) == [.start(name: "feed", attributes: [:]), .text("café"), .end(name: "feed")])

        // Half a character, and a surrogate without its pair.
        #expect(throws: XMLEventReader.Failure.self) { try Self.events([0xFE, 0xFF, 0x00, 0x3C, 0x00]) }
        let unpaired = try #require(throws: XMLEventReader.Failure.self) {
            try Self.events([0xFE, 0xFF, 0x00, 0x3C, 0x00, 0x61, 0xD8, 0x00, 0x00, 0x3E])
        }
        #expect(unpaired.message == "an unpaired UTF-16 surrogate")
        #expect(unpaired.position == SourcePosition(line: 1, column: 3))
    }

    @Test func aHandlersRefusalStopsReadingAndIsPlacedAtTheEvent() throws {
        var seen: [Event] = []
        let xml = Array("<feed>\n  <a/>\n  <stop>never</stop>\n</feed>".utf8)
        let failure = try #require(throws: XMLEventReader.Failure.self) {
            try XMLEventReader.read(xml) { event throws(XMLEventReader.Refusal) in
                if case .start("stop", _) = event { throw XMLEventReader.Refusal("no <stop> here") }
                seen.append(event)
            }
        }
        #expect(
            failure
                == XMLEventReader.Failure(
                    position: SourcePosition(line: 3, column: 3), message: "no <stop> here", isRefusal: true))
        #expect(seen.count == 5)  // <feed>, text, <a>, </a>, text
    }

    @Test func deepNestingAndLongDocumentsDoNotExhaustTheStack() throws {
        let depth = 200_000
        let xml = Array((String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)).utf8)
        var ends = 0
        try XMLEventReader.read(xml) { if case .end = $0 { ends += 1 } }
        #expect(ends == depth)
        let unclosed = try #require(Self.failure(String(repeating: "<a>", count: depth)))
        #expect(unclosed.message == "the document ends before <a> is closed")
        #expect(unclosed.position == SourcePosition(line: 1, column: 3 * depth - 2))
    }

    /// Why the reader exists: the shell (and any host built on the runtime) loads no XML
    /// library, so neither libxml2 nor the system ICU it needs is mapped at start.
    @Test func theShellLoadsNoXMLLibrary() throws {
        let (status, output) = try run(["ldd", Built.directory + "/plugboard"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("libFoundationEssentials"), "\(output)")
        for library in ["libFoundationXML", "libxml2", "libicuuc"] {
            #expect(!output.contains(library), "\(library) is linked:\n\(output)")
        }
    }

    // MARK: Agreement with libxml2

    /// Every feed in the repository, read by both: the same events.
    @Test func everyFeedInTheRepositoryReadsAsLibxml2ReadsIt() throws {
        let folders = ["Examples/Showcase/feeds", "Tests/Fixtures/feeds"]
        var files: [URL] = []
        for folder in folders {
            let url = URL(fileURLWithPath: PackageRoot.path).appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "xml" }
        }
        #expect(files.count >= 8)
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(LibXML2Events.read(data) == Self.outcome(data), "\(file.lastPathComponent)")
        }
    }

    /// Documents chosen to be awkward: both readers accept them with the same events, or both
    /// refuse them.
    @Test(arguments: [
        "<a/>", "<a></a>", "<a>  </a>", " \n<a/>\n ", "<a><b/>t<c>u</c>v</a>", "<a x='1' y=\"2\"/>",
        "<a x='&#x20AC;&#8364;'/>", "<a>&lt;&gt;&amp;&quot;&apos;</a>", "<a><![CDATA[]]></a>", "<a><![CDATA[]]]]></a>",
        "<a>x<!-- c -->y<?p i?>z</a>", "<a>\r\n\r</a>", "<a:b xmlns:a='u'><a:c/></a:b>", "<_.-a/>", "<é/>",
        "<!DOCTYPE a><a/>", "<!DOCTYPE a [<!ELEMENT a ANY>]><a/>", "<a>]]></a>", "<a>&#0;</a>", "<a>&bogus;</a>",
        "<a b='<'/>", "<a b/>", "<a b='1' b='2'/>", "<a></b>", "<a>", "", "x", "<a/><b/>", "<a/>x", "<!-- -- --><a/>",
        "<a>&amp</a>", "<a>&#xD800;</a>", "<a>\u{1}</a>", "<1/>", "<a b='1'c='2'/>",
    ])
    func awkwardDocumentsReadAsLibxml2ReadsThem(xml: String) {
        let data = Data(xml.utf8)
        #expect(LibXML2Events.read(data) == Self.outcome(data), "\(xml)")
    }

    /// What the runtime's reader makes of `data`: its events, or nil when it refuses it.
    static func outcome(_ data: Data) -> [Event]? {
        try? events(data)
    }
}

/// libxml2's events for a document, through Foundation's `XMLParser`, in the reader's form:
/// adjacent character data merged, nil when it is not well-formed.
private final class LibXML2Events: NSObject, XMLParserDelegate {
    private var events: [XMLEventReader.Event] = []
    private var text = ""
    private var depth = 0
    private var failed = false

    static func read(_ data: Data) -> [XMLEventReader.Event]? {
        let collector = LibXML2Events()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse(), !collector.failed, collector.depth == 0, !collector.events.isEmpty else { return nil }
        return collector.events
    }

    private func flush() {
        if !text.isEmpty, depth > 0 { events.append(.text(text)) }
        text = ""
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        flush()
        events.append(.start(name: elementName, attributes: attributes))
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        flush()
        events.append(.end(name: elementName))
        depth -= 1
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) { failed = true }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text += String(decoding: CDATABlock, as: UTF8.self)
    }
}
