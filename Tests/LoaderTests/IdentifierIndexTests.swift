import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The view tree's identifier index behaves as a dictionary from identifier to the set of views
/// that have it, whatever the order of insertions and removals and however the hashes collide.
struct IdentifierIndexTests {
    /// Runs the same random operations on an index and on a dictionary of sets, checking they
    /// agree after each one. `hash` gives each identifier's hash (a constant one makes every
    /// identifier collide). A fixed-seed generator keeps every run the same.
    private func agreesWithADictionary(identifiers: Int, hash: (String) -> Int) {
        var generator = SeededRandom(seed: 0x1D5)
        var index = IdentifierIndex()
        var model: [String: Set<ViewHandle>] = [:]
        let names = (0..<identifiers).map { "item-\($0)" }
        let handles = (1...40).map { ViewHandle(UInt64($0) << 32 | 7) }
        for _ in 0..<10_000 {
            let name = names[Int(generator.next() % UInt64(names.count))]
            let view = handles[Int(generator.next() % UInt64(handles.count))]
            if generator.next() % 2 == 0 {
                index.insert(view, identifier: name, hash: hash(name))
                model[name, default: []].insert(view)
            } else {
                index.remove(view, identifier: name, hash: hash(name))
                model[name]?.remove(view)
                if model[name]?.isEmpty == true { model[name] = nil }
            }
            #expect(index.count == model.count)
        }
        for name in names {
            let found = index.lookUp(name, hash: hash(name)).map { Set($0) }
            #expect(found == model[name], "\(name)")
        }
    }

    @Test func identifiersBehaveAsADictionary() {
        agreesWithADictionary(identifiers: 300, hash: IdentifierIndex.hash)
    }

    /// Every identifier with the same hash: one long probe run that wraps around the end of the
    /// table, whose removals must close their gaps.
    @Test func collidingIdentifiersBehaveAsADictionary() {
        agreesWithADictionary(identifiers: 60, hash: { _ in 5 })
    }

    /// An identifier no view has keeps its entry for the next view that takes it, but the kept
    /// entries are bounded: a plugin that sets ever new identifiers grows nothing.
    @Test func emptiedIdentifiersAreKeptBoundedly() {
        var index = IdentifierIndex()
        let view = ViewHandle(1 << 32 | 7)
        for number in 0..<10_000 {
            let name = "row-\(number)"
            index.insert(view, identifier: name, hash: IdentifierIndex.hash(name))
            index.remove(view, identifier: name, hash: IdentifierIndex.hash(name))
            #expect(index.count == 0)
            #expect(index["row-\(number)"] == nil)
            #expect(index.emptyEntries <= IdentifierIndex.keptEmpty)
        }
        let again = ViewHandle(2 << 32 | 9)
        index.insert(again, identifier: "row-9999", hash: IdentifierIndex.hash("row-9999"))
        #expect(index["row-9999"].map(Array.init) == [again])
        #expect(index.count == 1)
    }

    @Test func anIdentifierIsFoundByItsText() {
        var index = IdentifierIndex()
        let view = ViewHandle(42)
        index.insert(view, identifier: "nav-item:home", hash: IdentifierIndex.hash("nav-item:home"))
        #expect(index["nav-item:" + "home"].map(Array.init) == [view])
        #expect(index["nav-item:news"] == nil)
    }
}
