import Testing

@testable import PlugboardCore
@testable import PlugboardLoader

/// The view tree's table behaves as a set of views keyed by handle, whatever the order of
/// insertions and removals and however the handles collide.
struct ViewTableTests {
    /// Runs the same random operations on a table and on a `Dictionary`, checking they agree
    /// after each one. A fixed-seed generator keeps every run the same. Each view's owner is
    /// made of its handle, so a view found at the wrong place would show.
    private func agreesWithADictionary(handles: [ViewHandle], operations: Int) {
        var generator = SeededRandom(seed: 0x5EED)
        let table = ViewTable()
        var model: [ViewHandle: HostView] = [:]
        func same(_ a: HostView?, _ b: HostView?) -> Bool { a?.handle == b?.handle && a?.owner == b?.owner }
        for _ in 0..<operations {
            let handle = handles[Int(generator.next() % UInt64(handles.count))]
            if generator.next() % 3 == 0 {
                #expect(table.remove(handle) == (model.removeValue(forKey: handle) != nil))
            } else if model[handle] == nil {
                let view = HostView(handle: handle, kind: .label, owner: ViewOwner(handle.rawValue ^ 0x55))
                table.insert(view)
                model[handle] = view
            }
            #expect(table.count == model.count)
            #expect(same(table[handle], model[handle]))
        }
        for handle in handles { #expect(same(table[handle], model[handle])) }
        #expect(Set(table.values.map(\.handle)) == Set(model.keys))
    }

    @Test func randomHandlesBehaveAsADictionary() {
        var generator = SeededRandom(seed: 1)
        let handles = (0..<500).map { _ in ViewHandle(generator.next()) }
        agreesWithADictionary(handles: handles, operations: 20_000)
    }

    /// Sequential handles with the same low bits, as a careless caller might make: long probe
    /// runs that wrap around the end of the table, and removals that must close their gaps.
    @Test func clusteredHandlesBehaveAsADictionary() {
        let handles = (0..<300).map { ViewHandle(UInt64($0) << 32) }
        agreesWithADictionary(handles: handles, operations: 20_000)
    }

    @Test func aHandleThatWasNeverInsertedIsNotFound() {
        let table = ViewTable()
        table.insert(HostView(handle: ViewHandle(42), kind: .container, owner: .host))
        #expect(table[ViewHandle(43)] == nil)
        #expect(!table.remove(ViewHandle(43)))
        #expect(table.count == 1)
        #expect(table[ViewHandle(42)]?.kind == .container)
        #expect(table.remove(ViewHandle(42)))
        #expect(table.isEmpty)
    }

    /// A released view's place goes to the next view made; its handle finds nothing, and a view
    /// changed in place keeps the change.
    @Test func aReleasedPlaceIsUsedAgainAndItsHandleFindsNothing() {
        let table = ViewTable()
        table.insert(HostView(handle: ViewHandle(1), kind: .label, owner: .host))
        table.insert(HostView(handle: ViewHandle(2), kind: .label, owner: .host))
        let place = table.place(of: ViewHandle(1))!
        table.remove(ViewHandle(1))
        table.insert(HostView(handle: ViewHandle(3), kind: .button, owner: .host))
        #expect(table.place(of: ViewHandle(3)) == place)
        #expect(table[ViewHandle(1)] == nil)
        table[place: place].text = "changed"
        #expect(table[ViewHandle(3)]?.text == "changed")
        #expect(table[ViewHandle(2)]?.text == nil)
        #expect(table.count == 2)
    }

    /// The handles the tree makes: the sequence in the high bits, low bits that are never zero
    /// and do not follow the sequence (neighbours differ in about half their bits), so a plugin
    /// cannot step from its own handles to another instance's.
    @Test func handlesCarryTheSequenceAndScatteredLowBits() {
        let handles = (1...10_000).map { ViewTree.handle(sequence: UInt64($0)) }
        #expect(handles.map { $0.rawValue >> 32 } == (1...10_000).map(UInt64.init))
        #expect(handles.allSatisfy { $0.rawValue & 0xFFFF_FFFF != 0 })
        #expect(Set(handles.map { $0.rawValue & 0xFFFF_FFFF }).count > 9_990)
        let flips = zip(handles, handles.dropFirst()).map {
            (($0.rawValue ^ $1.rawValue) & 0xFFFF_FFFF).nonzeroBitCount
        }
        let meanFlips = Double(flips.reduce(0, +)) / Double(flips.count)
        #expect((14...18).contains(meanFlips))
        // Laid out in the table they are views like any other.
        agreesWithADictionary(handles: Array(handles.prefix(500)), operations: 20_000)
    }
}
