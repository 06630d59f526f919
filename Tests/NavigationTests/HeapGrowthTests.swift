import AppTestSupport
import Foundation
import HeapCount
import PlugboardABI
import TestSupport
import XCTest

@testable import PlugboardConfig
@testable import PlugboardLoader
@testable import PlugboardNavigation

/// Nothing grows with use: 10,000 taps that open a screen and close it again, with a screen
/// cache of one so every tap makes its screen and destroys the one before (two screens in turn,
/// so bars are destroyed too, not only reused), leave the heap as they found it, but for the one
/// thing the host keeps of a destroyed instance by contract, its `pb_host_t` (`host.h`: the
/// struct stays readable and refuses every call). Before the navigation-bar manager forgot a
/// destroyed bar's buttons, this grew by 137 bytes a tap beyond that.
///
/// XCTest, not swift-testing, because the heap is the process's: `swift test` runs the XCTest
/// cases in a process of their own, one at a time, so nothing else allocates while this counts.
/// (This is the package's only XCTest case.)
final class HeapGrowthTests: XCTestCase {
    /// The Showcase's Guide and Live buttons: each presents its screen.
    static let buttons = ["nav-item:nb-epg", "nav-item:nb-live"]

    func testTenThousandOpenAndCloseTapsLeaveNothingButTheirTombstones() throws {
        var settings = try AppSettings.load(folder: Showcase.url)
        settings.screenCacheCapacity = 1  // home stays on its stack; each screen is made again
        let app = try PlugboardApp(folder: Showcase.url, searchPath: Built.searchPath, settings: settings)
        defer { app.shutdown() }
        func cycle() throws {
            for button in Self.buttons {
                try app.tap(identifier: button)
                XCTAssertTrue(app.close(), "the tap on \(button) presented nothing to close")
            }
        }
        // Warm: every table at its working size, the event log's ring full (a tap records
        // several events; the ring keeps the newest thousand).
        for _ in 0..<1_000 { try cycle() }
        let destroyedBefore = app.environment.destroyedInstanceCount
        let heapBefore = heap_bytes_in_use()
        for _ in 0..<5_000 { try cycle() }  // 10,000 taps
        let heapAfter = heap_bytes_in_use()
        let destroyed = app.environment.destroyedInstanceCount - destroyedBefore
        XCTAssertGreaterThanOrEqual(destroyed, 10_000, "every tap makes a screen and destroys the one before")
        let tombstones = destroyed * Self.chunkSize(MemoryLayout<pb_host_t>.size)
        let growth = Int(heapAfter) - Int(heapBefore)
        XCTAssertLessThanOrEqual(
            growth - tombstones, 0,
            "the heap grew by \(growth) B over 10,000 taps: \(growth - tombstones) B beyond the "
                + "\(destroyed) destroyed instances' pb_host_t (\(tombstones) B)")
    }

    /// What glibc's malloc takes for a block of `size` bytes on a 64-bit system: the size and a
    /// header word, rounded up to 16, at least 32.
    static func chunkSize(_ size: Int) -> Int { max(32, (size + 8 + 15) & ~15) }
}
