import AppTestSupport
import TestSupport
import Testing

@testable import PlugboardNavigation

/// The objects every tap retains and releases carry no side table. A weak reference to an object
/// gives it one for good, and every retain and release of it then takes the runtime's slow path:
/// with the app and its screen entries weakly referenced, a fifth of a tap's host instructions
/// (`PluginCallbacks`, `ScreenEntry`). Read from the object's reference-count word, the second
/// word of every Swift object: on 64-bit Linux its top two bits (UseSlowRC, SideTableMark) are
/// both set when the object has a side table.
@Suite struct SideTableTests {
    static func hasSideTable(_ object: AnyObject) -> Bool {
        let word = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: 8, as: UInt64.self)
        return word >> 62 == 0b11
    }

    @Test func theProbeSeesTheSideTableAWeakReferenceMakes() {
        final class Object {}
        let object = Object()
        #expect(!Self.hasSideTable(object))
        weak let reference = object
        #expect(reference != nil)
        #expect(Self.hasSideTable(object))
    }

    @Test func theAppItsBarManagerAndItsScreensHaveNoSideTableAfterAWalk() throws {
        let app = try AppRoutingTests.showcase()
        defer { app.shutdown() }
        try app.tap(identifier: "nav-item:nb-epg")
        #expect(app.close())
        #expect(app.menu())
        #expect(app.selectRootItem("m-shows"))
        try app.tap(identifier: "cell:1:0")
        #expect(app.showScreen("shows", presentation: .present))
        #expect(!Self.hasSideTable(app), "the app")
        #expect(!Self.hasSideTable(app.manager), "the bar manager")
        let entries = app.containers.flatMap { Array($0.stack) }
        #expect(entries.count >= 3)
        for entry in entries { #expect(!Self.hasSideTable(entry), "\(entry.key)") }
        for container in app.containers { #expect(!Self.hasSideTable(container), "a \(container.kind) container") }
    }
}
