import Foundation
import PlugboardCore

/// An Atom feed (the seeds' `APPLICASTER_ATOM_FEED` data source) as the content screen shows it:
/// the entries, each with what a cell and a details screen need.
///
/// Only feeds in the app folder are read: the host runs offline, so an http(s) source is shown as
/// the component it belongs to rather than fetched.
struct AtomFeed: Sendable, Equatable {
    /// One `<entry>`. Every field is optional because real feeds omit any of them.
    struct Entry: Sendable, Equatable {
        var id: String?
        var title: String?
        var summary: String?
        /// From `<link rel="enclosure" type="image/…">` or `<media:thumbnail url=…>`, as written.
        var image: String?
        /// The entry's page: `<link rel="alternate">` (or a link with no `rel`).
        var link: String?
    }

    /// Why a feed could not be read, with where: `feeds/home.xml:3:7: …`.
    struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
        var file: String
        /// 1-based; nil when the file could not be read at all.
        var position: SourcePosition?
        var message: String

        var description: String {
            "\(file)\(position.map { ":\($0.line):\($0.column)" } ?? ""): \(message)"
        }
    }

    var title: String?
    var entries: [Entry]

    /// Reads and parses the feed at `url`; errors name the file by `url.displayPath`.
    static func load(_ url: URL) throws(LoadError) -> AtomFeed {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(
                file: url.displayPath, position: nil,
                message: "cannot read the feed: \((error as NSError).localizedDescription)")
        }
        return try parse(data, file: url.displayPath)
    }

    /// Parses Atom XML; `file` is only used in errors.
    static func parse(_ data: Data, file: String) throws(LoadError) -> AtomFeed {
        do {
            return try AtomFeedReader.read(data)
        } catch {
            let message = error.isRefusal ? error.message : "malformed XML: \(error.message)"
            throw LoadError(file: file, position: error.position, message: message)
        }
    }

    /// The local file a component's `data.source` names: a path (relative to `base`, the app
    /// folder, unless absolute) or a `file:` URL. Nil for http(s) and any other scheme, and for an
    /// empty source: those are not feeds the host can read.
    static func resolve(source: String, relativeTo base: URL) -> URL? {
        let trimmed = source.trimmingWhitespaces()
        guard !trimmed.isEmpty else { return nil }
        guard let colon = trimmed.firstIndex(of: ":"), isScheme(trimmed[..<colon]) else {
            return file(trimmed, relativeTo: base)
        }
        guard trimmed[..<colon].lowercased() == "file" else { return nil }
        // `file:///abs/feed.xml`, `file:/abs/feed.xml` and `file:feeds/home.xml` (relative).
        var path = String(trimmed[trimmed.index(after: colon)...])
        if path.hasPrefix("//") {
            path.removeFirst(2)
            guard let slash = path.firstIndex(of: "/") else { return nil }
            let host = path[..<slash]
            guard host.isEmpty || host == "localhost" else { return nil }
            path = String(path[slash...])
        }
        let decoded = path.removingPercentEncoding ?? path
        guard !decoded.isEmpty else { return nil }
        return file(decoded, relativeTo: base)
    }

    /// An absolute path as it is, a relative one inside `base` (whether or not `base` ends in "/").
    /// Only paths with `.` or `..` are standardized: that makes them absolute, and errors read
    /// better with the path as the app folder was given (`Examples/Showcase/feeds/home.xml`).
    private static func file(_ path: String, relativeTo base: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        let dotted = path.split(separator: "/").contains { $0 == "." || $0 == ".." }
        return dotted ? url.standardizedFileURL : url
    }

    /// RFC 3986 scheme syntax: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
