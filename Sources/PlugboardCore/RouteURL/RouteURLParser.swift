/// Why a text is not a route URL, and where: a deep link is typed by people and pasted from
/// logs, so the error points at the character to fix.
public struct RouteURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based column of the offending character, counted in Unicode scalars.
    package var column: Int
    package var message: String

    package init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// "column N: message"
    public var description: String { "column \(column): \(message)" }
}

extension RouteURL {
    /// Parses `scheme://component::data/component?key=options&…`.
    ///
    /// Empty segments (`//`, a trailing `/`, `&&`, a lone `?`) are dropped. Keys and data are
    /// percent-decoded; any other character, including spaces and non-ASCII, is taken as
    /// itself, so hand-written links work while `description` stays canonical. Option letters
    /// are never decoded. The first problem found is reported: the scheme, then the components
    /// left to right, then a second `?`, then the parameters left to right.
    package static func parse(_ text: String) throws(RouteURLError) -> RouteURL {
        try RouteURLParser(text).parse()
    }
}

/// The parser over Unicode scalars: columns must count something stable, and a combining mark
/// after `/` must not hide the `/` (as it would inside one `Character`).
package struct RouteURLParser {
    package let scalars: [Unicode.Scalar]

    package init(_ text: String) { scalars = Array(text.unicodeScalars) }

    package func parse() throws(RouteURLError) -> RouteURL {
        let separator = try schemeEnd()
        let scheme = string(0..<separator)
        let pathStart = separator + 3
        let queryMark = scalars[pathStart...].firstIndex(of: "?") ?? scalars.count
        let components = try parseComponents(pathStart..<queryMark)
        let parameters = queryMark < scalars.count ? try parseParameters(queryMark + 1..<scalars.count) : []
        return RouteURL(scheme: scheme, components: components, parameters: parameters)
    }

    /// The index of the `://` after a valid scheme (RFC 3986: a letter, then letters, digits, `+ - .`).
    private func schemeEnd() throws(RouteURLError) -> Int {
        guard let end = find("://", in: 0..<scalars.count) else {
            throw RouteURLError(column: 1, message: "no scheme: a route URL starts with scheme:// (e.g. app://home)")
        }
        guard end > 0 else { throw RouteURLError(column: 1, message: "empty scheme before '://'") }
        guard isASCIILetter(scalars[0]) else {
            throw RouteURLError(column: 1, message: "the scheme must start with a letter")
        }
        for index in 1..<end
        where !(isASCIILetter(scalars[index]) || "0123456789+-.".unicodeScalars.contains(scalars[index])) {
            throw RouteURLError(
                column: index + 1, message: "'\(scalars[index])' is not allowed in a scheme (letters, digits, + - .)")
        }
        return end
    }

    private func parseComponents(_ range: Range<Int>) throws(RouteURLError) -> [RouteURL.Component] {
        var components: [RouteURL.Component] = []
        for segment in split(range, at: "/") {
            guard let marker = find("::", in: segment) else {
                components.append(RouteURL.Component(try decode(segment)))
                continue
            }
            guard marker > segment.lowerBound else {
                throw RouteURLError(column: marker + 1, message: "empty route key before '::'")
            }
            let key = try decode(segment.lowerBound..<marker)
            let dataRange = marker + 2..<segment.upperBound
            if let second = find("::", in: dataRange) {
                throw RouteURLError(
                    column: second + 1,
                    message: "a second '::' in one component (a component has one data string; write ':' as %3A)")
            }
            components.append(RouteURL.Component(key, data: try decode(dataRange)))
        }
        return components
    }

    private func parseParameters(_ range: Range<Int>) throws(RouteURLError) -> [RouteURL.Parameter] {
        if let second = scalars[range].firstIndex(of: "?") {
            throw RouteURLError(column: second + 1, message: "a second '?' (write '?' in a key as %3F)")
        }
        var parameters: [RouteURL.Parameter] = []
        for item in split(range, at: "&") {
            guard let equals = scalars[item].firstIndex(of: "=") else {
                throw RouteURLError(
                    column: item.lowerBound + 1,
                    message: "parameter '\(string(item))' has no '=' (write key=options, e.g. menu=v)")
            }
            guard equals > item.lowerBound else {
                throw RouteURLError(column: equals + 1, message: "a parameter with an empty key")
            }
            let key = try decode(item.lowerBound..<equals)
            var options: RouteURL.Options = []
            for index in equals + 1..<item.upperBound {
                guard let option = RouteURL.Options.option(for: Character(scalars[index])) else {
                    throw RouteURLError(
                        column: index + 1,
                        message: "'\(scalars[index])' is not an option letter (v visible, u unanimated, a asynchronous)"
                    )
                }
                options.insert(option)
            }
            parameters.append(RouteURL.Parameter(key, options))
        }
        return parameters
    }

    /// Percent-decodes a key or data. A run of escapes must be complete UTF-8 on its own (a
    /// literal character is always a whole scalar, so no valid sequence can straddle one).
    private func decode(_ range: Range<Int>) throws(RouteURLError) -> String {
        var text = ""
        var run: [UInt8] = []
        var runStart = range.lowerBound
        func flush() throws(RouteURLError) {
            guard !run.isEmpty else { return }
            guard let decoded = String(validating: run, as: UTF8.self) else {
                throw RouteURLError(
                    column: runStart + 1, message: "'\(string(runStart..<runStart + 3 * run.count))' is not valid UTF-8"
                )
            }
            text += decoded
            run = []
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let scalar = scalars[index]
            guard scalar == "%" else {
                try flush()
                text.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard index + 2 < range.upperBound, let high = hexValue(scalars[index + 1]),
                let low = hexValue(scalars[index + 2])
            else {
                let shown = string(index..<min(index + 3, range.upperBound))
                throw RouteURLError(
                    column: index + 1, message: "invalid percent escape '\(shown)' (expected % and two hex digits)")
            }
            if run.isEmpty { runStart = index }
            run.append(high << 4 | low)
            index += 3
        }
        try flush()
        return text
    }

    /// The non-empty pieces of `range` between `separator`s.
    private func split(_ range: Range<Int>, at separator: Unicode.Scalar) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where scalars[index] == separator {
            if index > start { pieces.append(start..<index) }
            start = index + 1
        }
        if range.upperBound > start { pieces.append(start..<range.upperBound) }
        return pieces
    }

    /// The first index in `range` where `needle` starts, entirely inside `range`.
    private func find(_ needle: String, in range: Range<Int>) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard range.count >= pattern.count else { return nil }
        return (range.lowerBound...range.upperBound - pattern.count).first { start in
            pattern.indices.allSatisfy { scalars[start + $0] == pattern[$0] }
        }
    }

    private func string(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.isASCII, let value = UInt8(String(scalar), radix: 16) else { return nil }
        return value
    }
}
