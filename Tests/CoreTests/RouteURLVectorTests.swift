import Testing

@testable import PlugboardCore

/// Shorthands for the vectors.
private func url(
    _ scheme: String = "app", _ components: [RouteURL.Component] = [], _ parameters: [RouteURL.Parameter] = []
) -> RouteURL {
    RouteURL(scheme: scheme, components: components, parameters: parameters)
}
private func c(_ key: String, _ data: String? = nil) -> RouteURL.Component { RouteURL.Component(key, data: data) }
private func p(_ key: String, _ letters: String) -> RouteURL.Parameter {
    RouteURL.Parameter(key, RouteURL.Options(letters: letters)!)
}

/// One text and the URL it parses to.
struct ParseVector: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: RouteURL
    var testDescription: String { text }
}

/// One URL and its canonical text.
struct SerialiseVector: Sendable, CustomTestStringConvertible {
    let url: RouteURL
    let text: String
    var testDescription: String { text }
}

/// One text that is not a URL, the column of the offending character and the start of the message.
struct ErrorVector: Sendable, CustomTestStringConvertible {
    let text: String
    let column: Int
    let message: String
    var testDescription: String { "\(text) → column \(column)" }
}

/// Seed 004's grammar, one rule per vector: parsing, the canonical form, and every error with its column.
@Suite struct RouteURLVectorTests {
    static let parseVectors: [ParseVector] = [
        // Components, data, parameters.
        .init(text: "app://home", expected: url("app", [c("home")])),
        .init(
            text: "app://home/shows/show-details::harbour-lights?menu=v",
            expected: url("app", [c("home"), c("shows"), c("show-details", "harbour-lights")], [p("menu", "v")])),
        .init(
            text: "television://home/show::2?video=v",
            expected: url("television", [c("home"), c("show", "2")], [p("video", "v")])),
        .init(text: "App+1.x-y://home", expected: url("App+1.x-y", [c("home")])),
        .init(text: "app://", expected: url()),
        .init(text: "app://?menu=v", expected: url("app", [], [p("menu", "v")])),
        .init(text: "app://show::", expected: url("app", [c("show", "")])),
        .init(text: "app://show::a:b", expected: url("app", [c("show", "a:b")])),
        .init(text: "app://show:::x", expected: url("app", [c("show", ":x")])),
        .init(text: "app://show::a=b&c", expected: url("app", [c("show", "a=b&c")])),
        // Parameters: option letters in any order, repeated, none (present but hidden).
        .init(text: "app://home?menu=uv&epg=a", expected: url("app", [c("home")], [p("menu", "vu"), p("epg", "a")])),
        .init(text: "app://home?menu=vv", expected: url("app", [c("home")], [p("menu", "v")])),
        .init(text: "app://home?menu=", expected: url("app", [c("home")], [p("menu", "")])),
        // Empty segments are dropped.
        .init(text: "app://home//shows/", expected: url("app", [c("home"), c("shows")])),
        .init(text: "app:///home", expected: url("app", [c("home")])),
        .init(text: "app://home?&menu=v&&epg=u&", expected: url("app", [c("home")], [p("menu", "v"), p("epg", "u")])),
        .init(text: "app://home?", expected: url("app", [c("home")])),
        // Percent-decoding in keys and data; other characters are taken as they are.
        .init(text: "app://show::harbour%20lights", expected: url("app", [c("show", "harbour lights")])),
        .init(text: "app://show::a%2Fb%3Fc%26d%3De%3Af%25g%23h", expected: url("app", [c("show", "a/b?c&d=e:f%g#h")])),
        .init(text: "app://show::caf%C3%A9", expected: url("app", [c("show", "café")])),
        .init(text: "app://show::%e2%9c%93", expected: url("app", [c("show", "✓")])),
        .init(text: "app://show::%F0%9F%98%80x", expected: url("app", [c("show", "😀x")])),
        .init(text: "app://show::café 😀", expected: url("app", [c("show", "café 😀")])),
        .init(text: "app://news%2Fflash::%3A%3A", expected: url("app", [c("news/flash", "::")])),
        .init(text: "app://home?men%3Du%26=v", expected: url("app", [c("home")], [p("men=u&", "v")])),
    ]

    @Test(arguments: parseVectors) func parses(_ vector: ParseVector) throws {
        #expect(try RouteURL.parse(vector.text) == vector.expected)
    }

    static let serialiseVectors: [SerialiseVector] = [
        .init(
            url: url("app", [c("home"), c("shows"), c("show-details", "harbour-lights")], [p("menu", "v")]),
            text: "app://home/shows/show-details::harbour-lights?menu=v"),
        .init(url: url("app", [c("show", "a/b?c&d=e:f%g#h")]), text: "app://show::a%2Fb%3Fc%26d%3De%3Af%25g%23h"),
        .init(url: url("app", [c("show", "harbour lights")]), text: "app://show::harbour%20lights"),
        .init(url: url("app", [c("show", "café ✓")]), text: "app://show::caf%C3%A9%20%E2%9C%93"),
        .init(url: url("app", [c("a-b.c_d~e", "A-Z.0_9~")]), text: "app://a-b.c_d~e::A-Z.0_9~"),
        .init(url: url("app", [c("a:b+c"), c("x", "")]), text: "app://a%3Ab%2Bc/x::"),
        .init(
            url: url("app", [], [RouteURL.Parameter("m", [.asynchronous, .unanimated, .visible])]), text: "app://?m=vua"
        ),
        .init(url: url("app", [], [RouteURL.Parameter("m", [.asynchronous, .unanimated])]), text: "app://?m=ua"),
        .init(url: url("app", [c("home")], [p("menu", ""), p("a b", "v")]), text: "app://home?menu=&a%20b=v"),
        .init(url: url(), text: "app://"),
    ]

    @Test(arguments: serialiseVectors) func serialises(_ vector: SerialiseVector) throws {
        #expect(vector.url.description == vector.text)
        #expect(try RouteURL.parse(vector.text) == vector.url)
    }

    static let errorVectors: [ErrorVector] = [
        // The scheme.
        .init(text: "home/show", column: 1, message: "no scheme"),
        .init(text: "app:/home", column: 1, message: "no scheme"),
        .init(text: "://home", column: 1, message: "empty scheme"),
        .init(text: "1app://home", column: 1, message: "the scheme must start with a letter"),
        .init(text: "my app://home", column: 3, message: "' ' is not allowed in a scheme"),
        .init(text: "app_x://home", column: 4, message: "'_' is not allowed in a scheme"),
        // Components.
        .init(text: "app://show::a::b", column: 14, message: "a second '::' in one component"),
        .init(text: "app://show::::", column: 13, message: "a second '::' in one component"),
        .init(text: "app://::data", column: 7, message: "empty route key before '::'"),
        .init(text: "app://home/::2", column: 12, message: "empty route key before '::'"),
        .init(text: "app://é/::x", column: 9, message: "empty route key"),  // columns count Unicode scalars
        // Parameters.
        .init(text: "app://home?menu", column: 12, message: "parameter 'menu' has no '='"),
        .init(text: "app://home?menu=v&epg", column: 19, message: "parameter 'epg' has no '='"),
        .init(text: "app://home?=v", column: 12, message: "a parameter with an empty key"),
        .init(text: "app://home?menu=v&=u", column: 19, message: "a parameter with an empty key"),
        .init(text: "app://home?menu=x", column: 17, message: "'x' is not an option letter"),
        .init(text: "app://home?menu=vV", column: 18, message: "'V' is not an option letter"),
        .init(text: "app://home?menu=v=u", column: 18, message: "'=' is not an option letter"),
        .init(text: "app://home?menu=v?x=v", column: 18, message: "a second '?'"),
        .init(text: "app://home?menu&b=v?", column: 20, message: "a second '?'"),
        // Percent escapes.
        .init(text: "app://show::a%2", column: 14, message: "invalid percent escape '%2'"),
        .init(text: "app://show::%zz", column: 13, message: "invalid percent escape '%zz'"),
        .init(text: "app://h%/x", column: 8, message: "invalid percent escape '%' "),
        .init(text: "app://home?me%u=v", column: 14, message: "invalid percent escape"),
        .init(text: "app://show::%FF", column: 13, message: "'%FF' is not valid UTF-8"),
        .init(text: "app://show::ok%C3%20", column: 15, message: "'%C3%20' is not valid UTF-8"),
    ]

    @Test(arguments: errorVectors) func rejects(_ vector: ErrorVector) {
        #expect {
            try RouteURL.parse(vector.text)
        } throws: { error in
            guard let error = error as? RouteURLError else { return false }
            return error.column == vector.column && error.message.hasPrefix(vector.message)
                && error.description == "column \(vector.column): \(error.message)"
        }
    }

    @Test func optionsAndVisibility() throws {
        let parsed = try RouteURL.parse("app://home?menu=u&video=va&epg=v&menu=v")
        #expect(parsed.visibleKeys == ["video", "epg", "menu"])
        #expect(parsed.isVisible("video") && parsed.isVisible("menu") && !parsed.isVisible("news"))
        #expect(parsed.options(for: "menu") == [.visible, .unanimated])
        #expect(parsed.options(for: "news") == nil)
        #expect(RouteURL.Options(letters: "auv")?.description == "vua")
        #expect(RouteURL.Options(letters: "vx") == nil)
        #expect(RouteURL.Options().description == "")
    }
}
