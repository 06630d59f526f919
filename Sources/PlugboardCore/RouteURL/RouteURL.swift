/// A Navigator URL: `scheme://component::data/component?key=options&…` (seed 004).
///
/// The URL *is* the app's navigation state, so two states can be compared by value and turned
/// into updates (`RouteDiff`). Components are the stack, root first; each names a route key and
/// carries at most one data string. Parameters name visibility routes (modals, menus) with their
/// state as option letters; a parameter that is absent or has no `v` is hidden.
///
/// `description` is the canonical text, and `parse(u.description) == u` for every URL whose
/// scheme is valid and whose keys are non-empty (the only things the text cannot say).
/// Percent-encoding: in keys and data every character except the unreserved ASCII ones
/// (`A–Z a–z 0–9 - . _ ~`) is written as `%XX` escapes of its UTF-8 bytes, uppercase hex. One
/// small rule, rather than a list of delimiters, so no future delimiter (`#`, `;`) can ever be
/// ambiguous and every canonical URL is plain ASCII.
public struct RouteURL: Hashable, Sendable, CustomStringConvertible {
    /// One screen of the stack: a route key and optional data (an id, a slug) the screen is made with.
    package struct Component: Hashable, Sendable, CustomStringConvertible {
        package var key: String
        package var data: String?

        package init(_ key: String, data: String? = nil) {
            self.key = key
            self.data = data
        }

        /// The component as it appears in the URL: `key` or `key::data`, percent-encoded.
        package var description: String {
            RouteURL.encode(key) + (data.map { "::" + RouteURL.encode($0) } ?? "")
        }
    }

    /// A parameter's state as option letters: v visible, u unanimated, a asynchronous.
    package struct Options: OptionSet, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: Int

        package init(rawValue: Int) { self.rawValue = rawValue }

        package static let visible = Options(rawValue: 1 << 0)
        package static let unanimated = Options(rawValue: 1 << 1)
        package static let asynchronous = Options(rawValue: 1 << 2)

        /// Each option with its letter, in canonical order.
        static let letters: [(Character, Options)] = [("v", .visible), ("u", .unanimated), ("a", .asynchronous)]

        /// The option a letter stands for; nil for any other character (letters are lowercase).
        package static func option(for letter: Character) -> Options? {
            letters.first { $0.0 == letter }?.1
        }

        /// The options of `letters` ("vu", "uv", "" …); nil when one is not v, u or a.
        package init?(letters: String) {
            var options: Options = []
            for letter in letters {
                guard let option = Options.option(for: letter) else { return nil }
                options.insert(option)
            }
            self = options
        }

        /// The letters in the order "vua" ("" for none).
        package var description: String {
            String(Options.letters.filter { contains($0.1) }.map(\.0))
        }
    }

    /// A visibility route and its state: `key=letters`.
    package struct Parameter: Hashable, Sendable {
        package var key: String
        package var options: Options

        package init(_ key: String, _ options: Options) {
            self.key = key
            self.options = options
        }
    }

    package var scheme: String
    package var components: [Component]
    package var parameters: [Parameter]

    package init(scheme: String, components: [Component] = [], parameters: [Parameter] = []) {
        self.scheme = scheme
        self.components = components
        self.parameters = parameters
    }

    /// The URL text (canonical: data and keys percent-encoded where needed, options in "vua" order).
    /// Parameters are written as held, in order, including hidden ones, so the text round-trips.
    public var description: String {
        var text = scheme + "://" + components.map(\.description).joined(separator: "/")
        if !parameters.isEmpty {
            text +=
                "?" + parameters.map { RouteURL.encode($0.key) + "=" + $0.options.description }.joined(separator: "&")
        }
        return text
    }

    /// The options of the parameter `key`; nil when absent. A key given twice has its letters
    /// merged, so "is it visible" has one answer however the URL was written.
    package func options(for key: String) -> Options? {
        parameters.filter { $0.key == key }.reduce(nil) { ($0 ?? []).union($1.options) }
    }

    /// True when the parameter `key` is present with `v`.
    package func isVisible(_ key: String) -> Bool {
        options(for: key)?.contains(.visible) ?? false
    }

    /// The keys of the visible parameters, in order (a key given twice is listed once).
    package var visibleKeys: [String] {
        var seen: Set<String> = []
        return parameters.filter { $0.options.contains(.visible) && seen.insert($0.key).inserted }.map(\.key)
    }

    /// Percent-encodes `text` for a key or data: everything but `A–Z a–z 0–9 - . _ ~`.
    package static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    /// The characters written as themselves: RFC 3986's unreserved set.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
