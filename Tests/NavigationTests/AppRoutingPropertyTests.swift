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

    /// Routes changed at run time mixed with URLs (seed 004's `updateRoutes:`): after every step
    /// the state URL names only routes the app has, and an app started at that URL after the same
    /// changes (an engine a supervisor restarted) is in the same state. Routes are renamed
    /// (an alias added, the original removed), aliases removed and originals restored.
    @Test(arguments: [20_261_126, 7, 42])
    func theStateURLStaysOneTheAppCanOpenWhileRoutesChange(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let configuration = try AppConfiguration.load(folder: Showcase.url)
        let settings = try AppSettings.load(folder: Showcase.url)
        let app = PlugboardApp(configuration: configuration, settings: settings, searchPath: Built.searchPath)
        defer { app.shutdown() }
        let renamable = (Self.stackRoutes + Self.modalRoutes).filter { $0 != "home" }
        var (renamedShown, repaired) = (0, 0)  // the sequences must reach both
        for step in 0..<100 {
            let before = app.stateURL
            switch Int.random(in: 0..<3, using: &random) {
            case 0:  // a URL of the original keys, written with the routes the app has now
                let url = Self.url(&random)
                let named = { (key: String) -> String? in
                    app.routes.route(key) != nil ? key : app.routes.route("alias-\(key)") != nil ? "alias-\(key)" : nil
                }
                let components = url.components.compactMap { component in
                    named(component.key).map { RouteURL.Component($0, data: component.data) }
                }
                let parameters = url.parameters.compactMap { parameter in
                    named(parameter.key).map { RouteURL.Parameter($0, parameter.options) }
                }
                if components.count == url.components.count {
                    try app.open(url: RouteURL(scheme: url.scheme, components: components, parameters: parameters))
                }
            case 1:
                let key = try #require(renamable.randomElement(using: &random))
                let kind: AppRoutes.Route.Kind = Self.modalRoutes.contains(key) ? .modal : .stack
                if app.routes.route(key) != nil {  // rename: an alias, then the original goes
                    if app.state.rootStack.contains(key) || app.state.presented.joined().contains(key) {
                        renamedShown += 1
                    }
                    _ = try? app.updateRoutes([
                        .init(key: "alias-\(key)", screenID: key, kind: kind), .init(key: key, screenID: nil),
                    ])
                } else {  // restore the original
                    try app.updateRoutes([.init(key: key, screenID: key, kind: kind)])
                }
            default:
                let aliases = app.routes.sorted.map(\.key).filter { $0.hasPrefix("alias-") }
                if let alias = aliases.randomElement(using: &random),
                    try app.updateRoutes([.init(key: alias, screenID: nil)]) != nil
                {
                    repaired += 1
                }
            }
            let url = app.stateURL
            let context = "seed \(seed) step \(step): \(before) → \(url)"
            #expect(url.components.allSatisfy { app.routes.route($0.key) != nil }, "\(context)")
            #expect(url.parameters.allSatisfy { app.routes.route($0.key) != nil }, "\(context)")
            let restarted = PlugboardApp(
                configuration: configuration, settings: settings, searchPath: Built.searchPath,
                startURL: url.description,
                routeChanges: app.appliedRouteChanges)
            defer { restarted.shutdown() }
            #expect(restarted.startURLFailure == nil, "\(context): \(String(describing: restarted.startURLFailure))")
            #expect(restarted.state.rootStack == app.state.rootStack, "\(context)")
            #expect(restarted.state.presented == app.state.presented, "\(context)")
        }
        #expect(renamedShown > 0 && repaired > 0, "seed \(seed): renamed shown \(renamedShown), repaired \(repaired)")
    }
}
