import Foundation
import PlugboardCore

/// Turns Atom XML into an `AtomFeed`, from `XMLEventReader`'s events.
///
/// Names are matched without their prefix (namespaces are not processed), so a feed that writes
/// `media:thumbnail` without declaring `xmlns:media`, as hand-written feeds often do, still reads.
struct AtomFeedReader {
    private var feed = AtomFeed(title: nil, entries: [])
    private var entry: AtomFeed.Entry?
    /// The local names of the open elements, outermost first.
    private var path: [String] = []
    /// The text being collected and the depth of the element it belongs to.
    private var text: (depth: Int, value: String)?
    /// An entry's `<content>`, used as its summary when it has no `<summary>`.
    private var content: String?

    /// The feed in `data`, or why it is none: malformed XML, or a root element other than `<feed>`.
    static func read(_ data: Data) throws(XMLEventReader.Failure) -> AtomFeed {
        var reader = AtomFeedReader()
        try XMLEventReader.read(data) { event throws(XMLEventReader.Refusal) in
            switch event {
            case .start(let name, let attributes): try reader.start(name, attributes)
            case .end: reader.end()
            case .text(let string): reader.text?.value += string
            }
        }
        return reader.feed
    }

    /// The name after its prefix: `thumbnail` for `media:thumbnail`.
    private static func localName(_ name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")),
            colon != name.utf8.index(before: name.utf8.endIndex)
        else { return name }
        return String(name[name.utf8.index(after: colon)...])
    }

    private mutating func start(_ elementName: String, _ attributes: [String: String]) throws(XMLEventReader.Refusal) {
        let name = Self.localName(elementName)
        if path.isEmpty, name != "feed" {
            throw XMLEventReader.Refusal("not an Atom feed: the root element is <\(elementName)>")
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
    private mutating func read(link attributes: [String: String]) {
        guard let href = attributes["href"], !href.isEmpty else { return }
        let rel = attributes["rel"] ?? "alternate"
        if rel == "enclosure", attributes["type"]?.lowercased().hasPrefix("image/") == true {
            if entry?.image == nil { entry?.image = href }
        } else if rel == "alternate", entry?.link == nil {
            entry?.link = href
        }
    }

    private mutating func end() {
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

    private mutating func store(_ value: String?, for name: String) {
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
}
