import Foundation
import TestSupport
import Testing

@testable import PlugboardNavigation

/// Reading the Atom feeds content screens show: entries, images, summaries, errors with their
/// place, and which sources are local feeds.
@Suite struct AtomFeedTests {
    static let fixtures = URL(fileURLWithPath: PackageRoot.path + "/Tests/Fixtures/feeds")

    @Test func theFixtureReadsEveryEntryWithItsImageSummaryAndLink() throws {
        let feed = try AtomFeed.load(Self.fixtures.appendingPathComponent("sample.xml"))
        #expect(feed.title == "Sample Feed")
        #expect(
            feed.entries == [
                AtomFeed.Entry(
                    id: "urn:test:one", title: "First & Foremost", summary: "The first entry, with an enclosure.",
                    image: "images/one.jpg", link: "https://example.com/one"),
                AtomFeed.Entry(
                    id: "urn:test:two", title: "Second", summary: "A <b>CDATA</b> summary.", image: "images/two.png",
                    link: "https://example.com/two"),
                // A video enclosure is no image; <content> stands in for the summary.
                AtomFeed.Entry(
                    id: "urn:test:three", title: "Third", summary: "Content stands in for a missing summary.",
                    image: nil, link: nil),
            ])
    }

    @Test func malformedXMLIsAnErrorWithFileLineAndColumn() throws {
        let url = Self.fixtures.appendingPathComponent("malformed.xml")
        let error = try #require(throws: AtomFeed.LoadError.self) { try AtomFeed.load(url) }
        #expect(error.file == url.displayPath)
        #expect(error.position?.line == 4)
        #expect(error.message.hasPrefix("malformed XML: "))
        #expect(error.description.hasPrefix("\(url.displayPath):4:"))
    }

    @Test(arguments: [
        ("<feed><entry><title>x</entry></feed>", 1, "malformed XML: </entry> does not close <title>"),
        ("<feed>\n  <entry>\n", 2, "malformed XML: the document ends before <entry> is closed"),
        ("<feed a='1' a='2'/>", 1, "malformed XML: attribute 'a' is written twice"),
        ("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", 3, "malformed XML: no root element"),
        ("", 1, "malformed XML: no root element"),
    ])
    func brokenDocumentsSayWhatAndWhere(xml: String, line: Int, message: String) throws {
        let error = try #require(throws: AtomFeed.LoadError.self) { try AtomFeed.parse(Data(xml.utf8), file: "f.xml") }
        #expect(error.position?.line == line, "\(error)")
        #expect(error.message == message, "\(error)")
    }

    @Test func aDocumentThatIsNotAFeedIsRefusedAtItsRoot() throws {
        let rss = Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>".utf8)
        let error = try #require(throws: AtomFeed.LoadError.self) { try AtomFeed.parse(rss, file: "rss.xml") }
        #expect(error.message == "not an Atom feed: the root element is <rss>")
        #expect(error.position?.line == 2)
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let url = Self.fixtures.appendingPathComponent("no-such-feed.xml")
        let error = try #require(throws: AtomFeed.LoadError.self) { try AtomFeed.load(url) }
        #expect(error.position == nil)
        #expect(error.description.hasPrefix("\(url.displayPath): cannot read the feed: "))
    }

    @Test func relativePathsAndFileURLsAreLocalFeedsOthersAreNot() {
        let base = URL(fileURLWithPath: "/apps/showcase")
        #expect(AtomFeed.resolve(source: "feeds/home.xml", relativeTo: base)?.path == "/apps/showcase/feeds/home.xml")
        #expect(AtomFeed.resolve(source: "./feeds/../home.xml", relativeTo: base)?.path == "/apps/showcase/home.xml")
        #expect(AtomFeed.resolve(source: "/srv/feeds/a.xml", relativeTo: base)?.path == "/srv/feeds/a.xml")
        #expect(
            AtomFeed.resolve(source: "file:feeds/home.xml", relativeTo: base)?.path == "/apps/showcase/feeds/home.xml")
        #expect(AtomFeed.resolve(source: "file:///srv/my%20feed.xml", relativeTo: base)?.path == "/srv/my feed.xml")
        #expect(AtomFeed.resolve(source: "file://localhost/srv/a.xml", relativeTo: base)?.path == "/srv/a.xml")
        #expect(AtomFeed.resolve(source: "FILE:/srv/a.xml", relativeTo: base)?.path == "/srv/a.xml")
        for remote in [
            "https://feeds.example.com/home.xml", "http://feeds.example.com/home.xml", "ftp://example.com/a.xml",
            "file://otherhost/a.xml", "data:text/xml,<feed/>", "", "  ",
        ] {
            #expect(AtomFeed.resolve(source: remote, relativeTo: base) == nil, "\(remote)")
        }
    }
}
