import Testing

@testable import PlugboardCore

/// Two URLs and the updates between them, each as its one-line description.
struct DiffVector: Sendable, CustomTestStringConvertible {
    let from: String
    let to: String
    let updates: [String]
    var testDescription: String { "\(from) → \(to)" }
}

/// Seed 004's diff, one ordering or prefix rule per vector, and the pure model that applies it.
@Suite struct RouteDiffVectorTests {
    static let vectors: [DiffVector] = [
        .init(from: "app://home/shows?menu=v", to: "app://home/shows?menu=v", updates: []),
        // The stack: push, pop to the common prefix, replace when nothing is shared.
        .init(from: "app://home", to: "app://home/shows", updates: ["push shows"]),
        .init(from: "app://home/shows/show-details::x", to: "app://home", updates: ["pop shows"]),
        .init(from: "app://home/shows/show-details::x", to: "app://home/news", updates: ["pop shows", "push news"]),
        .init(
            from: "app://home/shows/news", to: "app://home/epg/news", updates: ["pop shows", "push epg", "push news"]),
        .init(from: "app://home", to: "app://news", updates: ["replace news"]),
        .init(
            from: "app://home/shows", to: "app://news/epg/contact",
            updates: ["replace news", "push epg", "push contact"]),
        .init(from: "app://", to: "app://home/shows", updates: ["replace home", "push shows"]),
        .init(from: "app://home/shows", to: "app://", updates: ["pop home"]),
        .init(from: "app://home/shows?menu=v", to: "app://?menu=v", updates: ["pop home"]),
        // Data is part of the component: a change ends the common prefix.
        .init(from: "app://home/show::2", to: "app://home/show::3", updates: ["pop show::2", "push show::3"]),
        .init(from: "app://home/show", to: "app://home/show::2", updates: ["pop show", "push show::2"]),
        .init(from: "app://home/show::", to: "app://home/show", updates: ["pop show::", "push show"]),
        .init(from: "app://show::1/epg", to: "app://show::2/epg", updates: ["replace show::2", "push epg"]),
        .init(
            from: "app://home/show-details::harbour-lights", to: "app://home/show-details::a%20b",
            updates: ["pop show-details::harbour-lights", "push show-details::a%20b"]),
        // A first removed component that occurs again higher up is popped once per occurrence.
        .init(from: "app://home/show::1/show::1", to: "app://home", updates: ["pop show::1", "pop show::1"]),
        .init(from: "app://home/news/home", to: "app://", updates: ["pop home", "pop home"]),
        // Parameters: hide before the stack, show after, each in its URL's order.
        .init(from: "app://home?menu=v", to: "app://home", updates: ["hide menu"]),
        .init(from: "app://home?menu=v", to: "app://home?menu=u", updates: ["hide menu (u)"]),
        .init(from: "app://home?menu=v", to: "app://home?menu=", updates: ["hide menu"]),
        .init(from: "app://home", to: "app://home?video=vu", updates: ["show video (vu)"]),
        .init(from: "app://home?video=u", to: "app://home?video=av", updates: ["show video (va)"]),
        .init(from: "app://home?a=v&b=v&c=v", to: "app://home?b=v", updates: ["hide a", "hide c"]),
        .init(from: "app://home", to: "app://home?b=v&a=v", updates: ["show b (v)", "show a (v)"]),
        .init(
            from: "app://home/show::2?menu=v", to: "app://home/show::3?video=v",
            updates: ["hide menu", "pop show::2", "push show::3", "show video (v)"]),
        .init(
            from: "app://home?menu=v", to: "app://news?epg=v", updates: ["hide menu", "replace news", "show epg (v)"]),
        // Visible in both: untouched, whatever its other letters; hidden in both: nothing.
        .init(from: "app://home?menu=v", to: "app://home?menu=vua", updates: []),
        .init(from: "app://home?menu=vu&x=v", to: "app://news?x=v&menu=va", updates: ["replace news"]),
        .init(from: "app://home?menu=u", to: "app://home?menu=a", updates: []),
        // Schemes are the router's business.
        .init(from: "a://home", to: "b://home/epg", updates: ["push epg"]),
    ]

    @Test(arguments: vectors) func diffs(_ vector: DiffVector) throws {
        let from = try RouteURL.parse(vector.from)
        let to = try RouteURL.parse(vector.to)
        let updates = RouteDiff.updates(from: from, to: to)
        #expect(updates.map(\.description) == vector.updates)
        let applied = RouteDiff.apply(updates, to: from)
        #expect(applied.components == to.components)
        #expect(Set(applied.visibleKeys) == Set(to.visibleKeys))
    }

    @Test func updatesCarryTheirParts() {
        let show = RouteUpdate.show(key: "video", options: [.visible, .asynchronous])
        #expect(
            show.op == "show" && show.key == "video" && show.data == nil && show.options == [.visible, .asynchronous])
        let pop = RouteUpdate.pop(key: "show", data: "2")
        #expect(pop.op == "pop" && pop.data == "2" && pop.options == nil)
        #expect(RouteUpdate.replace(key: "home", data: nil).op == "replace")
        #expect(RouteUpdate.push(key: "a/b", data: nil).description == "push a%2Fb")
        #expect(RouteUpdate.hide(key: "menu", options: []).op == "hide")
    }

    @Test func applyModelsTheRouter() throws {
        let state = try RouteURL.parse("app://home/show::1/news/show::1?menu=v&epg=u")
        // Hidden parameters are dropped; a pop searches from the top of the stack.
        let popped = RouteDiff.apply([.pop(key: "show", data: "1")], to: state)
        #expect(popped.description == "app://home/show::1/news?menu=v")
        // A pop of a component not on the stack changes nothing.
        #expect(RouteDiff.apply([.pop(key: "show", data: "9")], to: state).components == state.components)
        // Show replaces a parameter's state; hide removes it; replace starts a new stack.
        let updated = RouteDiff.apply(
            [
                .show(key: "menu", options: [.visible, .unanimated]), .show(key: "video", options: .visible),
                .hide(key: "epg", options: []), .replace(key: "contact", data: nil), .push(key: "epg", data: "bbc"),
            ],
            to: state)
        #expect(updated.description == "app://contact/epg::bbc?menu=vu&video=v")
    }
}
