import Testing

@testable import PlugboardCore

/// Random URLs with awkward keys and data, from a fixed seed so a failure replays exactly.
/// Keys and data come from small pools so pairs share prefixes, repeat components and
/// parameters visible in both — the cases the diff's rules are about.
private struct RouteURLGenerator {
    var random: SeededRandom

    /// Pieces that stress the grammar: every delimiter, `%`, spaces, non-ASCII, a combining mark.
    static let pieces = [
        "a", "b", "home", "show-details", "-", ".", "_", "~", "/", "?", "&", "=", ":", "::", "%", "%2F", "#",
        " ", "+", "é", "e\u{301}", "✓", "😀", "日本", "\u{0}", "\n",
    ]
    static let schemes = ["app", "television", "a", "x-y+z.1", "App"]

    mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    mutating func text(minLength: Int) -> String {
        (0..<(minLength + int(3))).map { _ in Self.pieces[int(Self.pieces.count)] }.joined()
    }

    mutating func component(pool: [RouteURL.Component]) -> RouteURL.Component {
        if int(3) > 0 { return pool[int(pool.count)] }
        return RouteURL.Component(text(minLength: 1), data: int(2) == 0 ? nil : text(minLength: 0))
    }

    mutating func url(pool: [RouteURL.Component], keys: [String]) -> RouteURL {
        RouteURL(
            scheme: Self.schemes[int(Self.schemes.count)],
            components: (0..<int(6)).map { _ in component(pool: pool) },
            parameters: (0..<int(5)).map { _ in
                RouteURL.Parameter(int(4) == 0 ? text(minLength: 1) : keys[int(keys.count)], .init(rawValue: int(8)))
            })
    }

    /// A pair: the second often starts with a part of the first, as navigation does.
    mutating func pair() -> (RouteURL, RouteURL) {
        let pool = (0..<3).map { _ in
            RouteURL.Component(text(minLength: 1), data: int(2) == 0 ? nil : text(minLength: 0))
        }
        let keys = (0..<3).map { _ in text(minLength: 1) }
        let from = url(pool: pool, keys: keys)
        var to = url(pool: pool, keys: keys)
        if int(2) == 0 {
            to.components = Array(from.components.prefix(int(from.components.count + 1))) + to.components.prefix(int(3))
        }
        return (from, to)
    }
}

@Suite struct RoutePropertyTests {
    static let pairs = 600

    @Test func everyURLRoundTripsThroughItsText() throws {
        var generator = RouteURLGenerator(random: SeededRandom(seed: 0x5EED_0004))
        for _ in 0..<Self.pairs {
            let (from, to) = generator.pair()
            for url in [from, to] {
                let text = url.description
                #expect(text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "\(text)")
                #expect(try RouteURL.parse(text) == url, "\(text)")
            }
        }
    }

    @Test func applyingTheUpdatesReachesTheTarget() {
        var generator = RouteURLGenerator(random: SeededRandom(seed: 0xD1FF_0004))
        for _ in 0..<Self.pairs {
            let (from, to) = generator.pair()
            let updates = RouteDiff.updates(from: from, to: to)
            let applied = RouteDiff.apply(updates, to: from)
            let context = "\(from) → \(to): \(updates)"
            #expect(applied.components == to.components, "\(context)")
            #expect(Set(applied.visibleKeys) == Set(to.visibleKeys), "\(context)")
            // Seed 004's order: hides, then one replace or pops, then pushes, then shows.
            let rank = updates.map { ["hide": 0, "replace": 1, "pop": 1, "push": 2, "show": 3][$0.op]! }
            #expect(rank == rank.sorted(), "\(context)")
            #expect(updates.filter { $0.op == "replace" }.count <= 1, "\(context)")
            #expect(!(updates.contains { $0.op == "replace" } && updates.contains { $0.op == "pop" }), "\(context)")
            #expect(RouteDiff.updates(from: from, to: from).isEmpty, "\(from)")
        }
    }
}
