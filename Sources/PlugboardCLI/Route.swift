import ArgumentParser
import Foundation
import PlugboardCommandLine
import PlugboardConfig
import PlugboardCore

/// `plugboard route`: deep links (seed 004) without an app: what a URL says, and the updates
/// that take one URL to another. App builders use it to write and check links before shipping them.
struct Route: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Parse deep-link URLs and diff them into the router's updates.",
        discussion: """
            A route URL is scheme://component::data/component?key=options&… : the components \
            are the stack (root first), each with at most one data string; each parameter names \
            a visibility route with option letters v (visible), u (unanimated), a (asynchronous).

            Examples:
              plugboard route parse 'app://home/shows/show-details::harbour-lights?menu=v'
              plugboard route diff 'app://home/shows?menu=v' 'app://news' --json
            """,
        subcommands: [Parse.self, Diff.self]
    )
}

extension Route {
    /// `--app FOLDER`: check every key (and the scheme) against an app's routes.
    struct AppCheck: ParsableArguments {
        @Option(
            name: .customLong("app"), help: "Also check the URLs' scheme and keys against this app folder's routes.")
        var folder: String?

        /// Fails naming the first URL whose scheme is not the app's or whose key is no route of it.
        func check(_ urls: [(text: String, url: RouteURL)]) throws {
            guard let folder else { return }
            let base = URL(fileURLWithPath: folder)
            let routes: AppRoutes
            let settings: AppSettings
            do {
                settings = try AppSettings.load(folder: base)
                routes = AppRoutes(configuration: try AppConfiguration.load(folder: base), settings: settings)
            } catch {
                throw CommandFailure("\(folder): \(error)")
            }
            for (text, url) in urls {
                guard url.scheme == settings.scheme else {
                    throw CommandFailure("\(text): the app's scheme is '\(settings.scheme)'")
                }
                for key in url.components.map(\.key) + url.parameters.map(\.key) where routes.route(key) == nil {
                    throw CommandFailure("\(text): no route '\(key)' in \(folder)")
                }
            }
        }
    }

    /// `plugboard route parse URL`: the components, their data and the parameters.
    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "parse",
            abstract: "Print a URL's components, data and parameters.",
            discussion: """
                Text: one line per component (key, or key :: data, decoded), then one line \
                ?key = letters per parameter. JSON: {"scheme", "components": [{"key", "data"}], \
                "parameters": {key: letters}} (a key given twice has its letters merged).

                Example:
                  plugboard route parse 'app://home/show-details::night%20sky?menu=v'
                """
        )

        @Argument(help: "The URL, e.g. app://home/shows/show-details::harbour-lights?menu=v")
        var url: String

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var app: AppCheck

        @OptionGroup var logging: LoggingOptions

        func run() throws {
            logging.bootstrap()
            let parsed = try Route.parse(url)
            try app.check([(url, parsed)])
            if json {
                print(try Route.json(ParsedURL(parsed)))
                return
            }
            for component in parsed.components {
                print(component.data.map { "\(component.key) :: \($0)" } ?? component.key)
            }
            for parameter in parsed.parameters {
                print("?\(parameter.key) =" + (parameter.options.isEmpty ? "" : " \(parameter.options)"))
            }
        }
    }

    /// `plugboard route diff FROM TO`: the ordered updates the router performs.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Print the updates that take the state FROM to the state TO, in order.",
            discussion: """
                Order: hide the routes no longer visible, then the stack (replace the root when \
                nothing is shared, else pop back to the common prefix), push the rest, then show \
                the newly visible routes. Text: one update a line (hide menu, replace home, \
                pop show::2, push show::3, show video (v)). JSON: [{"op", "key", "data", "options"}].

                Example:
                  plugboard route diff 'app://home/shows?menu=v' 'app://home/news?contact=v'
                """
        )

        @Argument(help: "The current URL.")
        var from: String

        @Argument(help: "The URL to go to.")
        var to: String

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var app: AppCheck

        @OptionGroup var logging: LoggingOptions

        func run() throws {
            logging.bootstrap()
            let (old, new) = (try Route.parse(from), try Route.parse(to))
            try app.check([(from, old), (to, new)])
            let updates = RouteDiff.updates(from: old, to: new)
            if json {
                print(try Route.json(updates.map(UpdateJSON.init)))
            } else {
                for update in updates { print(update) }
            }
        }
    }

    /// Parses `text`, turning an error into one line naming the URL: `Error: URL: column N: message`.
    static func parse(_ text: String) throws -> RouteURL {
        do {
            return try RouteURL.parse(text)
        } catch {
            throw CommandFailure("\(text): \(error)")
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// `route parse --json`: data and options always present, null when absent.
private struct ParsedURL: Encodable {
    struct Component: Encodable {
        var key: String
        var data: String?

        enum CodingKeys: String, CodingKey { case key, data }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(data, forKey: .data)
        }
    }

    var scheme: String
    var components: [Component]
    var parameters: [String: String]

    init(_ url: RouteURL) {
        scheme = url.scheme
        components = url.components.map { Component(key: $0.key, data: $0.data) }
        parameters = Dictionary(url.parameters.map { ($0.key, $0.options) }, uniquingKeysWith: { $0.union($1) })
            .mapValues(\.description)
    }
}

/// One update of `route diff --json`: data only for the stack, options only for show and hide, null otherwise.
private struct UpdateJSON: Encodable {
    var update: RouteUpdate

    enum CodingKeys: String, CodingKey { case op, key, data, options }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(update.op, forKey: .op)
        try container.encode(update.key, forKey: .key)
        try container.encode(update.data, forKey: .data)
        try container.encode(update.options?.description, forKey: .options)
    }
}
