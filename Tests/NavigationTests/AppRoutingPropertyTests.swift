import Foundation
import TestSupport
import Testing

@testable import PlugboardConfig
@testable import PlugboardCore
@testable import PlugboardNavigation

/// Seed 004's promise on the real engine: from any state `a`, opening any URL `b` leaves the app
/// exactly in state `b` — the same root stack (keys and data) and the same visible routes.
/// Seeded, so a failure replays.
@Suite struct AppRoutingPropertyTests {
    static let stackRoutes = ["home", "shows", "news", "movies", "kids", "about", "epg", "show-details", "article"]
    static let modalRoutes = ["contact", "programme", "movie-details", "epg-full"]

    /// A random URL the Showcase can be in: distinct components (one instance per key and
    /// data), presented routes not on the stack, the menu only over a lone root screen.
    static func url(_ random: inout SeededRandom) -> RouteURL {
        var keys = stackRoutes.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
        if keys.count > 1, keys.contains("show-details"), Bool.random(using: &random) {
            keys.removeAll { $0 == "show-details" }
        }
        let components = keys.map { key in
            RouteURL.Component(
                key, data: key == "show-details" ? ["42", "7", "x y/z"].randomElement(using: &random) : nil)
        }
        var parameters: [RouteURL.Parameter] = []
        if components.count == 1, Int.random(in: 0..<4, using: &random) == 0 {
            parameters = [RouteURL.Parameter(AppRoutes.menu, .visible)]
        } else {
            for key in modalRoutes.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)) {
                parameters.append(RouteURL.Parameter(key, .visible))
            }
        }
        return RouteURL(scheme: "app", components: components, parameters: parameters)
    }

    @Test func openingAnyURLFromAnyStateReachesIt() throws {
        var random = SeededRandom(seed: 20_261_121)
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath)
        defer { app.shutdown() }
        for step in 0..<150 {
            let target = Self.url(&random)
            let from = app.stateURL
            try app.open(url: target)
            let now = app.stateURL
            #expect(now.components == target.components, "step \(step): \(from) → \(target) gave \(now)")
            #expect(Set(now.visibleKeys) == Set(target.visibleKeys), "step \(step): \(from) → \(target) gave \(now)")
        }
        #expect(!app.events.contains { $0.name == "error" }, "\(app.events.filter { $0.name == "error" })")
    }
}
